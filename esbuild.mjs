// Bundles each front end with the core inside, so nothing at run time reaches outside dist/.
import * as esbuild from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';

// One version number: the package's, shown by `ranklens --version` and the server's initialize answer.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const watch = process.argv.includes('--watch');
const entries = [
  { in: 'client/extension.ts', out: 'dist/client', external: ['vscode'] },
  // A bin of the npm package too (`ranklens-language-server --stdio`), so it starts like the CLI.
  { in: 'server/main.ts', out: 'dist/server', banner: '#!/usr/bin/env node' },
  { in: 'cli/main.ts', out: 'dist/cli', banner: '#!/usr/bin/env node' },
].filter((e) => existsSync(e.in));

const contexts = await Promise.all(entries.map((e) => esbuild.context({
  entryPoints: [e.in],
  outfile: `${e.out}.js`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
  sourcemap: true,
  minify: !watch,
  external: e.external ?? [],
  banner: e.banner ? { js: e.banner } : undefined,
  define: { RANKLENS_VERSION: JSON.stringify(version) },
  logLevel: 'warning',
})));

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
