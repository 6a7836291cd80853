/** The extension manifest agrees with the code: commands, settings per finding code, file patterns, engines. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_FINDING_CODES as ALL_FINDING_CODES } from '../../shared/core/findingCodes';
import { PRESET_NAMES } from '../../shared/core/conventions';
import {
  COMPARE_CONVENTIONS_COMMAND,
  COMPARE_RUNS_COMMAND,
  COMPARE_SYSTEMS_COMMAND,
  PICK_QRELS_COMMAND,
  RESTART_SERVER_COMMAND,
  SHOW_CASE_BREAKDOWN_COMMAND,
  SHOW_CURVES_COMMAND,
} from '../../shared/protocol';
import { DEFAULT_FIXTURE_PATTERNS } from '../../shared/fixture/files/filePatterns';
import { DEFAULT_QRELS_PATTERNS, DEFAULT_RUN_PATTERNS, trecFileRole } from '../../shared/fixture/files/trecFilePatterns';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { COLUMN_ROLES } from '../../shared/trec/read/formats/columnNames';

const repoRoot = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const properties = manifest.contributes.configuration.properties;

describe('package.json', () => {
  it('runs the bundled client in VS Code 1.91 to 1.100 (code-server 4.100.3)', () => {
    assert.equal(manifest.main, './dist/client.js');
    assert.equal(manifest.engines.vscode, '^1.91.0');
    assert.equal(manifest.devDependencies['@types/vscode'], '1.91.0');
  });

  it('contributes the commands the lenses and the client use', () => {
    assert.deepEqual(
      manifest.contributes.commands.map((c: { command: string }) => c.command),
      [
        SHOW_CASE_BREAKDOWN_COMMAND,
        COMPARE_CONVENTIONS_COMMAND,
        SHOW_CURVES_COMMAND,
        COMPARE_RUNS_COMMAND,
        COMPARE_SYSTEMS_COMMAND,
        PICK_QRELS_COMMAND,
        RESTART_SERVER_COMMAND,
      ],
    );
  });

  describe('TREC runs and qrels', () => {
    interface Language {
      id: string;
      aliases?: string[];
      extensions?: string[];
      filenamePatterns?: string[];
      firstLine?: string;
    }
    const language = (id: string): Language => manifest.contributes.languages.find((l: Language) => l.id === id);
    // What VS Code matches a file name by: an extension `.x` is the pattern `*.x`.
    const patternsOf = (l: Language) => [...(l.extensions ?? []).map((e) => `*${e}`), ...(l.filenamePatterns ?? [])];

    it('contributes trec-run and trec-qrels by the file patterns the settings default to', () => {
      assert.deepEqual(language('trec-run').aliases, ['TREC run']);
      assert.deepEqual(language('trec-qrels').aliases, ['TREC qrels']);
      assert.deepEqual(patternsOf(language('trec-run')), [...DEFAULT_RUN_PATTERNS]);
      assert.deepEqual(patternsOf(language('trec-qrels')), [...DEFAULT_QRELS_PATTERNS]);
      assert.deepEqual(properties['ranklens.trec.runPatterns'].default, [...DEFAULT_RUN_PATTERNS]);
      assert.deepEqual(properties['ranklens.trec.qrelsPatterns'].default, [...DEFAULT_QRELS_PATTERNS]);
      // The server's defaults, for clients that send no settings.
      assert.deepEqual(DEFAULT_SETTINGS.trec, {
        runPatterns: [...DEFAULT_RUN_PATTERNS],
        qrelsPatterns: [...DEFAULT_QRELS_PATTERNS],
        columns: {},
      });
      // ranklens.trec.columns: the roles of --columns (COLUMN_ROLES), each a column name; no map by default.
      const columns = properties['ranklens.trec.columns'];
      assert.deepEqual(columns.default, {});
      assert.deepEqual(Object.keys(columns.properties), [...COLUMN_ROLES]);
      assert.ok(Object.values(columns.properties).every((p) => (p as { type: string }).type === 'string'));
      assert.match(columns.markdownDescription, /ranklens trec --columns/);
      for (const key of ['ranklens.trec.runPatterns', 'ranklens.trec.qrelsPatterns']) {
        assert.deepEqual(properties[key].items, { type: 'string' }, key);
        assert.match(properties[key].markdownDescription, /files\.associations/, key);
      }
    });

    it('claims no .txt file by its extension, and no file by its first line', () => {
      for (const id of ['trec-run', 'trec-qrels']) {
        assert.ok(!(language(id).extensions ?? []).includes('.txt'), id);
        assert.equal(language(id).firstLine, undefined, id);
      }
      // A filename pattern outranks plaintext's .txt extension in VS Code, so each names qrels in its words.
      for (const p of language('trec-qrels').filenamePatterns ?? []) assert.match(p, /qrels/, p);
      assert.equal(trecFileRole('notes.txt'), undefined);
    });

    it('starts on run and qrels documents, and offers Pick Qrels on runs in the palette and the explorer', () => {
      assert.ok(manifest.activationEvents.includes('onLanguage:trec-run'));
      assert.ok(manifest.activationEvents.includes('onLanguage:trec-qrels'));
      const command = manifest.contributes.commands.find((c: { command: string }) => c.command === PICK_QRELS_COMMAND);
      assert.deepEqual([command.category, command.title], ['Ranklens', 'Pick Qrels for This Run']);
      const palette = manifest.contributes.menus.commandPalette.find((m: { command: string }) => m.command === PICK_QRELS_COMMAND);
      assert.equal(palette.when, 'editorLangId == trec-run');
      const explorer = manifest.contributes.menus['explorer/context'];
      const compare = explorer.find((m: { command: string }) => m.command === COMPARE_RUNS_COMMAND);
      const pick = explorer.find((m: { command: string }) => m.command === PICK_QRELS_COMMAND);
      assert.equal(pick.group, compare.group, 'beside Compare Runs');
      for (const part of ['resourceLangId == trec-run', 'resourceExtname == .run', 'resourceExtname == .trec', '!explorerResourceIsFolder'])
        assert.ok(pick.when.includes(part), part);
    });
  });

  it('offers a severity setting for every finding code', () => {
    assert.deepEqual(Object.keys(properties['ranklens.severity'].properties).sort(), Object.keys(ALL_FINDING_CODES).sort());
  });

  it("has the server's defaults and the presets", () => {
    assert.deepEqual(properties['ranklens.defaultConvention'].enum, [...PRESET_NAMES]);
    assert.equal(properties['ranklens.defaultConvention'].default, DEFAULT_SETTINGS.defaultConvention);
    assert.deepEqual(properties['ranklens.defaultCutoffs'].default, DEFAULT_SETTINGS.defaultCutoffs);
    assert.equal(properties['ranklens.diagnostics.conventionDependent'].default, DEFAULT_SETTINGS.diagnostics.conventionDependent);
  });

  it('knows the fixture file names the parser knows', () => {
    for (const p of DEFAULT_FIXTURE_PATTERNS) assert.ok(manifest.activationEvents.includes(`workspaceContains:**/${p}`), p);
  });

  it('has what the marketplace asks for', () => {
    assert.deepEqual(manifest.categories, ['Linters', 'Visualization', 'Data Science', 'Testing', 'Programming Languages']);
    assert.ok(manifest.keywords.includes('trec_eval') && manifest.keywords.length <= 30);
    assert.equal(manifest.license, 'MIT');
    assert.ok(existsSync(join(repoRoot, 'LICENSE')) && existsSync(join(repoRoot, 'CHANGELOG.md')));
    assert.match(manifest.repository.url, /^git\+https:\/\/github\.com\/ranklens\/ranklens\.git$/);
    assert.match(manifest.bugs.url, /\/issues$/);
    assert.match(manifest.homepage, /^https:\/\//);
    assert.deepEqual(manifest.galleryBanner, { color: '#1e2a3a', theme: 'dark' });
  });

  it('has a 128 × 128 PNG icon made from the SVG beside it', () => {
    assert.equal(manifest.icon, 'images/icon.png');
    assert.ok(existsSync(join(repoRoot, 'images', 'icon.svg')));
    const png = readFileSync(join(repoRoot, manifest.icon));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    // The IHDR chunk holds the width and height as big-endian 32-bit numbers at bytes 16 and 20.
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
  });

  it('has a web entry for VS Code for the Web beside the desktop one', () => {
    assert.equal(manifest.browser, './dist/client.browser.js');
  });

  it('runs in Restricted Mode and in virtual workspaces: a fixture is data, never executed', () => {
    assert.deepEqual(manifest.capabilities, { untrustedWorkspaces: { supported: true }, virtualWorkspaces: true });
  });

  it('is a public npm package whose bins are the bundles, with no runtime dependency', () => {
    assert.equal(manifest.private, undefined);
    assert.deepEqual(manifest.bin, { ranklens: 'dist/cli.js', 'ranklens-language-server': 'dist/server.js' });
    assert.equal(manifest.dependencies, undefined);
  });
});
