/**
 * `ranklens diff QRELS RUN_A RUN_B [RUN …]`: runs compared query by query, on trec_eval's own test
 * files, test/data/trec/compare.*, and a hand-made example worked out below.
 *
 * The hand-made example, nDCG@3 (trec_eval's ndcg_cut_3: gain = grade, discount 1/log2(rank + 1),
 * IDCG from every judgment of the query):
 *   qrels: q1: a 2, b 1, c 0;  q2: a 1, n 0;  q3: a 1          (x and z are judged nowhere)
 *   base:  q1: a 3, c 2, b 1, z 0.5 → a c b z      q2: a n    q3: z 2, a 1 → z a
 *   new:   q1: b 3, c 2, x 2, a 1 → b x c a (c and x tie at 2: trec_eval puts the larger docid, x,
 *          first)                                   q2: a n    q3: a 2, z 1 → a z
 *   q1: IDCG = 2 + 1/log2(3) = 2.630930.
 *       base DCG = 2 (a@1) + 0 (c@2) + 1/log2(4) = 0.5 (b@3) = 2.5; nDCG = 2.5/2.630930 = 0.950234
 *       new  DCG = 1 (b@1) + 0 (x@2) + 0 (c@3) = 1;                 nDCG = 1/2.630930 = 0.380094
 *       new − base = −0.570141: a loss. Effects (new's term less base's): a left (rank 1 → 4):
 *       0 − 2/2.630930 = −0.760188; b moved 3 → 1: 1/2.630930 − 0.5/2.630930 = +0.190047; x entered
 *       (unjudged) 0; c moved 2 → 3 (grade 0) 0. −0.760188 + 0.190047 = −0.570141.
 *   q2: 1 and 1: a tie.
 *   q3: IDCG = 1. base: a@2 = 1/log2(3) = 0.630930; new: a@1 = 1. +0.369070: a win (a moved 2 → 1,
 *       effect +0.369070; z moved 1 → 2, unjudged, 0).
 *   Wins 1, ties 1, losses 1; with --tie 0.4 q3 is a tie too: 0, 2, 1.
 *   Means: base (0.950234 + 1 + 0.630930)/3 = 0.860388; new (0.380094 + 1 + 1)/3 = 0.793365.
 * trec_eval 10.0-rc3 agrees: `trec_eval -q -m ndcg_cut.3 hand.qrels base.run` prints q1 0.9502,
 * q2 1.0000, q3 0.6309; on new.run q1 0.3801, q2 1.0000, q3 1.0000.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { TREC_DATA, ranklens, tempFiles } from './ranklens';

const HAND_FILES: Record<string, string> = {
  'hand.qrels': 'q1 0 a 2\nq1 0 b 1\nq1 0 c 0\nq2 0 a 1\nq2 0 n 0\nq3 0 a 1\n',
  'base.run':
    'q1 Q0 a 1 3 base\nq1 Q0 c 2 2 base\nq1 Q0 b 3 1 base\nq1 Q0 z 4 0.5 base\nq2 Q0 a 1 2 base\nq2 Q0 n 2 1 base\nq3 Q0 z 1 2 base\nq3 Q0 a 2 1 base\n',
  'new.run':
    'q1 Q0 b 1 3 new\nq1 Q0 c 2 2 new\nq1 Q0 x 3 2 new\nq1 Q0 a 4 1 new\nq2 Q0 a 1 2 new\nq2 Q0 n 2 1 new\nq3 Q0 a 1 2 new\nq3 Q0 z 2 1 new\n',
  'broken.run': 'q1 Q0 a 1 3 broken\nq1 Q0 a 2 2 broken\n',
  // The same judgments and rankings as BEIR's TSV, JSON lines and CSV (the scores alone order a run).
  'hand.tsv': 'query-id\tcorpus-id\tscore\nq1\ta\t2\nq1\tb\t1\nq1\tc\t0\nq2\ta\t1\nq2\tn\t0\nq3\ta\t1\n',
  'base.jsonl': [
    ['q1', 'a', 3],
    ['q1', 'c', 2],
    ['q1', 'b', 1],
    ['q1', 'z', 0.5],
    ['q2', 'a', 2],
    ['q2', 'n', 1],
    ['q3', 'z', 2],
    ['q3', 'a', 1],
  ]
    .map(([qid, docid, score]) => `${JSON.stringify({ qid, docid, score })}\n`)
    .join(''),
  'new.csv': 'qid,docid,score\nq1,b,3\nq1,c,2\nq1,x,2\nq1,a,1\nq2,a,2\nq2,n,1\nq3,a,2\nq3,z,1\n',
};
const HAND = tempFiles(HAND_FILES);
const TE = join(TREC_DATA, 'trec_eval');

interface DiffReport {
  command: string;
  measure: { name: string; trecEval: string | null };
  refused: boolean;
  tie: number;
  depth: number;
  runs: { name: string; mean: number | null; queries: { id: string; value: number | null }[] }[];
  comparisons: {
    a: string;
    b: string;
    diff: number;
    p: number;
    pAdjusted: number;
    wins: number;
    ties: number;
    losses: number;
    queries: { id: string; a: number; b: number; diff: number; outcome: string }[];
    largestGains: Explained[];
    largestLosses: Explained[];
    requested: Explained[];
  }[];
}

interface Explained {
  id: string;
  diff: number;
  additive: boolean;
  shownEffect: number | null;
  documents: {
    docid: string;
    change: string;
    judgment: string;
    grade: number | null;
    rankA: number | null;
    rankB: number | null;
    effect: number | null;
  }[];
  unjudgedEntered: string[];
  topA: { docid: string; judgment: string; grade: number | null }[];
  topB: { docid: string; judgment: string; grade: number | null }[];
}

function diff(args: string[], cwd = HAND): DiffReport {
  const r = ranklens(['diff', ...args, '--json'], cwd);
  assert.ok(r.code === 0, `exit ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as DiffReport;
}

const round = (x: number | null, d = 4) => (x === null ? null : Number(x.toFixed(d)));
const values = (run: DiffReport['runs'][number]) => run.queries.map((q) => [q.id, round(q.value)]);

describe('ranklens diff: the qrels from ranklens.config.json', () => {
  // The hand-made example laid out as a project: runs/ paired with qrels/hand.qrels by the config.
  const files = (config: string) =>
    tempFiles({
      'ranklens.config.json': config,
      'qrels/hand.qrels': HAND_FILES['hand.qrels'],
      'runs/base.run': HAND_FILES['base.run'],
      'runs/new.run': HAND_FILES['new.run'],
      'other/new.run': HAND_FILES['new.run'],
    });

  it('given only runs that the config pairs with one qrels file, judges them by it (q3 +0.3691, q2 0, q1 −0.5701 at nDCG@3)', () => {
    const dir = files('{ // runs to their qrels\n  "qrels": {"runs/*.run": "qrels/hand.qrels"}\n}\n');
    const report = diff(['-m', 'nDCG@3', 'runs/base.run', 'runs/new.run'], dir);
    assert.deepEqual(
      report.comparisons[0].queries.map((q) => [q.id, round(q.diff), q.outcome]),
      [
        ['q3', 0.3691, 'win'],
        ['q2', 0, 'tie'],
        ['q1', -0.5701, 'loss'],
      ],
    );
    assert.deepEqual(
      report.runs.map((r) => [r.name, round(r.mean)]),
      [
        ['base', 0.8604],
        ['new', 0.7934],
      ],
    );
    // The same with the qrels written out.
    assert.deepEqual(diff(['-m', 'nDCG@3', 'qrels/hand.qrels', 'runs/base.run', 'runs/new.run'], dir).comparisons, report.comparisons);
  });

  it('does not guess when a run is paired with nothing, or the runs with different qrels', () => {
    const dir = files('{"qrels": {"runs/*.run": "qrels/hand.qrels"}}');
    const unpaired = ranklens(['diff', 'runs/base.run', 'other/new.run'], dir);
    assert.equal(unpaired.code, 2);
    assert.match(
      unpaired.stderr,
      /diff takes QRELS and two or more runs; got 2 file\(s\)\. Runs alone do when ranklens\.config\.json's "qrels" pairs them all/,
    );
    const split = files('{"qrels": {"runs/base.run": "qrels/hand.qrels", "runs/new.run": "runs/base.run"}}');
    assert.equal(ranklens(['diff', 'runs/base.run', 'runs/new.run'], split).code, 2);
  });
});

describe('ranklens diff: per-query values are trec_eval -q', () => {
  it("trec_eval's own test files, -c (results.trunc misses query 302): ndcg_cut_10 per query", () => {
    // trec_eval -q -c -m ndcg_cut.10 qrels.test results.test / results.trunc (10.0-rc3):
    //   results.test:  301 0.1518, 302 0.7530, 303 0.0000;  results.trunc: 301 0.1518, 302 0.0000, 303 0.3633
    const report = diff(['-c', join(TE, 'qrels.test'), join(TE, 'results.test'), join(TE, 'results.trunc')], TE);
    assert.deepEqual(report.measure, { name: 'nDCG@10', trecEval: 'ndcg_cut_10' });
    // Both runs are tagged STANDARD: each is named by its file.
    assert.deepEqual(
      report.runs.map((r) => [r.name, ...values(r)]),
      [
        ['results.test', ['301', 0.1518], ['302', 0.753], ['303', 0]],
        ['results.trunc', ['301', 0.1518], ['302', 0], ['303', 0.3633]],
      ],
    );
    assert.deepEqual(
      report.comparisons[0].queries.map((q) => [q.id, round(q.diff), q.outcome]),
      [
        ['303', 0.3633, 'win'],
        ['301', 0, 'tie'],
        ['302', -0.753, 'loss'],
      ],
    );
  });

  it('compare.qrels, base and better: ndcg_cut_10 and map per query', () => {
    // trec_eval -q -m ndcg_cut.10 -m map compare.qrels compare-base.run / compare-better.run:
    //   base   ndcg_cut_10 1 0.6309, 2 0.5000, 3 1.0000, 4 0.6309, 5 0.0000, 6 0.4307; map 0.5, 0.3333, 1, 0.5, 0, 0.25
    //   better ndcg_cut_10 1 1, 2 1, 3 1, 4 1, 5 0.6309, 6 0.6309;                    map 1, 1, 1, 1, 0.5, 0.5
    const runs = [join(TREC_DATA, 'compare-base.run'), join(TREC_DATA, 'compare-better.run')];
    const ndcg = diff([join(TREC_DATA, 'compare.qrels'), ...runs]);
    assert.deepEqual(ndcg.runs.map(values), [
      [
        ['1', 0.6309],
        ['2', 0.5],
        ['3', 1],
        ['4', 0.6309],
        ['5', 0],
        ['6', 0.4307],
      ],
      [
        ['1', 1],
        ['2', 1],
        ['3', 1],
        ['4', 1],
        ['5', 0.6309],
        ['6', 0.6309],
      ],
    ]);
    const ap = diff([join(TREC_DATA, 'compare.qrels'), ...runs, '-m', 'map']);
    assert.deepEqual(ap.measure, { name: 'AP', trecEval: 'map' });
    assert.deepEqual(ap.runs.map(values), [
      [
        ['1', 0.5],
        ['2', 0.3333],
        ['3', 1],
        ['4', 0.5],
        ['5', 0],
        ['6', 0.25],
      ],
      [
        ['1', 1],
        ['2', 1],
        ['3', 1],
        ['4', 1],
        ['5', 0.5],
        ['6', 0.5],
      ],
    ]);
  });

  it('gives the pair the p of ranklens trec QRELS A B (paired t; Holm over the pairs with three runs)', () => {
    const files = [join(TREC_DATA, 'compare.qrels'), ...['base', 'better', 'mixed'].map((r) => join(TREC_DATA, `compare-${r}.run`))];
    const trec = JSON.parse(ranklens(['trec', ...files, '-m', 'nDCG@10', '--json']).stdout) as {
      comparisons: { b: string; p: number; pAdjusted: number; diff: number }[];
    };
    const report = diff(files);
    assert.deepEqual(
      report.comparisons.map((c) => [c.b, c.diff, c.p, c.pAdjusted]),
      trec.comparisons.map((c) => [c.b, c.diff, c.p, c.pAdjusted]),
    );
    // As the guide's table says: better − base +0.3449, p (Holm) 0.0252; mixed − base +0.1000, 0.5061.
    assert.deepEqual(
      report.comparisons.map((c) => [c.b, round(c.diff), round(c.pAdjusted)]),
      [
        ['better', 0.3449, 0.0252],
        ['mixed', 0.1, 0.5061],
      ],
    );
  });
});

describe('ranklens diff: the hand-made example (worked out at the top)', () => {
  it('wins, ties and losses, every query sorted by its difference', () => {
    const report = diff(['hand.qrels', 'base.run', 'new.run', '-m', 'nDCG@3']);
    assert.deepEqual([report.tie, report.depth], [0, 3]);
    assert.deepEqual(
      report.runs.map((r) => [r.name, round(r.mean, 6)]),
      [
        ['base', 0.860388],
        ['new', 0.793365],
      ],
    );
    const [c] = report.comparisons;
    assert.deepEqual([c.wins, c.ties, c.losses], [1, 1, 1]);
    assert.deepEqual(
      c.queries.map((q) => [q.id, round(q.a, 6), round(q.b, 6), round(q.diff, 6), q.outcome]),
      [
        ['q3', 0.63093, 1, 0.36907, 'win'],
        ['q2', 1, 1, 0, 'tie'],
        ['q1', 0.950234, 0.380094, -0.570141, 'loss'],
      ],
    );
    const tied = diff(['hand.qrels', 'base.run', 'new.run', '-m', 'nDCG@3', '--tie', '0.4']).comparisons[0];
    assert.deepEqual([tied.wins, tied.ties, tied.losses, tied.largestGains.length], [0, 2, 1, 0]);
  });

  it('the loss q1: the documents that entered, left and moved, their judgments, ranks and effects', () => {
    const [c] = diff(['hand.qrels', 'base.run', 'new.run', '-m', 'nDCG@3']).comparisons;
    const [loss] = c.largestLosses;
    assert.equal(loss.id, 'q1');
    assert.deepEqual(
      loss.documents.map((d) => [d.change, d.docid, d.judgment, d.grade, d.rankA, d.rankB, round(d.effect, 6)]),
      [
        ['entered', 'x', 'unjudged', null, null, 2, 0],
        ['left', 'a', 'relevant', 2, 1, 4, -0.760188],
        ['moved', 'b', 'relevant', 1, 3, 1, 0.190047],
        ['moved', 'c', 'nonrelevant', 0, 2, 3, 0],
      ],
    );
    assert.deepEqual([loss.additive, round(loss.shownEffect, 6), loss.unjudgedEntered], [true, -0.570141, ['x']]);
    // Both top 3s side by side, as the view shows them.
    assert.deepEqual(
      [loss.topA, loss.topB].map((top) => top.map((d) => [d.docid, d.judgment, d.grade])),
      [
        [
          ['a', 'relevant', 2],
          ['c', 'nonrelevant', 0],
          ['b', 'relevant', 1],
        ],
        [
          ['b', 'relevant', 1],
          ['x', 'unjudged', null],
          ['c', 'nonrelevant', 0],
        ],
      ],
    );
    const [gain] = c.largestGains;
    assert.deepEqual(
      gain.documents.map((d) => [d.change, d.docid, d.judgment, d.rankA, d.rankB, round(d.effect, 6)]),
      [
        ['moved', 'a', 'relevant', 2, 1, 0.36907],
        ['moved', 'z', 'unjudged', 1, 2, 0],
      ],
    );
  });

  it('the same from BEIR TSV qrels, a JSON lines run and a CSV run: every figure, and the queries explained from their rows', () => {
    const trec = diff(['hand.qrels', 'base.run', 'new.run', '-m', 'nDCG@3']);
    const formats = diff(['hand.tsv', 'base.jsonl', 'new.csv', '-m', 'nDCG@3']);
    assert.deepEqual(
      formats.runs.map((r) => [r.name, round(r.mean)]),
      [
        ['base.jsonl', 0.8604],
        ['new.csv', 0.7934],
      ],
    );
    // Named by their files (a run of another format has no tag of its own here); every figure the same.
    assert.deepEqual(
      formats.comparisons.map((c) => ({ ...c, a: 'base', b: 'new' })),
      trec.comparisons,
    );
    assert.deepEqual(
      formats.comparisons[0].largestLosses[0].documents.map((d) => [d.change, d.docid, d.rankA, d.rankB]),
      [
        ['entered', 'x', null, 2],
        ['left', 'a', 1, 4],
        ['moved', 'b', 3, 1],
        ['moved', 'c', 2, 3],
      ],
    );
  });

  it('--top 0 explains nothing; --query explains a query whatever its difference (q2, a tie)', () => {
    const [c] = diff(['hand.qrels', 'base.run', 'new.run', '-m', 'nDCG@3', '--top', '0', '--query', 'q2']).comparisons;
    assert.deepEqual([c.largestGains, c.largestLosses], [[], []]);
    assert.deepEqual(
      c.requested.map((q) => [q.id, q.diff, q.documents, q.topA.map((d) => d.docid), q.topB.map((d) => d.docid)]),
      [['q2', 0, [], ['a', 'n'], ['a', 'n']]],
    );
    // A query already among the largest changes is not repeated.
    assert.deepEqual(diff(['hand.qrels', 'base.run', 'new.run', '-m', 'nDCG@3', '--query', 'q1']).comparisons[0].requested, []);
    const unknown = ranklens(['diff', 'hand.qrels', 'base.run', 'new.run', '--query', 'q9'], HAND);
    assert.deepEqual(
      [unknown.code, unknown.stderr.split('\n')[0]],
      [2, 'ranklens: --query q9: no such query is paired (in both runs, with a value).'],
    );
  });

  it('as text: the table and the explanation, every line within 100 columns', () => {
    const r = ranklens(['diff', 'hand.qrels', 'base.run', 'new.run', '-m', 'nDCG@3', '--top', '1'], HAND);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.ok(
      lines.every((l) => [...l].length <= 100),
      lines.find((l) => [...l].length > 100),
    );
    for (const line of [
      "nDCG@3 (trec_eval's ndcg_cut_3) per query, convention trec_eval.",
      'Wins 1, ties 1, losses 1 (a tie: equal values; --tie sets the margin).',
      'q3       0.6309    1.0000     +0.3691',
      'q1       0.9502    0.3801     -0.5701',
      'query q1: base 0.9502 → new 0.3801 (-0.5701)',
      '  entered  x                           UNJUDGED                   –     2   +0.0000',
      '  left     a                           relevant (grade 2)         1     4   -0.7602',
      '  moved    b                           relevant (grade 1)         3     1   +0.1900',
      '  1 unjudged document entered the top 3 (x): unjudged counts as non-relevant, so judging it could',
    ])
      assert.ok(lines.includes(line), `${line}\nin\n${r.stdout}`);
  });

  it('CSV in long form (run,query,measure,value), read back, equals the JSON', () => {
    const r = ranklens(['diff', 'hand.qrels', 'base.run', 'new.run', '-m', 'nDCG@3', '--format', 'csv'], HAND);
    assert.equal(r.code, 0, r.stderr);
    const [header, ...rows] = r.stdout
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    assert.deepEqual(header, ['run', 'query', 'measure', 'value']);
    const json = diff(['hand.qrels', 'base.run', 'new.run', '-m', 'nDCG@3']);
    const fromJson = json.runs.flatMap((run) => run.queries.map((q) => [run.name, q.id, json.measure.name, q.value]));
    assert.deepEqual(
      rows.map(([run, query, measure, value]) => [run, query, measure, Number(value)]),
      fromJson,
    );
    assert.equal(rows.length, 6);
  });

  it('a run with a line trec_eval stops at stops the diff (refused, exit 1), as it stops trec', () => {
    const text = ranklens(['diff', 'hand.qrels', 'base.run', 'broken.run'], HAND);
    assert.deepEqual([text.code, text.stdout], [1, '']);
    assert.match(text.stderr, /duplicate-prediction/);
    const json = ranklens(['diff', 'hand.qrels', 'base.run', 'broken.run', '--json'], HAND);
    const report = JSON.parse(json.stdout) as DiffReport;
    assert.deepEqual([json.code, report.refused, report.comparisons, report.runs[0].mean], [1, true, [], null]);
  });

  it('refuses several measures, a bad --tie, one run', () => {
    for (const args of [
      ['-m', 'official'],
      ['-m', 'AP', '-m', 'P@5'],
      ['--tie', 'x'],
      ['--tie', '-0.1'],
      ['--format', 'latex'],
    ]) {
      const r = ranklens(['diff', 'hand.qrels', 'base.run', 'new.run', ...args], HAND);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    }
    assert.match(ranklens(['diff', 'hand.qrels', 'base.run'], HAND).stderr, /diff takes QRELS and two or more runs; got 2/);
  });
});
