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
  RESTART_SERVER_COMMAND,
  SHOW_CASE_BREAKDOWN_COMMAND,
  SHOW_CURVES_COMMAND,
} from '../../shared/protocol';
import { DEFAULT_FIXTURE_PATTERNS } from '../../shared/fixture/files/filePatterns';
import { DEFAULT_SETTINGS } from '../../server/settings';

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
        RESTART_SERVER_COMMAND,
      ],
    );
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
