// Bundles each front end with the core inside, so nothing at run time reaches outside dist/: the
// desktop client, the Node server and the CLI, and the web extension's client and web-worker server.
import * as esbuild from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// One version number: the package's, shown by `ranklens --version` and the server's initialize answer.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// The web bundles take platform.browser.ts wherever the code imports ./platform.
const browserPlatform = {
  name: 'browser-platform',
  setup(build) {
    build.onResolve({ filter: /^\.\/platform$/ }, (args) => ({ path: join(args.resolveDir, 'platform.browser.ts') }));
  },
};

const watch = process.argv.includes('--watch');
const entries = [
  { in: 'client/extension.ts', out: 'dist/client', external: ['vscode'] },
  // A bin of the npm package too (`ranklens-language-server --stdio`), so it starts like the CLI.
  { in: 'server/main.ts', out: 'dist/server', banner: '#!/usr/bin/env node' },
  { in: 'cli/main.ts', out: 'dist/cli', banner: '#!/usr/bin/env node' },
  // The worker threads of `ranklens trec`: only the evaluator, so a thread starts without compiling the whole CLI.
  { in: 'shared/trec/node/trecWorker.ts', out: 'dist/trecWorker' },
  // VS Code for the Web: the client runs in the web extension host, the server in a web worker.
  { in: 'client/extension.ts', out: 'dist/client.browser', external: ['vscode'], browser: true },
  { in: 'server/main.ts', out: 'dist/server.browser', browser: true, format: 'iife' },
].filter((e) => existsSync(e.in));

const contexts = await Promise.all(
  entries.map((e) =>
    esbuild.context({
      entryPoints: [e.in],
      outfile: `${e.out}.js`,
      bundle: true,
      platform: e.browser ? 'browser' : 'node',
      target: e.browser ? 'es2022' : 'node20',
      format: e.format ?? 'cjs',
      // jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow; its ESM build bundles.
      mainFields: e.browser ? ['browser', 'module', 'main'] : ['module', 'main'],
      plugins: e.browser ? [browserPlatform] : [],
      sourcemap: true,
      minify: !watch,
      external: e.external ?? [],
      banner: e.banner ? { js: e.banner } : undefined,
      define: { RANKLENS_VERSION: JSON.stringify(version) },
      logLevel: 'warning',
    }),
  ),
);

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
