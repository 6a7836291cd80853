// The layering, kept by the linter: imports flow one way, from the front ends down to the core.
//
//   client ─┐                                       ┌─ text ──┐
//   server ─┼─▶ shared/protocol (imports nothing)   │ curves ─┤
//   cli ────┘   shared/{text,curves,inference} ─▶ evaluation ─▶ fixture ─▶ core   trec ─▶ core
//                                                                  stats (pure statistics, imports no other layer)
//
// Each folder lists the folders it must not reach; nothing in shared/ imports vscode or LSP packages.
import tseslint from 'typescript-eslint';

const EDITOR_PACKAGES = ['vscode', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageserver-textdocument',
  'vscode-languageclient', 'vscode-languageclient/*'];

/** A no-restricted-imports setting that bans the given packages and any import path through the given folders. */
function layer(message, folders, packages = EDITOR_PACKAGES) {
  const patterns = [];
  if (packages.length) patterns.push({ group: packages, message: `${message}: no editor or LSP packages here.` });
  if (folders.length) patterns.push({ regex: `(^|/)(${folders.join('|')})(/|$)`, message: `${message}: it must not import ${folders.join(', ')}.` });
  return ['error', { patterns }];
}

const FRONT_ENDS = ['server', 'client', 'cli', 'features'];
const FIXTURE_BANS = [...FRONT_ENDS, 'evaluation', 'inference', 'text', 'curves', 'trec'];

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
  { files: ['shared/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/ is the pure core', FRONT_ENDS) } },
  { files: ['shared/core/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/core is the bottom layer', [...FRONT_ENDS, 'fixture', 'evaluation', 'inference', 'text', 'curves', 'trec']) } },
  { files: ['shared/stats/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/stats is pure statistics on plain arrays', [...FRONT_ENDS, 'core', 'fixture', 'evaluation', 'inference', 'text', 'curves', 'trec']) } },
  { files: ['shared/fixture/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/fixture reads text into the model', FIXTURE_BANS) } },
  // Inside the fixture layer, one way: model ◀ tree ◀ schema ◀ syntax ◀ parse.ts ◀ editing, files.
  { files: ['shared/fixture/model/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/fixture/model is what a parse produces', [...FIXTURE_BANS, 'tree', 'schema', 'syntax', 'editing', 'files']) } },
  { files: ['shared/fixture/tree/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/fixture/tree is the syntax-free located tree', [...FIXTURE_BANS, 'schema', 'syntax', 'editing', 'files']) } },
  { files: ['shared/fixture/schema/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/fixture/schema reads the located tree into the model', [...FIXTURE_BANS, 'syntax', 'editing', 'files']) } },
  { files: ['shared/fixture/syntax/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/fixture/syntax reads text into the located tree', [...FIXTURE_BANS, 'editing', 'files']) } },
  { files: ['shared/evaluation/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/evaluation joins the model with the core', [...FRONT_ENDS, 'inference', 'text', 'curves', 'trec']) } },
  { files: ['shared/inference/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/inference searches conventions over evaluations', [...FRONT_ENDS, 'text', 'curves', 'trec']) } },
  { files: ['shared/trec/**/*.ts'], rules: { 'no-restricted-imports': layer('shared/trec reads TREC files for the core', [...FRONT_ENDS, 'fixture', 'evaluation', 'inference', 'text', 'curves']) } },
  { files: ['shared/protocol.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '.*', message: 'shared/protocol.ts is shared by client and server and imports nothing.' }] }] } },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': layer('server/ is the language server', ['client', 'cli'], ['vscode']) } },
  { files: ['client/**/*.ts'], rules: { 'no-restricted-imports': layer('client/ is the VS Code extension', ['server', 'cli'], ['vscode-languageserver', 'vscode-languageserver/*']) } },
  { files: ['cli/**/*.ts'], rules: { 'no-restricted-imports': layer('cli/ is the command', ['server', 'client']) } },
);
