// The layering, kept by the linter: imports flow one way, from the front ends down to the core.
//
//   client ─┐                                       ┌─ text ──┐
//   server ─┼─▶ shared/protocol (imports nothing)   │ curves ─┤
//   cli ────┘   shared/{text,curves,inference} ─▶ evaluation ─▶ fixture ─▶ core   trec ─▶ core
//                                                                  stats (pure statistics, imports no other layer)
//               shared/text ─▶ trecdoc ─▶ evaluation, trec (its read/ and evaluate/ files without Node), core
//
// - Each folder lists the folders it must not reach; nothing in shared/ imports vscode or LSP packages.
// - Nor Node: shared/trec/node/ is the one folder of shared/ that may (files, worker threads, stdin),
//   and the rest of shared/trec may take Buffer's byte codecs (node:buffer: Latin-1 and UTF-8) alone.
// - Inside a layer, one way too: shared/fixture's model ◀ tree ◀ schema ◀ syntax ◀ parse.ts ◀ editing,
//   files; shared/trec's store/ ◀ read/ ◀ evaluate/ ◀ node/ ◀ index.ts.
// - The front ends (server, client, cli) reach a layer of shared/ only through its door, the layer's
//   index.ts (`../shared/fixture`), which names what front ends use; shared/protocol.ts and
//   shared/version.ts are single files.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const EDITOR_PACKAGES = [
  'vscode',
  'vscode-languageserver',
  'vscode-languageserver/*',
  'vscode-languageserver-textdocument',
  'vscode-languageclient',
  'vscode-languageclient/*',
];

// Node's own modules, with or without the node: prefix (node:fs, fs/promises, worker_threads, …).
const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.replace(/[/]/g, '\\/'));
const nodeModules = (except = []) => `^(node:)?(?!(${except.join('|') || '$^'})$)(${NODE_BUILTINS.join('|')})(/|$)`;

/** The layers of shared/ that have a door (index.ts). */
const LAYERS = ['core', 'stats', 'fixture', 'evaluation', 'inference', 'text', 'curves', 'trec', 'trecdoc'];
const PAST_A_DOOR = [
  `(^|/)shared/(${LAYERS.join('|')})/.`,
  'it reaches past a door: import the layer itself (e.g. ../shared/fixture, its index.ts), which names what front ends use.',
];

/**
 * A no-restricted-imports setting that bans the given packages and any import path through the given
 * folders; in shared/, Node's modules too (but those `node` allows: 'all', or a list such as ['buffer']),
 * and the import paths that `paths` lists, each a regular expression with the reason it is refused.
 */
function layer(message, folders, packages = EDITOR_PACKAGES, { node = 'all', paths = [] } = {}) {
  const patterns = [];
  if (packages.length) patterns.push({ group: packages, message: `${message}: no editor or LSP packages here.` });
  if (folders.length)
    patterns.push({ regex: `(^|/)(${folders.join('|')})(/|$)`, message: `${message}: it must not import ${folders.join(', ')}.` });
  if (node !== 'all') {
    patterns.push({
      regex: nodeModules(node),
      message: `${message}: no Node modules here${node.length ? ` but ${node.map((m) => `node:${m}`).join(', ')}` : ''} (shared/trec/node/ is the seam that uses Node).`,
    });
  }
  for (const [regex, why] of paths) patterns.push({ regex, message: `${message}: ${why}` });
  return ['error', { patterns }];
}

/** A rule for the files under `folder`: no-restricted-imports set by `layer`. */
const rule = (folder, ...args) => ({ files: [`${folder}/**/*.ts`], rules: { 'no-restricted-imports': layer(...args) } });
/** A folder of shared/: no Node modules. */
const pure = (folder, message, folders) => rule(folder, message, folders, EDITOR_PACKAGES, { node: [] });
/** Paths that reach a folder above, within a layer (`../name/…`). */
const above = (...names) => names.map((n) => [`^\\.\\./${n}(/|$)`, `it must not import ${n}/, a layer above it.`]);

const FRONT_ENDS = ['server', 'client', 'cli', 'features'];
const FIXTURE_BANS = [...FRONT_ENDS, 'evaluation', 'inference', 'text', 'curves', 'trec', 'trecdoc'];
const TREC = 'shared/trec reads TREC files for the core';
const TREC_BANS = [...FRONT_ENDS, 'fixture', 'evaluation', 'inference', 'text', 'curves', 'trecdoc'];
const trec = (folder, paths, node = ['buffer']) => rule(folder, TREC, TREC_BANS, EDITOR_PACKAGES, { node, paths });

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', 'test/**', 'bench/**', '*.mjs'] },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      'no-restricted-imports': 'off',
    },
  },
  pure('shared', 'shared/ is the pure core', FRONT_ENDS),
  pure('shared/core', 'shared/core is the bottom layer', [
    ...FRONT_ENDS,
    'fixture',
    'evaluation',
    'inference',
    'text',
    'curves',
    'trec',
    'trecdoc',
  ]),
  pure('shared/stats', 'shared/stats is pure statistics on plain arrays', [
    ...FRONT_ENDS,
    'core',
    'fixture',
    'evaluation',
    'inference',
    'text',
    'curves',
    'trec',
    'trecdoc',
  ]),
  pure('shared/fixture', 'shared/fixture reads text into the model', FIXTURE_BANS),
  pure('shared/fixture/model', 'shared/fixture/model is what a parse produces', [
    ...FIXTURE_BANS,
    'tree',
    'schema',
    'syntax',
    'editing',
    'files',
  ]),
  pure('shared/fixture/tree', 'shared/fixture/tree is the syntax-free located tree', [
    ...FIXTURE_BANS,
    'schema',
    'syntax',
    'editing',
    'files',
  ]),
  pure('shared/fixture/schema', 'shared/fixture/schema reads the located tree into the model', [
    ...FIXTURE_BANS,
    'syntax',
    'editing',
    'files',
  ]),
  pure('shared/fixture/syntax', 'shared/fixture/syntax reads text into the located tree', [...FIXTURE_BANS, 'editing', 'files']),
  pure('shared/evaluation', 'shared/evaluation joins the model with the core', [
    ...FRONT_ENDS,
    'inference',
    'text',
    'curves',
    'trec',
    'trecdoc',
  ]),
  pure('shared/inference', 'shared/inference searches conventions over evaluations', [...FRONT_ENDS, 'text', 'curves', 'trec', 'trecdoc']),
  // shared/text: the rule of shared/ as a whole, plus curves and trec (TREC documents' words come through trecdoc).
  pure('shared/text', 'shared/ is the pure core', [...FRONT_ENDS, 'curves', 'trec']),
  pure('shared/curves', 'shared/curves draws metrics against k', [...FRONT_ENDS, 'text', 'inference', 'trec', 'trecdoc']),
  // shared/trecdoc: TREC documents in the editor; the web-worker server bundles it, so trec's node/ is out of reach.
  pure('shared/trecdoc', 'shared/trecdoc reads TREC documents for the editor', [...FRONT_ENDS, 'inference', 'text', 'curves', 'node']),
  trec('shared/trec', []),
  trec('shared/trec/store', above('read', 'evaluate', 'node')),
  trec('shared/trec/read', above('evaluate', 'node')),
  trec('shared/trec/evaluate', above('node')),
  trec('shared/trec/node', [], 'all'),
  {
    files: ['shared/protocol.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '.*', message: 'shared/protocol.ts is shared by client and server and imports nothing.' }] },
      ],
    },
  },
  rule('server', 'server/ is the language server', ['client', 'cli'], ['vscode'], { paths: [PAST_A_DOOR] }),
  rule('client', 'client/ is the VS Code extension', ['server', 'cli'], ['vscode-languageserver', 'vscode-languageserver/*'], {
    paths: [PAST_A_DOOR],
  }),
  rule('cli', 'cli/ is the command', ['server', 'client'], EDITOR_PACKAGES, { paths: [PAST_A_DOOR] }),
);
