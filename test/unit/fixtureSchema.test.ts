/**
 * The JSON Schema editors validate with, the file patterns, and the README's table of codes: each
 * must agree with the code, so a knob, preset or finding added later fails here until documented.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KNOBS, PRESET_NAMES } from '../../shared/conventions';
import { ALL_FINDING_CODES } from '../../shared/fixtureFindings';
import { fixtureLanguage } from '../../shared/parseFixture';

const ROOT = join(__dirname, '..', '..', '..');
const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'rank-fixture.schema.json'), 'utf8'));

describe('schemas/rank-fixture.schema.json', () => {
  it('lists every knob with the values conventions.ts accepts', () => {
    const props = schema.definitions.conventionObject.properties;
    assert.deepEqual(Object.keys(props).sort(), ['preset', ...KNOBS.map((k) => k.name)].sort());
    for (const k of KNOBS) {
      if (k.name === 'relevanceThreshold') assert.deepEqual(props[k.name].anyOf, [{ type: 'number' }, { enum: ['listed'] }]);
      else assert.deepEqual(props[k.name].enum, k.values, k.name);
      assert.ok(props[k.name].description.startsWith(k.description), k.name);
    }
  });

  it('suggests every preset', () => {
    assert.deepEqual(schema.definitions.preset.examples, [...PRESET_NAMES]);
  });

  it('takes every finding code in expectFindings', () => {
    assert.deepEqual(schema.properties.expectFindings.items.enum, Object.keys(ALL_FINDING_CODES));
  });

  it('knows the same top-level keys as the reader, and describes each', () => {
    assert.deepEqual(Object.keys(schema.properties).sort(), ['$schema', 'cases', 'convention', 'description', 'expectFindings', 'k', 'metrics', 'qrels', 'run'].sort());
    for (const [key, value] of Object.entries(schema.properties)) assert.ok((value as { description?: string }).description, key);
  });

  it('is what package.json contributes for *.rank.json and *.rank.yaml', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    assert.deepEqual(pkg.contributes.jsonValidation, [{ fileMatch: ['*.rank.json'], url: './schemas/rank-fixture.schema.json' }]);
    assert.deepEqual(pkg.contributes.yamlValidation, [{ fileMatch: ['*.rank.yaml', '*.rank.yml'], url: './schemas/rank-fixture.schema.json' }]);
    assert.ok(existsSync(join(ROOT, 'schemas', 'rank-fixture.schema.json')));
  });
});

describe('fixtureLanguage', () => {
  it('recognizes *.rank.json, *.rank.yaml and *.rank.yml anywhere', () => {
    assert.equal(fixtureLanguage('/work/examples/seed.rank.json'), 'json');
    assert.equal(fixtureLanguage('C:\\work\\a.rank.yml'), 'yaml');
    assert.equal(fixtureLanguage('a.rank.yaml'), 'yaml');
    assert.equal(fixtureLanguage('package.json'), undefined);
    assert.equal(fixtureLanguage('rank.json'), undefined);
  });

  it('adds the user\'s patterns: a file name glob, or a path glob', () => {
    assert.equal(fixtureLanguage('/p/evals/q1.json', ['evals/*.json']), 'json');
    assert.equal(fixtureLanguage('/p/evals/deep/q1.json', ['evals/*.json']), undefined);
    assert.equal(fixtureLanguage('/p/evals/deep/q1.json', ['evals/**/*.json']), 'json');
    assert.equal(fixtureLanguage('/p/x/golden-3.yml', ['golden-?.{yml,yaml}']), 'yaml');
    assert.equal(fixtureLanguage('/p/x/golden-3.txt', ['golden-*']), undefined, 'the syntax comes from the extension');
  });
});

describe('README: the fixture format section', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('<!-- section: format (owner: fixtures) -->'), readme.indexOf('<!-- /section: format -->'));

  it('documents every finding code with its severity', () => {
    for (const [code, { severity }] of Object.entries(ALL_FINDING_CODES)) {
      assert.match(section, new RegExp(`\\| \`${code}\` \\| ${severity} \\|`), code);
    }
  });

  it('documents every top-level key', () => {
    for (const key of ['k', 'metrics', 'convention', 'cases', 'labels', 'predictions', 'expect', 'qrels', 'run', 'expectFindings', 'description']) {
      assert.ok(section.includes(`\`${key}\``), key);
    }
  });
});
