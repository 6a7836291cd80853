/**
 * A few queries ranked again after the evaluation (shared/trec/evaluate/rankedQueries.ts), as
 * `ranklens diff` reads the queries it explains: in a grouped run only where their lines lie
 * (TrecEvaluation.places), in a run whose queries are interleaved by reading it again; the same
 * rankings either way, in trec_eval's order, with -M applied.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConvention } from '../../shared/core/conventions';
import { evaluateTrec, rankTrecQueries } from '../../shared/trec';
import { parseMetricSpec } from '../../shared/core/metricNames';

// 40 queries × 5 documents d0…d4; query q scores d_i as 10 − i, except query 7, which ties d1 and d3
// (trec_eval puts the larger docid, d3, first). Every query judges d2 relevant.
function files(dir: string) {
  const lines: string[][] = [];
  for (let q = 1; q <= 40; q++) lines.push([0, 1, 2, 3, 4].map((i) => `${q} Q0 d${i} ${i + 1} ${q === 7 && i === 3 ? 9 : 10 - i} t`));
  const qrels = join(dir, 'qrels');
  writeFileSync(qrels, Array.from({ length: 40 }, (_, q) => `${q + 1} 0 d2 1\n`).join(''));
  const grouped = join(dir, 'grouped.run');
  writeFileSync(grouped, `${lines.flat().join('\n')}\n`);
  // Round robin: every query's lines apart from each other, more than the reader's window of 32 queries.
  const interleaved = join(dir, 'interleaved.run');
  writeFileSync(interleaved, `${[0, 1, 2, 3, 4].flatMap((i) => lines.map((l) => l[i])).join('\n')}\n`);
  return { qrels, grouped, interleaved };
}

describe('rankTrecQueries', () => {
  it('ranks the queries asked for alike from where their lines lie and from the whole run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ranklens-ranked-'));
    try {
      const f = files(dir);
      const resolved = resolveConvention('trec_eval').resolved;
      const specs = [parseMetricSpec('nDCG@10').spec!];
      const options = { qrelsPath: f.qrels, specs, resolved, complete: false };
      const grouped = await evaluateTrec({ ...options, runPath: f.grouped, keepQrels: true });
      const interleaved = await evaluateTrec({ ...options, runPath: f.interleaved });
      assert.deepEqual([grouped.grouped, grouped.places.size, interleaved.places.size], [true, 40, 0]);
      const ask = (path: string, ev: typeof grouped, maxRank?: number) =>
        rankTrecQueries({ qrelsPath: f.qrels, runs: [{ path, places: ev.places }], resolved, qids: ['7', '33'], maxRank })[0];
      const ids = (m: ReturnType<typeof ask>) => [...m].map(([qid, rc]) => [qid, rc.ids.slice(0, rc.count)]);
      const expected = [
        ['7', ['d0', 'd3', 'd1', 'd2', 'd4']],
        ['33', ['d0', 'd1', 'd2', 'd3', 'd4']],
      ];
      assert.deepEqual(ids(ask(f.grouped, grouped)).sort(), expected.sort());
      assert.deepEqual(ids(ask(f.interleaved, interleaved)).sort(), expected.sort());
      // The qrels table the evaluation kept, instead of reading the qrels again: the same rankings, d2 judged relevant.
      assert.equal(interleaved.qrels, undefined);
      const kept = rankTrecQueries({
        qrelsPath: f.qrels,
        runs: [{ path: f.grouped, places: grouped.places }],
        resolved,
        qids: ['7'],
        qrels: grouped.qrels,
      })[0];
      const rc = kept.get('7')!;
      assert.deepEqual(
        [rc.ids.slice(0, rc.count), [...rc.relevant.subarray(0, rc.count)]],
        [expected.find((e) => e[0] === '7')![1], [0, 0, 0, 1, 0]],
      );
      // -M 2: the rankings the evaluation measured, cut as it cut them.
      assert.deepEqual(ids(ask(f.grouped, grouped, 2)).sort(), [
        ['33', ['d0', 'd1']],
        ['7', ['d0', 'd3']],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
