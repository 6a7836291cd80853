/**
 * A deliberately broken build of the extension, for checking that the API suite catches one: the
 * language server's code lenses keep their places and commands, but each takes the next one's title
 * (the lens above q1 shows q2's values, and so on), whether the client asks for every lens or for those
 * of the lines it shows (ranklens/codeLenses, as the VS Code client does). Built with esbuild from the same sources as
 * `npm run build`, with server/features/codeLens.ts wrapped on the way in; nothing in the repository changes.
 */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const LENS_FEATURE = /[\\/]server[\\/]features[\\/]codeLens\.ts$/;

/**
 * Renames the real provider and resolver and exports ones that rotate the titles: eager lenses (the
 * fixture's) take the next eager lens's title, a case lens resolves to the next case's title, and the
 * lenses of the lines shown take those of the next line with lenses.
 */
function swapTitles(source: string): string {
  const declarations = [/export function codeLenses\(/, /export function resolveCodeLens\(/, /export function codeLensesIn\(/];
  if (!declarations.every((d) => d.test(source)))
    throw new Error(
      'server/features/codeLens.ts no longer declares `export function codeLenses(`, `export function resolveCodeLens(` and `export function codeLensesIn(`: update swappedLensBuild.ts',
    );
  return `${source
    .replace(declarations[0], 'function realCodeLenses(')
    .replace(declarations[1], 'function realResolveCodeLens(')
    .replace(declarations[2], 'function realCodeLensesIn(')}
function rotateTitles(lenses: CodeLens[]): CodeLens[] {
  const titles = lenses.map((l) => l.command?.title).filter((t) => t !== undefined);
  let n = 0;
  return lenses.map((l) => (l.command ? { ...l, command: { ...l.command, title: titles[++n % titles.length] ?? '' } } : l));
}
function nextLineTitles(lenses: CodeLens[]): CodeLens[] {
  const lines = [...new Set(lenses.map((l) => l.range.start.line))];
  const on = (line: number) => lenses.filter((l) => l.range.start.line === line);
  return lenses.map((l) => {
    const next = on(lines[(lines.indexOf(l.range.start.line) + 1) % lines.length]);
    return { ...l, command: { ...l.command!, title: next[on(l.range.start.line).indexOf(l)]?.command?.title ?? '' } };
  });
}
export function codeLensesIn(...args: Parameters<typeof realCodeLensesIn>): ReturnType<typeof realCodeLensesIn> {
  return nextLineTitles(realCodeLensesIn(...args));
}
export function codeLenses(...args: Parameters<typeof realCodeLenses>): ReturnType<typeof realCodeLenses> {
  return rotateTitles(realCodeLenses(...args));
}
export function resolveCodeLens(...args: Parameters<typeof realResolveCodeLens>): ReturnType<typeof realResolveCodeLens> {
  const [lens, evaluation, uri] = args;
  const [d, f, i, k] = lens.data as CaseLensData;
  const real = realResolveCodeLens(lens, evaluation, uri);
  const count = evaluation.fixtures[f]?.cases.length ?? 1;
  const next = realResolveCodeLens({ ...lens, data: [d, f, (i + 1) % count, k] }, evaluation, uri);
  return { ...real, command: { ...real.command!, title: next.command?.title ?? '' } };
}
`;
}

/** Builds the broken extension into `dir` (package.json, schemas/, dist/) from the repository at `repoRoot`. */
export async function buildSwappedLensExtension(repoRoot: string, dir: string): Promise<void> {
  mkdirSync(join(dir, 'dist'), { recursive: true });
  cpSync(join(repoRoot, 'package.json'), join(dir, 'package.json'));
  cpSync(join(repoRoot, 'schemas'), join(dir, 'schemas'), { recursive: true });
  const common: esbuild.BuildOptions = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    mainFields: ['module', 'main'],
    logLevel: 'error',
  };
  await esbuild.build({
    ...common,
    entryPoints: [join(repoRoot, 'client', 'extension.ts')],
    outfile: join(dir, 'dist', 'client.js'),
    external: ['vscode'],
  });
  await esbuild.build({
    ...common,
    entryPoints: [join(repoRoot, 'server', 'main.ts')],
    outfile: join(dir, 'dist', 'server.js'),
    plugins: [
      {
        name: 'swap-lens-titles',
        setup(build) {
          build.onLoad({ filter: LENS_FEATURE }, (args) => ({ contents: swapTitles(readFileSync(args.path, 'utf8')), loader: 'ts' }));
        },
      },
    ],
  });
}
