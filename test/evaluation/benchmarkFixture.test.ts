/**
 * `benchmark:` in a fixture and in ranklens.config.json: the benchmark's official measures, cutoffs
 * and convention stand in for what the fixture leaves out, and the convention's source says so.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { readProjectConfig, withProjectConfig } from '../../shared/evaluation/projectConfig';
import { parseFixture } from '../../shared/fixture/parse';
import { findingAt } from '../helpers/fixtureText';

// Graded labels as TREC DL judges passages (0-3); d2 and d4 are relevant at level 2, d1 and d5 at 1 only.
const TREC_DL = `benchmark: trec-dl
cases:
  q1: { labels: { d1: 1, d2: 2, d3: 0 }, predictions: [d3, d2, d1] }
  q2: { labels: { d4: 3, d5: 1 }, predictions: [d5, d4] }
`;

describe('a fixture with a benchmark', () => {
  it('trec-dl: computes nDCG@10 on the grades and AP and R@1000 at relevance ≥ 2, under trec_eval, and says where the convention came from', () => {
    const f = evaluateDocument(parseFixture(TREC_DL, 'yaml')).fixtures[0];
    assert.deepEqual(f.names, ['R(rel=2)@1000', 'AP(rel=2)', 'nDCG@10']);
    assert.equal(f.convention.name, 'trec_eval');
    assert.equal(f.conventionSource, 'benchmark trec-dl');
    assert.equal(f.benchmark?.name, 'trec-dl');
    const [q1, q2] = f.cases.map((c) => c.values);
    // The same files through trec_eval give AP 0.5 and 0.5 with -l 2, nDCG@10 0.6697 and 0.7967.
    assert.deepEqual(q1.slice(0, 2), [1, 0.5]);
    assert.equal(q1[2].toFixed(4), '0.6697');
    assert.deepEqual(q2.slice(0, 2), [1, 0.5]);
    assert.equal(q2[2].toFixed(4), '0.7967');
  });

  it('keeps what the fixture writes itself: its metrics, k and convention win over the benchmark’s', () => {
    const f = evaluateDocument(
      parseFixture(
        'benchmark: beir\nk: [3]\nmetrics: [P]\nconvention: ranx\ncases:\n  q: { labels: [a], predictions: [a, b, c] }\n',
        'yaml',
      ),
    ).fixtures[0];
    assert.deepEqual(f.names, ['P@3']);
    assert.equal(f.convention.name, 'ranx');
    assert.equal(f.conventionSource, 'fixture');
  });

  it('reports an unknown benchmark with a did-you-mean, and evaluates without one', () => {
    const { finding } = findingAt('{"benchmark": ⟦"beri"⟧, "cases": {}}', 'json', 'unknown-benchmark');
    assert.equal(
      finding.message,
      'Unknown benchmark "beri"; did you mean "beir"? Benchmarks: msmarco-passage, trec-dl, beir, mteb. The fixture is evaluated without one.',
    );
    assert.deepEqual(finding.data, { replacement: 'beir' });
  });

  it('takes the benchmark of ranklens.config.json for fixtures that name none', () => {
    const { config, problems } = readProjectConfig({ benchmark: 'MS MARCO passage' });
    assert.deepEqual([config.benchmark, problems], ['msmarco-passage', []]);
    const options = withProjectConfig({}, { path: 'ranklens.config.json', source: 'ranklens.config.json', config, problems });
    const f = evaluateDocument(parseFixture('cases:\n  q: { labels: [b], predictions: [a, b] }\n', 'yaml'), options).fixtures[0];
    assert.deepEqual(f.names, ['R@1000', 'RR@10']);
    assert.deepEqual(f.cases[0].values, [1, 0.5]);
    assert.equal(f.conventionSource, 'benchmark msmarco-passage');
    assert.deepEqual(readProjectConfig({ benchmark: 'msmarco-doc' }).problems, [
      'benchmark must be one of msmarco-passage, trec-dl, beir, mteb; "msmarco-doc" is ignored.',
    ]);
  });
});
