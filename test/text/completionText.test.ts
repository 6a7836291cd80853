/**
 * Completion candidates and their documentation, and the signature of a metric's parameters: the
 * labels in the order offered at each place (the `|` cursor), what each inserts, and documentation
 * that is the hover's own text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { completionContext } from '../../shared/fixture/editing/completionContext';
import { FixtureLanguage } from '../../shared/fixture/syntax/fixtureSyntax';
import { CompletionCandidate, completionCandidates, completionDocumentation } from '../../shared/text/completionText';
import { knobHover, metricHover, presetHover, metricsHover } from '../../shared/text/knobText';
import { metricSignature } from '../../shared/text/signatureText';
import { FixtureEvaluation } from '../../shared/evaluation';
import { evaluated } from '../helpers/evaluatedFixture';
import { cursorAt } from '../helpers/fixtureText';

const FE = evaluated(
  'k: [3, 5]\nmetrics: [P, nDCG@k]\nconvention: trec_eval\ncases:\n  q1: {labels: [a], predictions: [a, b]}\n',
  'yaml',
).fe;

function candidates(marked: string, language: FixtureLanguage, fe?: FixtureEvaluation, schemaShown = false): CompletionCandidate[] {
  const { text, offset } = cursorAt(marked);
  const context = completionContext(text, offset, language);
  assert.ok(context, 'a completion context');
  return completionCandidates(context, fe, { snippets: true, schemaShown }).sort((a, b) => a.sortText.localeCompare(b.sortText));
}

const labels = (list: CompletionCandidate[], n = 8) => list.slice(0, n).map((c) => c.label);
const byLabel = (list: CompletionCandidate[], label: string) => list.find((c) => c.label === label)!;

describe('completion candidates', () => {
  it('an empty YAML file: the fixture keys, cases first, each with a template for its value', () => {
    const list = candidates('|', 'yaml');
    assert.deepEqual(labels(list, 12), [
      'cases',
      'metrics',
      'k',
      'convention',
      'expectFindings',
      'headline',
      'description',
      'significance',
      '$schema',
      'benchmark',
      'qrels',
      'run',
    ]);
    assert.equal(byLabel(list, 'cases').insert, 'cases:\n\t$0');
    assert.equal(byLabel(list, 'metrics').insert, 'metrics: [$1]');
    assert.equal(byLabel(list, '$schema').insert, '\\$schema: $0');
  });

  it('keys already written are not offered again; a file with qrels gets the qrels/run keys', () => {
    assert.deepEqual(labels(candidates('k: [3]\n|\ncases: {}\n', 'yaml'), 20), [
      'metrics',
      'convention',
      'expectFindings',
      'headline',
      'description',
      'significance',
      '$schema',
      'benchmark',
    ]);
    assert.deepEqual(labels(candidates('qrels: {}\n|', 'yaml'), 3), ['run', 'runs', 'k']);
  });

  it('metric names: the typed prefix first (nD: nDCG…), then the names reports quote most', () => {
    const list = candidates('metrics: [P@5, nD|', 'yaml');
    assert.deepEqual(labels(list, 10), [
      'nDCG',
      'nDCG@k',
      'nDCG(gain1=…,gain2=…)',
      'nDCGrel',
      'ndcg',
      'ndcg_rel',
      'ndcg_cut_k',
      'AP',
      'AP@k',
      'AP(rel=…)@k',
    ]);
    assert.equal(byLabel(list, 'nDCG@k').insert, 'nDCG@${1:k}');
    // A flow list would split a plain scalar at the comma: the name goes in quotes.
    assert.equal(byLabel(list, 'nDCG(gain1=…,gain2=…)').insert, "'nDCG(gain1=${1:3},gain2=${2:9})'");
    assert.equal(byLabel(list, 'P(rel=…)@k').insert, 'P(rel=${1:2})@${2:k}');
    assert.equal(byLabel(list, 'RBP(p=…)').insert, 'RBP(p=${1:0.9})');
    assert.equal(byLabel(list, 'IPrec@0.5').insert, 'IPrec@${1:0.5}');
    assert.equal(byLabel(list, 'iprec_at_recall_0.50').detail, 'trec_eval · Interpolated precision at a recall level');
    assert.equal(byLabel(list, 'nDCG').detail, 'Normalized discounted cumulative gain');
    assert.equal(
      list.find((c) => c.label === 'P@5'),
      undefined,
      'P@5 is written already',
    );
  });

  it("after nDCG@: every cutoff (@k), then the fixture's cutoffs", () => {
    assert.deepEqual(labels(candidates('metrics: [nDCG@|]', 'yaml', FE), 4), ['nDCG@k', 'nDCG@3', 'nDCG@5', 'nDCG']);
  });

  it('in a JSON string, the name is inserted with its quotes and filtered with the opening one', () => {
    const list = candidates('{"metrics": ["P@5", "nD|"]}', 'json');
    assert.deepEqual(labels(list, 2), ['nDCG', 'nDCG@k']);
    assert.equal(byLabel(list, 'nDCG@k').insert, '"nDCG@${1:k}"');
    assert.equal(byLabel(list, 'nDCG@k').filterText, '"nDCG@k');
  });

  it('presets after convention:, knobs and presets under it, a knob’s values after it', () => {
    assert.deepEqual(labels(candidates('convention: |', 'yaml'), 3), ['trec_eval', 'seed000', 'ranx']);
    assert.deepEqual(labels(candidates('convention:\n  tr|', 'yaml'), 4), ['trec_eval', 'preset', 'emptyLabels', 'precisionDenominator']);
    assert.deepEqual(labels(candidates('convention:\n  ties: |', 'yaml')), [
      'input',
      'id-desc',
      'id-asc',
      'average',
      'pessimistic',
      'optimistic',
      'pessimistic-each',
    ]);
    const knobs = candidates('{"convention": {"preset": "trec_eval", "|"}}', 'json');
    assert.equal(byLabel(knobs, 'ties').insert, '"ties": "$1"');
    assert.equal(byLabel(knobs, 'ties').detail, 'input | id-desc | id-asc | average | pessimistic | optimistic | pessimistic-each');
    assert.equal(byLabel(knobs, 'relevanceThreshold').insert, '"relevanceThreshold": $1');
    assert.equal(
      knobs.find((c) => c.label === 'preset'),
      undefined,
      'preset is written already',
    );
  });

  it('finding codes not listed yet, with their default severity', () => {
    const list = candidates('expectFindings: [empty-labels, |]', 'yaml');
    assert.deepEqual(labels(list, 3), ['empty-predictions', 'single-item-row', 'empty-case']);
    assert.equal(byLabel(list, 'score-ties').detail, 'warning · case');
  });

  it('an expect entry: the metrics this fixture computes, its headline first, those written excepted', () => {
    const marked = 'k: [3, 5]\nmetrics: [P, nDCG@k]\ncases:\n  q1:\n    labels: [a]\n    expect:\n      P@3: 1\n      |\n';
    const list = candidates(marked, 'yaml', FE);
    assert.deepEqual(labels(list), ['P@5', 'nDCG@3', 'nDCG@5']);
    assert.equal(byLabel(list, 'nDCG@5').insert, 'nDCG@5: $0');
    assert.deepEqual(candidates(marked, 'yaml'), [], 'nothing without an evaluation of the fixture');
  });

  it('significance: its keys, then the tests and corrections it takes', () => {
    assert.deepEqual(labels(candidates('significance: {test: t, |}', 'yaml')), ['correction', 'alpha', 'trials', 'seed']);
    const tests = candidates('significance:\n  test: |', 'yaml');
    assert.deepEqual(labels(tests), ['t', 'wilcoxon', 'randomization', 'bootstrap', 'tukey']);
    assert.equal(byLabel(tests, 'wilcoxon').detail, 'Wilcoxon signed-rank test');
    assert.deepEqual(labels(candidates('significance:\n  correction: |', 'yaml')), ['none', 'bonferroni', 'holm', 'bh']);
  });

  it('where the editor completes from the schema, only what the schema cannot list', () => {
    assert.deepEqual(labels(candidates('{"metrics": ["|"]}', 'json', undefined, true), 4), [
      'nDCG@k',
      'nDCG(gain1=…,gain2=…)',
      'AP(rel=…)@k',
      'P@k',
    ]);
    const { text, offset } = cursorAt('{"convention": "|"}');
    assert.deepEqual(completionCandidates(completionContext(text, offset, 'json')!, undefined, { snippets: true, schemaShown: true }), []);
  });

  it('without snippets: the plain name, and a key with its colon only', () => {
    const { text, offset } = cursorAt('metrics: [nD|]');
    const list = completionCandidates(completionContext(text, offset, 'yaml')!, undefined, { snippets: false });
    assert.deepEqual(byLabel(list, 'nDCG@k'), { ...byLabel(list, 'nDCG@k'), insert: 'nDCG@k', snippet: false });
    const keys = completionCandidates(completionContext('', 0, 'yaml')!, undefined, { snippets: false });
    assert.equal(byLabel(keys, 'cases').insert, 'cases: ');
  });
});

describe('completion documentation: the hover’s text', () => {
  it('a metric name: the hover on that name in this fixture, or its family’s title without one', () => {
    assert.equal(completionDocumentation({ kind: 'metric', name: 'nDCG@k' }, FE), metricHover(FE, 'nDCG@k'));
    assert.ok(metricHover(FE, 'nDCG@k').startsWith('**nDCG@k** — Normalized discounted cumulative gain'));
    assert.equal(
      completionDocumentation({ kind: 'metric', name: 'nDCG@k' }, undefined),
      '**nDCG@k** — Normalized discounted cumulative gain',
    );
  });

  it('a preset, a knob, the metrics key: their hovers', () => {
    assert.equal(completionDocumentation({ kind: 'preset', name: 'trec_eval' }, FE), presetHover('trec_eval'));
    assert.equal(completionDocumentation({ kind: 'knob', name: 'ties' }, FE), knobHover(FE, 'ties'));
    assert.equal(completionDocumentation({ kind: 'key', key: 'metrics', in: 'fixture' }, FE), metricsHover(FE));
  });

  it("a key without a hover: the schema's description, which the editor shows on it", () => {
    assert.equal(
      completionDocumentation({ kind: 'key', key: 'cases', in: 'fixture' }, FE),
      'The cases (users, queries): a list of objects with an id, or a mapping id → case.',
    );
    assert.equal(
      completionDocumentation({ kind: 'key', key: 'expect', in: 'case' }, FE),
      'Expected values, metric name → value (null for NaN). A value matches within half a unit of its last written decimal: 0.333 accepts 1/3; 1 must be exact.',
    );
  });

  it("a finding code: its declared summary; a knob's value: the knob's description", () => {
    assert.equal(
      completionDocumentation({ kind: 'code', code: 'empty-labels' }, undefined),
      '**empty-labels** (warning by default) — The case has no relevant label.',
    );
    assert.ok(
      completionDocumentation({ kind: 'knob-value', knob: 'gain' }, undefined).startsWith(
        '**gain** — The gain of a grade g: g itself (linear)',
      ),
    );
  });
});

describe('metric signatures', () => {
  it('RBP(p=: the family, rel and p with what each sets, p active', () => {
    const s = metricSignature('RBP(p=')!;
    assert.equal(s.label, 'RBP(rel=…, p=0.9)');
    assert.equal(s.documentation, '**RBP** — Rank-biased precision');
    assert.deepEqual(
      s.parameters.map((p) => s.label.slice(p.label[0], p.label[1])),
      ['rel=…', 'p=0.9'],
    );
    assert.equal(
      s.parameters[1].documentation,
      'the persistence: the chance that the user goes on from one rank to the next (default 0.9).',
    );
    assert.equal(s.active, 1);
  });

  it('the first parameter not written yet, nDCG’s gains, Utility’s coefficients, and nothing outside the parentheses', () => {
    assert.equal(metricSignature('P(')!.label, 'P(rel=…)');
    assert.equal(metricSignature('nDCG(rel=1, ')!.active, 1);
    assert.equal(metricSignature('nDCG(gain2=')!.label, 'nDCG(rel=…, gain<grade>=…)');
    assert.equal(metricSignature('nDCG(gain2=')!.active, 1);
    assert.equal(metricSignature('Utility(b=')!.label, 'Utility(rel=…, a=1, b=-1, c=0, d=0)');
    assert.equal(metricSignature('Utility(b=')!.active, 2);
    assert.equal(metricSignature('RBP(p=0.8)@'), undefined);
    assert.equal(metricSignature('nDGC('), undefined);
  });
});
