/**
 * A deliberately broken build of the extension, for checking that the API suite catches one: the
 * language server's code lenses keep their places and commands, but each takes the next one's title
 * (the case lens shows the fixture's means, and so on). Built with esbuild from the same sources as
 * `npm run build`, with server/features/codeLens.ts wrapped on the way in; nothing in the repository changes.
 */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const LENS_FEATURE = /[\\/]server[\\/]features[\\/]codeLens\.ts$/;

/** Renames the real provider and exports one that rotates the titles of what it returns. */
function swapTitles(source: string): string {
  const declaration = /export function codeLenses\(/;
  if (!declaration.test(source)) throw new Error('server/features/codeLens.ts no longer declares `export function codeLenses(`: update swappedLensBuild.ts');
  return `${source.replace(declaration, 'function realCodeLenses(')}
function rotateTitles(lenses: CodeLens[]): CodeLens[] {
  const titles = lenses.map((l) => l.command?.title);
  return lenses.map((l, i) => (l.command ? { ...l, command: { ...l.command, title: titles[(i + 1) % titles.length] ?? '' } } : l));
}
export function codeLenses(...args: Parameters<typeof realCodeLenses>): ReturnType<typeof realCodeLenses> {
  return rotateTitles(realCodeLenses(...args));
}
`;
}

/** Builds the broken extension into `dir` (package.json, schemas/, dist/) from the repository at `repoRoot`. */
export async function buildSwappedLensExtension(repoRoot: string, dir: string): Promise<void> {
  mkdirSync(join(dir, 'dist'), { recursive: true });
  cpSync(join(repoRoot, 'package.json'), join(dir, 'package.json'));
  cpSync(join(repoRoot, 'schemas'), join(dir, 'schemas'), { recursive: true });
  const common: esbuild.BuildOptions = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', mainFields: ['module', 'main'], logLevel: 'error' };
  await esbuild.build({ ...common, entryPoints: [join(repoRoot, 'client', 'extension.ts')], outfile: join(dir, 'dist', 'client.js'), external: ['vscode'] });
  await esbuild.build({
    ...common,
    entryPoints: [join(repoRoot, 'server', 'main.ts')],
    outfile: join(dir, 'dist', 'server.js'),
    plugins: [{
      name: 'swap-lens-titles',
      setup(build) {
        build.onLoad({ filter: LENS_FEATURE }, (args) => ({ contents: swapTitles(readFileSync(args.path, 'utf8')), loader: 'ts' }));
      },
    }],
  });
}
