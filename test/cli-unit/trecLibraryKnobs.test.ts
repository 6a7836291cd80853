/**
 * The library knobs and measures in the TREC engine: identicalIds compares each docid with its qid
 * (BEIR's corpora where a query is also a document), and Hole@k counts a docid judged for any query
 * of the qrels as judged, as BEIR's annotated corpus does.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tempFiles } from '../cli/ranklens';
import { evaluateTrec } from '../../shared/trec';
import { resolveConvention } from '../../shared/core/conventions';
import { parseMetricSpec } from '../../shared/core/metricNames';

describe('library knobs in the TREC engine', () => {
  // q1 retrieves itself first; d2 is judged only for q2. Values hand-worked from beir-cellar/beir
  // beir/retrieval/evaluation.py (ef83d293) l.82-83 (identical ids) and beir/retrieval/custom_metrics.py l.75-78,
  // l.86-87 (Hole@k over the annotated corpus of every query's qrels).
  const dir = tempFiles({
    'b.qrels': 'q1 0 d1 1\nq1 0 q1 0\nq2 0 d2 1\n',
    'b.run': 'q1 Q0 q1 1 0.9 t\nq1 Q0 d1 2 0.8 t\nq1 Q0 d2 3 0.7 t\nq1 Q0 x 4 0.6 t\nq2 Q0 d2 1 0.9 t\n',
  });
  const run = async (overrides: Record<string, unknown>, ...names: string[]) =>
    (
      await evaluateTrec({
        qrelsPath: join(dir, 'b.qrels'),
        runPath: join(dir, 'b.run'),
        specs: names.map((n) => parseMetricSpec(n).spec!),
        resolved: resolveConvention('trec_eval', overrides).resolved,
        complete: false,
        jobs: 1,
      })
    ).queries.map((q) => [q.qid, ...q.values.map((v) => Number(v.toFixed(6)))]);

  it('identicalIds=drop: q1 leaves its own ranking, d1 moves to rank 1: P@1 0 → 1, RR 1/2 → 1', async () => {
    assert.deepEqual(await run({}, 'P@1', 'RR'), [
      ['q1', 0, 0.5],
      ['q2', 1, 1],
    ]);
    assert.deepEqual(await run({ identicalIds: 'drop' }, 'P@1', 'RR'), [
      ['q1', 1, 1],
      ['q2', 1, 1],
    ]);
  });

  it('Hole@4: q1 has one hole, x (d2 is judged for q2; q1 itself for q1): 1/4; q2 none', async () => {
    assert.deepEqual(await run({}, 'Hole@4'), [
      ['q1', 0.25],
      ['q2', 0],
    ]);
  });
});
