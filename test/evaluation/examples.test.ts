/**
 * The fixtures in examples/ are what users learn from: every one is evaluated here. Their expect
 * values all hold, only the every-finding files carry errors, and those carry exactly the codes they
 * declare in expectFindings.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateDeclared } from '../../shared/evaluation/expectFindings';
import { FIXTURE_FINDING_CODES as ALL_FINDING_CODES } from '../../shared/core/findingCodes';
import { DocumentEvaluation } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';
import { fixtureLanguage } from '../../shared/fixture/files/fixtureLanguage';
import { codesOf } from '../helpers/fixtureText';
import { assertPrinted } from '../helpers/printed';

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');
const files = readdirSync(EXAMPLES)
  .filter((f) => fixtureLanguage(f))
  .sort();

function evaluate(name: string) {
  const text = readFileSync(join(EXAMPLES, name), 'utf8');
  return evaluateDeclared(parseFixture(text, fixtureLanguage(name)!));
}

function expectations(ev: DocumentEvaluation) {
  return ev.fixtures.flatMap((f) =>
    f.cases.flatMap((c) =>
      c.expectations.map((e) => ({
        id: c.node.id.value,
        metric: e.node.metric.value,
        text: e.node.text,
        computed: e.computed,
        matches: e.matches,
      })),
    ),
  );
}

describe('examples/', () => {
  it('holds the seven fixtures docs/guide/fixtures.md points to', () => {
    assert.deepEqual(files, [
      'every-finding.rank.json',
      'every-finding.rank.yaml',
      'ranx-qrels-run.rank.json',
      'referenced-files.rank.json',
      'seed000-users.rank.yaml',
      'seed001-graded-feeds.rank.json',
      'seed002-eight-documents.rank.yaml',
    ]);
  });

  for (const name of files.filter((f) => !f.startsWith('every-finding'))) {
    it(`${name}: every expect value holds and nothing is an error`, () => {
      const { evaluation, check } = evaluate(name);
      assert.equal(check, null, 'declares no findings');
      assert.deepEqual(
        evaluation.findings.filter((f) => f.severity === 'error').map((f) => f.message),
        [],
      );
      assert.deepEqual(
        expectations(evaluation).filter((e) => !e.matches),
        [],
      );
    });
  }

  for (const name of files.filter((f) => f.startsWith('every-finding'))) {
    it(`${name}: produces exactly the codes it declares`, () => {
      const { evaluation, check } = evaluate(name);
      assert.deepEqual({ missing: check!.missing, unexpected: check!.unexpected }, { missing: [], unexpected: [] });
      assert.deepEqual(codesOf(evaluation.findings), check!.declared);
    });
  }

  // empty-fixture is the code of a file holding no fixture, so no file that declares findings can show it.
  it('every-finding.rank.yaml shows every code but file-too-large, empty-fixture and those of named files; the JSON file every code JSON can show', () => {
    const all = Object.keys(ALL_FINDING_CODES).sort();
    const yaml = evaluate('every-finding.rank.yaml').check!.declared;
    const json = evaluate('every-finding.rank.json').check!.declared;
    // The findings of files a fixture names come with those files (referenced-files.rank.json, test/cli/fixtureFiles.test.ts),
    // or from an editor with no disk (test/fixture/fileReferences.test.ts).
    assert.deepEqual(
      all.filter((c) => !yaml.includes(c)),
      ['empty-fixture', 'file-reference-unreadable', 'file-too-large', 'fixture-file-reference'],
    );
    // single-item-row, renamed-preset and no-pooled-form need a convention of their own, so a second fixture, which a JSON file cannot hold.
    assert.deepEqual(
      all.filter((c) => !json.includes(c)),
      [
        'empty-fixture',
        'file-reference-unreadable',
        'file-too-large',
        'fixture-file-reference',
        'no-pooled-form',
        'query-not-in-qrels',
        'renamed-preset',
        'single-item-row',
        'syntax-error',
        'too-many-aliases',
      ],
    );
  });

  it('every code an example produces is in the table of codes', () => {
    for (const name of files) {
      for (const f of evaluate(name).evaluation.findings) assert.ok(Object.hasOwn(ALL_FINDING_CODES, f.code), `${name}: ${f.code}`);
    }
  });

  it('seed 000: 90 expectations, and the means of its tables (users 4 and 5 left out)', () => {
    const { evaluation } = evaluate('seed000-users.rank.yaml');
    assert.equal(expectations(evaluation).length, 90);
    const f = evaluation.fixtures[0];
    const mean = (name: string) => f.mean[f.names.indexOf(name)];
    const printed: [string, string][] = [
      ['P@1', '0.333'],
      ['P@3', '0.333'],
      ['P@5', '0.267'],
      ['R@1', '0.056'],
      ['R@3', '0.222'],
      ['R@5', '0.333'],
      ['F1@1', '0.095'],
      ['F1@3', '0.259'],
      ['F1@5', '0.288'],
      ['AP@1', '0.333'],
      ['AP@3', '0.500'],
      ['AP@5', '0.500'],
      // The seed prints 0.333 for MRR@3 and MRR@5; its per-user values 1, 0.5 and 0 give 0.500.
      ['RR@1', '0.333'],
      ['RR@3', '0.500'],
      ['RR@5', '0.500'],
      ['nDCG@1', '0.333'],
      ['nDCG@3', '0.544'],
      ['nDCG@5', '0.550'],
    ];
    for (const [name, value] of printed) assertPrinted(mean(name), value, name);
    assert.ok(f.excluded.every((n) => n === 2));
  });

  it('seed 002: 49 expectations, under seed000 + discount log2 + ideal labels', () => {
    const { evaluation } = evaluate('seed002-eight-documents.rank.yaml');
    assert.equal(evaluation.fixtures[0].convention.name, 'seed000 + discount=log2, ideal=labels');
    assert.equal(expectations(evaluation).length, 49);
  });

  it('seed 001: graded nDCG 0.9 for A and 0.765 for B', () => {
    const { evaluation } = evaluate('seed001-graded-feeds.rank.json');
    assert.deepEqual(
      expectations(evaluation).map((e) => [e.id, e.metric, e.text]),
      [
        ['algorithm A', 'DCG@3', '22.106'],
        ['algorithm A', 'nDCG@3', '0.9'],
        ['algorithm B', 'DCG@3', '18.78'],
        ['algorithm B', 'nDCG@3', '0.765'],
      ],
    );
  });

  it('ranx quick-start: the values ranx prints, under the ranx preset', () => {
    const { evaluation } = evaluate('ranx-qrels-run.rank.json');
    const f = evaluation.fixtures[0];
    assert.equal(f.fixture.shape, 'qrels-run');
    assert.deepEqual(f.names, ['AP@5', 'RR', 'nDCG@5']);
    const perQuery = f.cases.map((c) => [c.node.id.value, ...c.values.map((v) => v.toFixed(4))]);
    assert.deepEqual(perQuery, [
      ['q_1', '0.8333', '1.0000', '0.9430'],
      ['q_2', '0.4500', '0.5000', '0.6292'],
    ]);
    // ranx: {"ndcg@5": 0.7861, "map@5": 0.6416, "mrr": 0.75}; map@5 is 0.641666…, which ranx truncates.
    assert.deepEqual(
      f.mean.map((v) => v.toFixed(4)),
      ['0.6417', '0.7500', '0.7861'],
    );
    assert.deepEqual(evaluation.findings, []);
  });
});
