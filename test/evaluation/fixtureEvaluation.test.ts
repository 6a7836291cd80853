/**
 * Parsed fixtures through the evaluation: values, expectations, and every finding of the core and
 * of fixtureEvaluation.ts placed on its text, in JSON and in YAML.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { expectationMatches, writtenDecimals } from '../../shared/evaluation/tolerance';
import { checkDeclaredFindings, evaluateDeclared } from '../../shared/evaluation/expectFindings';
import { parseFixture } from '../../shared/fixture/parse';
import { toleranceText } from '../../shared/evaluation/tolerance';
import { findingAt, findingsOf } from '../helpers/fixtureText';

describe('evaluating a parsed fixture', () => {
  it('computes the same values from JSON and from YAML, under trec_eval when the fixture names no convention', () => {
    const json = parseFixture(
      '{"k": [1, 3], "metrics": ["P", "AP"], "cases": {"u": {"labels": [2, 4, 6], "predictions": [1, 2, 3, 4, 5]}}}',
      'json',
    );
    const yaml = parseFixture('k: [1, 3]\nmetrics: [P, AP]\ncases:\n  u: {labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5]}\n', 'yaml');
    for (const doc of [json, yaml]) {
      const f = evaluateDocument(doc).fixtures[0];
      assert.deepEqual(f.names, ['P@1', 'P@3', 'AP']);
      // Seed 000's user #2: AP = (1/2 + 2/4) / 3 relevant labels = 1/3 (trec_eval prints map 0.3333).
      assert.equal(f.convention.name, 'trec_eval');
      assert.deepEqual(f.cases[0].values, [0, 1 / 3, 1 / 3]);
    }
  });

  it('ranks a scored mapping by score and keeps the convention written in the fixture', () => {
    const doc = parseFixture(
      '{"metrics": ["RR"], "convention": {"preset": "trec_eval"}, "cases": {"u": {"labels": ["b"], "predictions": {"a": 0.5, "b": 0.5, "c": 0.9}}}}',
      'json',
    );
    const f = evaluateDocument(doc).fixtures[0];
    // trec_eval breaks the tie by id descending: c (0.9), then b before a.
    assert.equal(f.convention.name, 'trec_eval');
    assert.deepEqual(f.cases[0].values, [0.5]);
  });

  it('reads each case afresh after a longer, scored one: no score or label of the case before', () => {
    // u is scored (c, b, a by score), v a plain list with one label: v ranks x, a, b as written.
    const doc = parseFixture(
      `cases:
  u: {labels: {a: 1, b: 2, c: 3}, predictions: {a: 0.1, b: 0.5, c: 0.9, d: 0.7}}
  v: {labels: [b], predictions: [x, a, b]}
metrics: [P@1, RR, R@2]
`,
      'yaml',
    );
    const f = evaluateDocument(doc).fixtures[0];
    const [u, v] = f.cases;
    assert.deepEqual(f.names, ['P@1', 'R@2', 'RR']);
    // u: c first (a hit), then d (unlabeled): R@2 = 1/3, RR 1. v: b at rank 3: R@2 = 0, RR 1/3.
    assert.deepEqual(u.values, [1, 1 / 3, 1]);
    assert.deepEqual(v.values, [0, 0, 1 / 3]);
  });
});

describe('expectations: within half a unit of the last written decimal', () => {
  const check = (written: string, language: 'json' | 'yaml' = 'json') => {
    const text =
      language === 'json'
        ? `{"k": 3, "metrics": ["P@3"], "cases": {"u": {"labels": ["a"], "predictions": ["a", "b", "c"], "expect": {"P@3": ${written}}}}}`
        : `k: 3\nmetrics: [P@3]\ncases: {u: {labels: [a], predictions: [a, b, c], expect: {P@3: ${written}}}}`;
    const e = evaluateDocument(parseFixture(text, language)).fixtures[0].cases[0].expectations[0];
    return { text: e.node.text, matches: e.matches, computed: e.computed };
  };

  it('accepts 1/3 written as 0.3, 0.33, 0.333 and 3.333e-1', () => {
    for (const w of ['0.3', '0.33', '0.333', '0.3333', '3.333e-1'])
      assert.deepEqual(check(w), { text: w, matches: true, computed: 1 / 3 }, w);
  });

  it('refuses 1/3 written as 0.334, 0.32 or 0 (a value without decimals must be exact)', () => {
    for (const w of ['0.334', '0.32', '0']) assert.equal(check(w).matches, false, w);
  });

  it('keeps the text as written in YAML too: 0.3330 claims four decimals, so it is not 1/3', () => {
    assert.deepEqual(check('0.3330', 'yaml'), { text: '0.3330', matches: false, computed: 1 / 3 });
    assert.deepEqual(check('0.3333', 'yaml'), { text: '0.3333', matches: true, computed: 1 / 3 });
    assert.equal(writtenDecimals('0.3330'), 4);
  });

  it('counts an exponent against the written decimals: 3.3e-1 is two decimals (±0.005), 1e2 none', () => {
    assert.equal(writtenDecimals('3.3e-1'), 2);
    assert.equal(writtenDecimals('5e-3'), 3);
    assert.equal(writtenDecimals('1e2'), -2);
    assert.equal(expectationMatches(0.33, '3.3e-1', 0.334), true, '|0.334 − 0.33| = 0.004 ≤ 0.005');
    assert.equal(expectationMatches(0.33, '3.3e-1', 0.336), false, '|0.336 − 0.33| = 0.006 > 0.005');
    assert.equal(expectationMatches(100, '1e2', 100.4), false, 'no decimals written: exact');
    assert.equal(expectationMatches(0.5, '0.5', 0.55), true, 'one decimal: ±0.05, the edge included');
    assert.equal(expectationMatches(0.5, '0.5', 0.5501), false);
  });

  it('says the tolerance in words: half a unit of the last written decimal, exact without one', () => {
    assert.equal(toleranceText('0.333'), 'within ±0.0005 (3 decimals written)');
    assert.equal(toleranceText('0.5'), 'within ±0.05 (1 decimal written)');
    assert.equal(toleranceText('5e-3'), 'within ±0.0005 (3 decimals written)');
    assert.equal(toleranceText('1'), 'within ±0 (no decimal written)');
  });

  it('matches null (JSON) and .nan (YAML) with NaN only', () => {
    assert.equal(expectationMatches(null, 'null', NaN), true);
    assert.equal(expectationMatches(null, 'null', 0), false);
    // seed000 makes a case without labels NaN (trec_eval's convention makes it 0).
    const doc = parseFixture(
      'convention: seed000\ncases: {u: {labels: [], predictions: [a], expect: {P@1: .nan, R@1: null, AP: 0}}}',
      'yaml',
    );
    assert.deepEqual(
      evaluateDocument(doc).fixtures[0].cases[0].expectations.map((e) => [e.node.metric.value, e.matches]),
      [
        ['P@1', true],
        ['R@1', true],
        ['AP', false],
      ],
    );
  });
});

describe('evaluation findings on their text', () => {
  it('invalid-cutoff (JSON)', () => {
    const { start, finding } = findingAt('{"k": [1, ⟦2.5⟧], "cases": {}}', 'json', 'invalid-cutoff');
    assert.deepEqual(start, { line: 0, character: 10 });
    assert.equal(finding.message, 'A cutoff must be a whole number ≥ 1; 2.5 is ignored.');
  });

  it('invalid-cutoff (YAML)', () => {
    const { start } = findingAt('k: [⟦0⟧, 5]\ncases: {}', 'yaml', 'invalid-cutoff');
    assert.deepEqual(start, { line: 0, character: 4 });
  });

  it('duplicate-cutoff (JSON and YAML)', () => {
    assert.deepEqual(findingAt('{"k": [3, ⟦3⟧], "cases": {}}', 'json', 'duplicate-cutoff').start, { line: 0, character: 10 });
    assert.deepEqual(findingAt('k:\n  - 3\n  - ⟦3⟧\ncases: {}', 'yaml', 'duplicate-cutoff').start, { line: 2, character: 4 });
  });

  it('unknown-metric in metrics, with a did-you-mean (JSON)', () => {
    const { start, finding } = findingAt('{"metrics": ["P", ⟦"nDGC@5"⟧], "cases": {}}', 'json', 'unknown-metric');
    assert.deepEqual(start, { line: 0, character: 18 });
    assert.equal(finding.message, 'Unknown metric "nDGC@5". Did you mean "nDCG@5"? It is not computed.');
    assert.deepEqual(finding.data, { replacement: 'nDCG@5' });
  });

  it('unknown-metric in expect (YAML)', () => {
    const { start } = findingAt(
      `cases:
  u:
    labels: [a]
    expect: {⟦Presicion@1⟧: 1}`,
      'yaml',
      'unknown-metric',
    );
    assert.deepEqual(start, { line: 3, character: 13 });
  });

  it('unknown-preset (JSON and YAML)', () => {
    const json = findingAt('{"convention": ⟦"trec-evl"⟧, "cases": {}}', 'json', 'unknown-preset');
    assert.deepEqual(json.start, { line: 0, character: 15 });
    assert.deepEqual(json.finding.data, { replacement: 'trec_eval' });
    assert.deepEqual(findingAt('convention:\n  preset: ⟦sklern⟧\ncases: {}', 'yaml', 'unknown-preset').start, { line: 1, character: 10 });
  });

  it('renamed-preset on the old name default: the numbers of seed000, a warning that says so, the new name for a fix', () => {
    const yaml = findingAt(
      'k: [5]\nconvention: ⟦default⟧\ncases:\n  u: {labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5]}',
      'yaml',
      'renamed-preset',
    );
    assert.deepEqual(yaml.start, { line: 1, character: 12 });
    assert.equal(yaml.finding.severity, 'warning');
    assert.equal(
      yaml.finding.message,
      '"default" is the old name of the seed000 preset: the numbers are seed000\'s, but the built-in default is now trec_eval\'s convention. Write "seed000" to keep these numbers, or "trec_eval".',
    );
    assert.deepEqual(yaml.finding.data, { replacement: 'seed000' });
    const f = evaluateDocument(
      parseFixture(
        'k: [5]\nmetrics: [AP@k]\nconvention: {preset: Default}\ncases:\n  u: {labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5]}',
        'yaml',
      ),
    ).fixtures[0];
    // Seed 000's user #2: AP@5 = (1/2 + 2/4) / 2 hits = 0.5 (trec_eval: / 3 labels = 0.333).
    assert.deepEqual([f.convention.name, f.cases[0].values], ['seed000', [0.5]]);
    assert.deepEqual(
      f.findings.map((x) => x.code),
      ['renamed-preset'],
    );
  });

  it('unknown-knob (JSON and YAML)', () => {
    const json = findingAt('{"convention": {"preset": "ranx", ⟦"discont"⟧: "ln"}, "cases": {}}', 'json', 'unknown-knob');
    assert.deepEqual(json.start, { line: 0, character: 34 });
    assert.deepEqual(json.finding.data, { replacement: 'discount' });
    assert.deepEqual(findingAt('convention: {⟦gian⟧: linear}\ncases: {}', 'yaml', 'unknown-knob').start, { line: 0, character: 13 });
  });

  it('invalid-knob-value (JSON and YAML)', () => {
    const json = findingAt('{"convention": {"discount": ⟦"log3"⟧}, "cases": {}}', 'json', 'invalid-knob-value');
    assert.deepEqual(json.start, { line: 0, character: 28 });
    assert.equal(json.finding.message, 'discount takes one of: log2, ln, log10, log2-max2. Did you mean "log2"? This override is ignored.');
    assert.deepEqual(json.finding.data, { replacement: 'log2', choices: ['log2', 'ln', 'log10', 'log2-max2'] });
    assert.deepEqual(findingAt('convention:\n  relevanceThreshold: ⟦high⟧\ncases: {}', 'yaml', 'invalid-knob-value').start, {
      line: 1,
      character: 22,
    });
  });

  it('expect-not-computed (JSON and YAML)', () => {
    const json = findingAt(
      '{"k": [1], "cases": {"u": {"labels": ["a"], "predictions": ["a"], "expect": {⟦"P@5"⟧: 0.2}}}}',
      'json',
      'expect-not-computed',
    );
    assert.deepEqual(json.start, { line: 0, character: 77 });
    assert.equal(json.finding.message, 'The fixture does not compute P@5 (check k and metrics), so this expectation is not checked.');
    assert.deepEqual(findingAt('metrics: [P]\ncases: {u: {labels: [a], expect: {⟦AP⟧: 1}}}', 'yaml', 'expect-not-computed').start, {
      line: 1,
      character: 34,
    });
  });

  it('expect-mismatch on the value, with the computed value for a fix (JSON and YAML)', () => {
    const json = findingAt(
      `{"k": [3], "cases": {"🎧": {
  "labels": ["a"], "predictions": ["b", "a", "c"],
  "expect": {"P@3": ⟦0.5⟧}
}}}`,
      'json',
      'expect-mismatch',
    );
    assert.deepEqual(json.start, { line: 2, character: 20 });
    assert.equal(json.finding.message, 'Expected P@3 = 0.5, computed 0.3333: not within ±0.05 (1 decimal written).');
    assert.deepEqual(json.finding.data, { computed: 1 / 3 });
    const yaml = findingAt(
      'k: [3]\nconvention: seed000\ncases:\n  耳机:\n    labels: []\n    predictions: [a]\n    expect: {P@3: ⟦0⟧}',
      'yaml',
      'expect-mismatch',
    );
    assert.deepEqual(yaml.start, { line: 6, character: 18 });
    assert.deepEqual(yaml.finding.data, { computed: null });
  });

  it('coarse-expectation on a value whose one decimal reaches 25% either way, not on 0.5 (10%) or 0.20 (2.5%)', () => {
    const f = findingAt(
      'k: 10\nmetrics: [P]\ncases:\n  q1: {labels: [a, b], predictions: [a, b], expect: {P@10: ⟦0.2⟧}}',
      'yaml',
      'coarse-expectation',
    );
    assert.deepEqual(f.start, { line: 3, character: 59 });
    assert.equal(f.finding.severity, 'hint');
    assert.equal(
      f.finding.message,
      '0.2 is checked within ±0.05 (1 decimal written), so it also accepts values up to 25% away from it; write more decimals to check P@10 closely.',
    );
    const codes = (text: string) =>
      evaluateDocument(parseFixture(text, 'yaml'))
        .findings.map((x) => x.code)
        .filter((c) => c === 'coarse-expectation');
    assert.deepEqual(codes('k: 2\nmetrics: [P]\ncases:\n  q1: {labels: [a], predictions: [a, b], expect: {P@2: 0.5}}'), []);
    assert.deepEqual(codes('k: 10\nmetrics: [P]\ncases:\n  q1: {labels: [a, b], predictions: [a, b], expect: {P@10: 0.20}}'), []);
  });

  it('mixed-id-types (JSON and YAML)', () => {
    const json = findingAt('{"cases": {"u": {"labels": [1, 2], "predictions": [⟦"1"⟧, 2]}}}', 'json', 'mixed-id-types');
    assert.deepEqual(json.start, { line: 0, character: 51 });
    assert.deepEqual(
      json.finding.related!.map((r) => [r.span.start, r.message]),
      [[28, 'written as a number here']],
    );
    assert.deepEqual(findingAt('cases:\n  u: {labels: ["7"], predictions: [⟦7⟧]}', 'yaml', 'mixed-id-types').start, {
      line: 1,
      character: 35,
    });
  });

  it('duplicate-case-id (JSON list and YAML mapping)', () => {
    const json = findingAt('{"cases": [{"id": "q"}, {"id": ⟦"q"⟧}]}', 'json', 'duplicate-case-id');
    assert.deepEqual(json.start, { line: 0, character: 31 });
    assert.deepEqual(findingAt('cases:\n  q: {labels: [a]}\n  ⟦q⟧: {labels: [b]}', 'yaml', 'duplicate-case-id').start, {
      line: 2,
      character: 2,
    });
  });
});

describe('core findings on their text', () => {
  it('empty-labels on the labels (JSON and YAML)', () => {
    assert.deepEqual(findingAt('{"cases": {"u": {"labels": ⟦[]⟧, "predictions": ["a"]}}}', 'json', 'empty-labels').start, {
      line: 0,
      character: 27,
    });
    assert.deepEqual(findingAt('cases:\n  u:\n    labels: ⟦{a: 0}⟧\n    predictions: [a]', 'yaml', 'empty-labels').start, {
      line: 2,
      character: 12,
    });
  });

  it('empty-predictions on the predictions (JSON and YAML)', () => {
    assert.deepEqual(findingAt('{"cases": {"u": {"labels": ["a"], "predictions": ⟦[]⟧}}}', 'json', 'empty-predictions').start, {
      line: 0,
      character: 49,
    });
    assert.deepEqual(findingAt('cases:\n  u:\n    labels: [a]\n    predictions: ⟦[]⟧', 'yaml', 'empty-predictions').start, {
      line: 3,
      character: 17,
    });
  });

  it('empty-case on the case id (JSON and YAML)', () => {
    const json = findingAt('{"cases": [{"id": ⟦"nothing"⟧, "labels": [], "predictions": []}]}', 'json', 'empty-case');
    assert.deepEqual(json.start, { line: 0, character: 18 });
    assert.equal(
      json.finding.message,
      'No relevant labels and no predictions: every metric is 0 and counts in the means (emptyLabels=zero).',
    );
    assert.deepEqual(findingAt('cases:\n  ⟦耳机⟧: {labels: [], predictions: []}', 'yaml', 'empty-case').start, { line: 1, character: 2 });
  });

  it('k-exceeds-predictions once, a hint on the largest cutoff, naming the cases (JSON and YAML)', () => {
    const json = findingAt(
      '{"k": [⟦5⟧], "metrics": ["P"], "cases": {"u": {"labels": ["a"], "predictions": ["a", "b"]}}}',
      'json',
      'k-exceeds-predictions',
    );
    assert.deepEqual(json.start, { line: 0, character: 7 });
    assert.equal(json.finding.severity, 'hint');
    assert.equal(
      json.finding.message,
      'In case u, k = 5 is larger than the 2 predictions: P@5 still divides by 5 (precisionDenominator=k), so it is at most 0.400.',
    );
    const yaml = findingAt(
      'k: [1, ⟦5⟧]\nmetrics: [P]\ncases: {u: {labels: [a], predictions: [a]}, v: {labels: [b], predictions: [a, b]}}',
      'yaml',
      'k-exceeds-predictions',
    );
    assert.deepEqual(yaml.start, { line: 0, character: 7 });
    assert.equal(
      yaml.finding.message,
      'k = 5 is larger than the predictions of 2 cases (u, v): P@5 still divides by 5 (precisionDenominator=k).',
    );
    assert.deepEqual(
      yaml.finding.related?.map((r) => r.message),
      ['case u: k = 5 is larger than the 1 prediction', 'case v: k = 5 is larger than the 2 predictions'],
    );
    // No cutoff written (the defaults): it stays on the case's predictions.
    assert.deepEqual(findingAt('metrics: [P]\ncases: {u: {labels: [a], predictions: ⟦[a]⟧}}', 'yaml', 'k-exceeds-predictions').start, {
      line: 1,
      character: 38,
    });
  });

  it('duplicate-prediction and duplicate-label on the repeated id, after emoji (JSON)', () => {
    const text = '{"cases": {"u": {"labels": ["🎧", ⟦"🎧"⟧], "predictions": ["🎧"]}}}';
    assert.deepEqual(findingAt(text, 'json', 'duplicate-label').start, { line: 0, character: 34 });
    const p = findingAt('{"cases": {"u": {"labels": ["🎧"], "predictions": ["🎧", "耳机", ⟦"🎧"⟧]}}}', 'json', 'duplicate-prediction');
    // Each 🎧 is two UTF-16 units: the third "🎧" starts at 63, the first at 51.
    assert.deepEqual(p.start, { line: 0, character: 63 });
    assert.deepEqual(
      p.finding.related!.map((r) => r.span.start),
      [51],
    );
  });

  it('duplicate-prediction and duplicate-label (YAML)', () => {
    assert.deepEqual(findingAt('cases:\n  u:\n    labels: {a: 1, ⟦a⟧: 2}', 'yaml', 'duplicate-label').start, { line: 2, character: 19 });
    assert.deepEqual(
      findingAt('cases:\n  u:\n    labels: [a]\n    predictions:\n      - a\n      - ⟦a⟧', 'yaml', 'duplicate-prediction').start,
      { line: 5, character: 8 },
    );
  });

  it('non-finite-grade on the grade (JSON 1e999, YAML .nan)', () => {
    assert.deepEqual(findingAt('{"cases": {"u": {"labels": {"a": ⟦1e999⟧}}}}', 'json', 'non-finite-grade').start, {
      line: 0,
      character: 33,
    });
    const yaml = findingAt('cases:\n  u:\n    labels: {a: 1, b: ⟦.nan⟧}', 'yaml', 'non-finite-grade');
    assert.deepEqual(yaml.start, { line: 2, character: 22 });
    assert.equal(yaml.finding.message, 'The grade of "b" is NaN: the label is ignored, as if it were not there.');
  });

  it('non-positive-grade on the grade (JSON and YAML)', () => {
    assert.deepEqual(findingAt('{"cases": {"u": {"labels": {"a": 1, "b": ⟦-1⟧}}}}', 'json', 'non-positive-grade').start, {
      line: 0,
      character: 41,
    });
    assert.deepEqual(findingAt('cases: {u: {labels: {a: ⟦0⟧, b: 1}}}', 'yaml', 'non-positive-grade').start, { line: 0, character: 24 });
  });

  it('non-finite-score on the score (JSON -1e999, YAML .inf)', () => {
    assert.deepEqual(findingAt('{"cases": {"u": {"labels": ["a"], "predictions": {"a": ⟦-1e999⟧}}}}', 'json', 'non-finite-score').start, {
      line: 0,
      character: 55,
    });
    const yaml = findingAt('cases: {u: {labels: [a], predictions: {a: 1, b: ⟦.inf⟧}}}', 'yaml', 'non-finite-score');
    assert.deepEqual(yaml.start, { line: 0, character: 48 });
    assert.equal(yaml.finding.message, 'The score of "b" is Infinity: it is ranked first.');
  });

  it('non-positive-score on the score (JSON and YAML)', () => {
    assert.deepEqual(findingAt('{"cases": {"u": {"labels": ["a"], "predictions": {"a": ⟦0⟧}}}}', 'json', 'non-positive-score').start, {
      line: 0,
      character: 55,
    });
    assert.deepEqual(findingAt('cases: {u: {labels: [a], predictions: {a: ⟦-0.5⟧}}}', 'yaml', 'non-positive-score').start, {
      line: 0,
      character: 42,
    });
  });

  it('score-ties on the first tied id, the others related (JSON and YAML)', () => {
    const json = findingAt('{"cases": {"u": {"labels": {"a": 2}, "predictions": {⟦"a"⟧: 0.5, "b": 0.5}}}}', 'json', 'score-ties');
    assert.deepEqual(json.start, { line: 0, character: 53 });
    assert.deepEqual(
      json.finding.related!.map((r) => [r.span.start, r.message]),
      [[63, 'also scored 0.5']],
    );
    assert.deepEqual(findingAt('cases:\n  u:\n    labels: [b]\n    predictions: {⟦a⟧: 1, b: 1}', 'yaml', 'score-ties').start, {
      line: 3,
      character: 18,
    });
  });

  it('convention-dependent on the case id, when presets are compared (JSON and YAML)', () => {
    const json = findingAt(
      '{"metrics": ["AP"], "cases": {⟦"u"⟧: {"labels": [2, 4, 6], "predictions": [1, 2, 3, 4, 5]}}}',
      'json',
      'convention-dependent',
      { compare: true },
    );
    assert.deepEqual(json.start, { line: 0, character: 30 });
    assert.match(json.finding.message, /^1 value depends on the convention\. AP: trec_eval 0\.333, seed000 0\.500/);
    assert.deepEqual(
      findingAt(
        'metrics: [AP]\ncases:\n  - id: ⟦u⟧\n    labels: [2, 4, 6]\n    predictions: [1, 2, 3, 4, 5]',
        'yaml',
        'convention-dependent',
        { compare: true },
      ).start,
      { line: 2, character: 8 },
    );
    assert.deepEqual(
      findingsOf('{"metrics": ["AP"], "cases": {"u": {"labels": [2], "predictions": [1, 2]}}}', 'json').findings,
      [],
      'no comparison unless asked',
    );
  });
});

describe('expectFindings', () => {
  const fixture = (declared: string) =>
    parseFixture(
      `{"expectFindings": ${declared}, "k": [1], "cases": {"u": {"labels": [], "predictions": ["a"], "expect": {"P@1": 1}}}}`,
      'json',
    );

  it('passes when exactly the declared codes appear (warnings may go undeclared)', () => {
    const { check } = evaluateDeclared(fixture('["expect-mismatch"]'));
    assert.deepEqual(check, { declared: ['expect-mismatch'], missing: [], unexpected: [], ok: true });
  });

  it('fails on an undeclared error and on a declared code that does not appear', () => {
    assert.deepEqual(evaluateDeclared(fixture('[]')).check, { declared: [], missing: [], unexpected: ['expect-mismatch'], ok: false });
    assert.deepEqual(evaluateDeclared(fixture('["expect-mismatch", "score-ties"]')).check!.missing, ['score-ties']);
  });

  it('does not check an unknown code, which is itself a warning', () => {
    const { check, evaluation } = evaluateDeclared(fixture('["expect-mismatch", "no-such-code"]'));
    assert.equal(check!.ok, true);
    assert.deepEqual(evaluation.findings.filter((f) => f.code === 'unknown-finding-code').length, 1);
  });

  it('turns the preset comparison on when convention-dependent is declared', () => {
    const { check } = evaluateDeclared(fixture('["expect-mismatch", "convention-dependent"]'));
    assert.equal(check!.ok, true);
  });

  it('is null for a document that declares nothing', () => {
    const doc = parseFixture('cases: {}', 'yaml');
    assert.equal(checkDeclaredFindings(doc, []), null);
  });
});

describe('a case an error breaks, or the convention refuses: the one error, no number, no consequence', () => {
  it('a misspelled predictions key: NaN values left out of the means, its expectations unchecked, no finding of its own', () => {
    const text =
      'k: [3]\nmetrics: [P@k]\ncases:\n  u1: {labels: [a, b], predicitons: [a, x, b], expect: {P@3: 0.667, nope@3: 1}}\n  u2: {labels: [a], predictions: [a, x, y]}\n';
    const ev = evaluateDocument(parseFixture(text, 'yaml'));
    const f = ev.fixtures[0];
    assert.deepEqual(f.cases[0].node.broken?.reason, 'its predictions key is misspelled');
    assert.deepEqual(f.cases[0].values, [NaN]);
    // u2 alone: P@3 = 1/3.
    assert.deepEqual([f.mean, f.excluded], [[1 / 3], [1]]);
    assert.deepEqual(
      f.cases[0].expectations.map((e) => [e.node.metric.value, e.computed, e.matches]),
      [
        ['P@3', undefined, false],
        ['nope@3', undefined, false],
      ],
    );
    // The typo, and the unknown metric in expect, which no fix of the typo would mend: no empty-predictions, no mismatch.
    assert.deepEqual(
      ev.findings.map((x) => x.code),
      ['unknown-key', 'unknown-metric'],
    );
  });

  it('a syntax error that cuts a case short breaks it, and the error names the case', () => {
    const text = 'k: [3]\nmetrics: [P@k]\ncases:\n  u1:\n    labels: [a, b]]\n    predictions: [a, x, b]\n';
    const doc = parseFixture(text, 'yaml');
    const error = doc.problems.find((p) => p.code === 'syntax-error')!;
    // "k: [3]\nmetrics: [P@k]\ncases:\n" is 29 characters, u1 is 31..33, and the stray ] is at 53.
    assert.deepEqual(error.span, { start: 53, end: 54 });
    assert.deepEqual(error.related, [
      { span: { start: 31, end: 33 }, message: 'case "u1" stops here: it is not evaluated until this is fixed' },
    ]);
    assert.deepEqual(doc.fixtures[0].cases[0].broken, { span: { start: 53, end: 54 }, reason: 'the text does not parse inside it' });
    assert.deepEqual(
      evaluateDocument(doc).findings.map((x) => x.code),
      ['syntax-error'],
      'no empty-predictions for the predictions the error hid',
    );
  });

  it('a case trec_eval refuses (an item predicted twice): its expectations are unchecked, the refusal is the one error', () => {
    const text = 'k: [3]\nmetrics: [P@k]\ncases:\n  u1: {labels: [a], predictions: [a, x, a, y], expect: {P@3: 0.333}}\n';
    const ev = evaluateDocument(parseFixture(text, 'yaml'));
    assert.deepEqual(
      ev.findings.map((x) => [x.code, x.severity]),
      [['duplicate-prediction', 'error']],
    );
    assert.deepEqual(
      ev.fixtures[0].cases[0].expectations.map((e) => [e.computed, e.matches]),
      [[undefined, false]],
    );
    // seed000 keeps the first a: P@3 = 1/3 holds, and the repeat is a warning.
    const seed = evaluateDocument(parseFixture(`convention: seed000\n${text}`, 'yaml'));
    assert.deepEqual(
      seed.findings.map((x) => [x.code, x.severity]),
      [['duplicate-prediction', 'warning']],
    );
    assert.deepEqual(seed.fixtures[0].cases[0].expectations[0].matches, true);
  });
});
