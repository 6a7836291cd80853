// The layering, kept by the linter: imports flow one way, from the front ends down to the core.
//
//   client ─┐                                       ┌─ text ──┐
//   server ─┼─▶ shared/protocol (imports nothing)   │ curves ─┤
//   cli ────┘   shared/{text,curves,inference} ─▶ evaluation ─▶ fixture ─▶ core   trec ─▶ core
//                                                                  stats (pure statistics, imports no other layer)
//
// Each folder lists the folders it must not reach; nothing in shared/ imports vscode or LSP packages.
// Nor Node: shared/trec/node/ is the one folder of shared/ that may (files, worker threads, stdin),
// and the rest of shared/trec may take Buffer's byte codecs (node:buffer: Latin-1 and UTF-8) alone.
// Within shared/trec, store/ ← read/ ← evaluate/ ← node/ ← index.ts, the door cli/ goes through.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const EDITOR_PACKAGES = ['vscode', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageserver-textdocument',
  'vscode-languageclient', 'vscode-languageclient/*'];

// Node's own modules, with or without the node: prefix (node:fs, fs/promises, worker_threads, …).
const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.replace(/[/]/g, '\\/'));
const nodeModules = (except = []) => `^(node:)?(?!(${except.join('|') || '$^'})$)(${NODE_BUILTINS.join('|')})(/|$)`;

/**
 * A no-restricted-imports setting that bans the given packages and any import path through the given
 * folders; in shared/, Node's modules too (but those `node` allows: 'all', or a list such as ['buffer']),
 * and the import paths that `paths` lists, each a regular expression with the reason it is refused.
 */
function layer(message, folders, packages = EDITOR_PACKAGES, { node = 'all', paths = [] } = {}) {
  const patterns = [];
  if (packages.length) patterns.push({ group: packages, message: `${message}: no editor or LSP packages here.` });
  if (folders.length) patterns.push({ regex: `(^|/)(${folders.join('|')})(/|$)`, message: `${message}: it must not import ${folders.join(', ')}.` });
  if (node !== 'all') {
    patterns.push({ regex: nodeModules(node), message: `${message}: no Node modules here${node.length ? ` but ${node.map((m) => `node:${m}`).join(', ')}` : ''} (shared/trec/node/ is the seam that uses Node).` });
  }
  for (const [regex, why] of paths) patterns.push({ regex, message: `${message}: ${why}` });
  return ['error', { patterns }];
}

const FRONT_ENDS = ['server', 'client', 'cli', 'features'];
const FIXTURE_BANS = [...FRONT_ENDS, 'evaluation', 'inference', 'text', 'curves', 'trec'];

/**
 * shared/trec's settings: its folders in layers, store/ ← read/ ← evaluate/ ← node/ ← index.ts (the
 * door), none reaching a layer above it; Node's modules only in node/, but Buffer's codecs anywhere.
 */
function trecLayers(message, folders) {
  const above = (...names) => names.map((n) => [`^\\.\\./${n}(/|$)`, `it must not import ${n}/, a layer above it.`]);
  const trec = (options) => layer(message, folders, EDITOR_PACKAGES, options);
  return [
    { files: ['shared/trec/**/*.ts'], rules: { 'no-restricted-imports': trec({ node: ['buffer'] }) } },
    { files: ['shared/trec/store/**/*.ts'], rules: { 'no-restricted-imports': trec({ node: ['buffer'], paths: above('read', 'evaluate', 'node') }) } },
    { files: ['shared/trec/read/**/*.ts'], rules: { 'no-restricted-imports': trec({ node: ['buffer'], paths: above('evaluate', 'node') }) } },
    { files: ['shared/trec/evaluate/**/*.ts'], rules: { 'no-restricted-imports': trec({ node: ['buffer'], paths: above('node') }) } },
    { files: ['shared/trec/node/**/*.ts'], rules: { 'no-restricted-imports': trec({ node: 'all' }) } },
  ];
}

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
  { files: ['shared/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/ is the pure core', FRONT_ENDS, EDITOR_PACKAGES, { node: [] }) } },
  { files: ['shared/core/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/core is the bottom layer', [...FRONT_ENDS, 'fixture', 'evaluation', 'inference', 'text', 'curves', 'trec'], EDITOR_PACKAGES, { node: [] }) } },
  { files: ['shared/stats/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/stats is pure statistics on plain arrays', [...FRONT_ENDS, 'core', 'fixture', 'evaluation', 'inference', 'text', 'curves', 'trec'], EDITOR_PACKAGES, { node: [] }) } },
  { files: ['shared/fixture/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/fixture reads text into the model', FIXTURE_BANS, EDITOR_PACKAGES, { node: [] }) } },
  // Inside the fixture layer, one way: model ◀ tree ◀ schema ◀ syntax ◀ parse.ts ◀ editing, files.
  { files: ['shared/fixture/model/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/fixture/model is what a parse produces', [...FIXTURE_BANS, 'tree', 'schema', 'syntax', 'editing', 'files'], EDITOR_PACKAGES, { node: [] }) } },
  { files: ['shared/fixture/tree/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/fixture/tree is the syntax-free located tree', [...FIXTURE_BANS, 'schema', 'syntax', 'editing', 'files'], EDITOR_PACKAGES, { node: [] }) } },
  { files: ['shared/fixture/schema/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/fixture/schema reads the located tree into the model', [...FIXTURE_BANS, 'syntax', 'editing', 'files'], EDITOR_PACKAGES, { node: [] }) } },
  { files: ['shared/fixture/syntax/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/fixture/syntax reads text into the located tree', [...FIXTURE_BANS, 'editing', 'files'], EDITOR_PACKAGES, { node: [] }) } },
  { files: ['shared/evaluation/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/evaluation joins the model with the core', [...FRONT_ENDS, 'inference', 'text', 'curves', 'trec'], EDITOR_PACKAGES, { node: [] }) } },
  { files: ['shared/inference/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/inference searches conventions over evaluations', [...FRONT_ENDS, 'text', 'curves', 'trec'], EDITOR_PACKAGES, { node: [] }) } },
  ...trecLayers('shared/trec reads TREC files for the core', [...FRONT_ENDS, 'fixture', 'evaluation', 'inference', 'text', 'curves']),
  { files: ['shared/protocol.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '.*', message: 'shared/protocol.ts is shared by client and server and imports nothing.' }] }] } },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': layer('server/ is the language server', ['client', 'cli'], ['vscode']) } },
  { files: ['client/**/*.ts'], rules: { 'no-restricted-imports': layer('client/ is the VS Code extension', ['server', 'cli'], ['vscode-languageserver', 'vscode-languageserver/*']) } },
  { files: ['cli/**/*.ts'], rules: { 'no-restricted-imports': layer('cli/ is the command', ['server', 'client'], EDITOR_PACKAGES, {
    paths: [['(^|/)shared/trec/(?!index$).', 'it uses the TREC engine through its door, shared/trec (index.ts).']] }) } },
);
