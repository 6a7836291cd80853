// Bundles each front end with the core inside, so nothing at run time reaches outside dist/.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const entries = [
  { in: 'client/extension.ts', out: 'dist/client', external: ['vscode'] },
  { in: 'server/main.ts', out: 'dist/server' },
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
  logLevel: 'warning',
})));

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
