/** The extension manifest agrees with the code: commands, settings per finding code, file patterns, engines. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_FINDING_CODES as ALL_FINDING_CODES } from '../../shared/core/findingCodes';
import { PRESET_NAMES } from '../../shared/core/conventions';
import { COMPARE_CONVENTIONS_COMMAND, DEFAULT_FIXTURE_PATTERNS, RESTART_SERVER_COMMAND, SHOW_CASE_BREAKDOWN_COMMAND, SHOW_CURVES_COMMAND } from '../../shared/protocol';
import { DEFAULT_SETTINGS } from '../../server/settings';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
const properties = manifest.contributes.configuration.properties;

describe('package.json', () => {
  it('runs the bundled client in VS Code 1.91 to 1.100 (code-server 4.100.3)', () => {
    assert.equal(manifest.main, './dist/client.js');
    assert.equal(manifest.engines.vscode, '^1.91.0');
    assert.equal(manifest.devDependencies['@types/vscode'], '1.91.0');
  });

  it('contributes the commands the lenses and the client use', () => {
    assert.deepEqual(manifest.contributes.commands.map((c: { command: string }) => c.command),
      [SHOW_CASE_BREAKDOWN_COMMAND, COMPARE_CONVENTIONS_COMMAND, SHOW_CURVES_COMMAND, RESTART_SERVER_COMMAND]);
  });

  it('offers a severity setting for every finding code', () => {
    assert.deepEqual(Object.keys(properties['ranklens.severity'].properties).sort(), Object.keys(ALL_FINDING_CODES).sort());
  });

  it('has the server\'s defaults and the presets', () => {
    assert.deepEqual(properties['ranklens.defaultConvention'].enum, [...PRESET_NAMES]);
    assert.equal(properties['ranklens.defaultConvention'].default, DEFAULT_SETTINGS.defaultConvention);
    assert.deepEqual(properties['ranklens.defaultCutoffs'].default, DEFAULT_SETTINGS.defaultCutoffs);
    assert.equal(properties['ranklens.diagnostics.conventionDependent'].default, DEFAULT_SETTINGS.diagnostics.conventionDependent);
  });

  it('knows the fixture file names the parser knows', () => {
    for (const p of DEFAULT_FIXTURE_PATTERNS) assert.ok(manifest.activationEvents.includes(`workspaceContains:**/${p}`), p);
  });
});
