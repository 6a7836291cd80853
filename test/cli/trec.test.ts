/**
 * `ranklens trec` against numbers worked by hand from trec_eval's definitions
 * (/work/shared/notes/metric-conventions.md) and against trec_eval's own published output.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTrec } from '../../bench/genTrec';
import { TREC_DATA, ranklens, tempFiles, trecValues } from './ranklens';
import { TREC_PUBLISHED, TREC_TOPICS } from '../fixtures/trecEvalPublished';

const QRELS = join(TREC_DATA, 'handworked.qrels');
const RUN = join(TREC_DATA, 'handworked.run');
const MEASURES = ['-m', 'P@1,P@3,P@5,P@10,R@5,AP,AP@3,RR,Rprec,nDCG,nDCG@3,Success@1,Success@3'];

/*
 * handworked.qrels / handworked.run, under trec_eval's rules: sort by score descending, ties by
 * docid descending as text, rank column ignored; relevant = grade ≥ 1; negative grade = judged
 * non-relevant with no gain; nDCG gain = the grade, discount log2(rank + 1), ideal = every judged
 * grade > 0 sorted (cut at k for nDCG@k).
 *
 * Query 1: judged d1=2, d2=0, d3=1, d4=−1, d9=1 (never retrieved), so R = 3 (d1, d3, d9).
 *   Run scores d2 0.9, d1 0.8, d5 0.8 (unjudged), d3 0.5, d4 0.4. d1 and d5 tie at 0.8; "d5" > "d1",
 *   so the ranking is d2 d5 d1 d3 d4 with relevance 0 0 1 1 0 and gains 0 0 2 1 0.
 *   P@1 = 0, P@3 = 1/3 = 0.3333, P@5 = 2/5 = 0.4000, P@10 = 2/10 = 0.2000, R@5 = 2/3 = 0.6667
 *   AP = (1/3 + 2/4) / 3 = 0.2778, AP@3 = (1/3) / 3 = 0.1111, RR = 1/3 = 0.3333
 *   Rprec = hits in the top 3 / 3 = 1/3 = 0.3333, Success@1 = 0, Success@3 = 1
 *   DCG = 2/log2(4) + 1/log2(5) = 1 + 0.43068 = 1.43068; IDCG = 2/1 + 1/log2(3) + 1/log2(4) = 3.13093
 *   nDCG = 1.43068 / 3.13093 = 0.4569; nDCG@3 = (2/log2(4)) / 3.13093 = 0.3194
 * Query 2: judged a=1, b=1 (R = 2). Ranking c (unjudged) a b, relevance 0 1 1.
 *   P@1 = 0, P@3 = 2/3 = 0.6667, P@5 = 0.4000, P@10 = 0.2000, R@5 = 1, AP = AP@3 = (1/2 + 2/3) / 2 = 0.5833
 *   RR = 0.5, Rprec = 1/2 = 0.5, nDCG = nDCG@3 = (1/log2(3) + 1/log2(4)) / (1 + 1/log2(3)) = 1.13093 / 1.63093 = 0.6934
 * Query 10: judged x=3, y=0 (R = 1). x and y tie at 5 (x written first); "y" > "x", so y ranks first.
 *   P@1 = 0, P@3 = 1/3, P@5 = 0.2000, P@10 = 0.1000, R@5 = 1, AP = AP@3 = RR = 1/2, Rprec = 0 (top 1 is y)
 *   nDCG = nDCG@3 = (3/log2(3)) / 3 = 0.6309
 * Query 3: judged p=0, q=−1: no relevant document, so every measure is 0 and the query counts.
 * Query 4: judged (z=1) but absent from the run: skipped, or 0 with -c (--complete).
 * Query 9: only in the run: ignored.
 * Means over 1, 10, 2, 3 (4 queries): P@5 = (0.4 + 0.2 + 0.4 + 0) / 4 = 0.2500,
 *   AP = (0.27778 + 0.5 + 0.58333 + 0) / 4 = 0.3403, RR = (1/3 + 1/2 + 1/2 + 0) / 4 = 0.3333,
 *   Rprec = (1/3 + 0 + 1/2 + 0) / 4 = 0.2083, nDCG = (0.45695 + 0.63093 + 0.69343 + 0) / 4 = 0.4453.
 * With -c, query 4 adds a row of zeros: P@5 = 1.0 / 5 = 0.2000, AP = 1.36111 / 5 = 0.2722,
 *   RR = 1.33333 / 5 = 0.2667, nDCG = 1.78131 / 5 = 0.3563.
 */
const PER_QUERY: Record<string, Record<string, string>> = {
  1: {
    'P@1': '0.0000',
    'P@3': '0.3333',
    'P@5': '0.4000',
    'P@10': '0.2000',
    'R@5': '0.6667',
    AP: '0.2778',
    'AP@3': '0.1111',
    RR: '0.3333',
    Rprec: '0.3333',
    nDCG: '0.4569',
    'nDCG@3': '0.3194',
    'Success@1': '0.0000',
    'Success@3': '1.0000',
  },
  2: {
    'P@1': '0.0000',
    'P@3': '0.6667',
    'P@5': '0.4000',
    'P@10': '0.2000',
    'R@5': '1.0000',
    AP: '0.5833',
    'AP@3': '0.5833',
    RR: '0.5000',
    Rprec: '0.5000',
    nDCG: '0.6934',
    'nDCG@3': '0.6934',
    'Success@1': '0.0000',
    'Success@3': '1.0000',
  },
  10: {
    'P@1': '0.0000',
    'P@3': '0.3333',
    'P@5': '0.2000',
    'P@10': '0.1000',
    'R@5': '1.0000',
    AP: '0.5000',
    'AP@3': '0.5000',
    RR: '0.5000',
    Rprec: '0.0000',
    nDCG: '0.6309',
    'nDCG@3': '0.6309',
    'Success@1': '0.0000',
    'Success@3': '1.0000',
  },
  3: {
    'P@1': '0.0000',
    'P@3': '0.0000',
    'P@5': '0.0000',
    'P@10': '0.0000',
    'R@5': '0.0000',
    AP: '0.0000',
    'AP@3': '0.0000',
    RR: '0.0000',
    Rprec: '0.0000',
    nDCG: '0.0000',
    'nDCG@3': '0.0000',
    'Success@1': '0.0000',
    'Success@3': '0.0000',
  },
};

describe("ranklens trec under trec_eval's convention (the default)", () => {
  it('gives the hand-worked value of every measure on every query', () => {
    const r = ranklens(['trec', QRELS, RUN, ...MEASURES, '-q']);
    assert.equal(r.code, 0, r.stderr);
    const v = trecValues(r.stdout);
    for (const [qid, expected] of Object.entries(PER_QUERY)) {
      for (const [measure, value] of Object.entries(expected)) assert.equal(v[measure][qid], value, `${measure} of query ${qid}`);
    }
    assert.equal(v.AP['4'], undefined, 'a query missing from the run is skipped');
    assert.equal(v.AP['9'], undefined, 'a query only in the run is ignored');
  });

  it('prints the queries in string order of their ids, as trec_eval does', () => {
    const r = ranklens(['trec', QRELS, RUN, '-m', 'AP', '-q']);
    const qids = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('map '))
      .map((l) => l.split('\t')[1]);
    assert.deepEqual(qids, ['1', '10', '2', '3', 'all']);
  });

  it('averages over the 4 evaluated queries, the one without relevant documents included', () => {
    const v = trecValues(ranklens(['trec', QRELS, RUN, '-m', 'num_q', '-m', 'P@5,AP,RR,Rprec,nDCG']).stdout);
    assert.deepEqual(
      { n: v.NumQ.all, p5: v['P@5'].all, ap: v.AP.all, rr: v.RR.all, rprec: v.Rprec.all, ndcg: v.nDCG.all },
      { n: '4', p5: '0.2500', ap: '0.3403', rr: '0.3333', rprec: '0.2083', ndcg: '0.4453' },
    );
  });

  it('with --complete (-c) scores the judged query missing from the run as 0 and averages over 5', () => {
    const r = ranklens(['trec', QRELS, RUN, '-m', 'num_q', '-m', 'P@5,AP,RR,nDCG', '-c', '-q']);
    const v = trecValues(r.stdout);
    assert.equal(v.AP['4'], '0.0000');
    assert.deepEqual(
      { n: v.NumQ.all, p5: v['P@5'].all, ap: v.AP.all, rr: v.RR.all, ndcg: v.nDCG.all },
      { n: '5', p5: '0.2000', ap: '0.2722', rr: '0.2667', ndcg: '0.3563' },
    );
    assert.match(r.stderr, /:14:1 info query-not-in-run 1 judged query has no line in the run: 4 \(line 14\); scored as empty rankings/);
  });

  it('says on stderr what happened to the queries it did not simply evaluate', () => {
    const r = ranklens(['trec', QRELS, RUN, '-m', 'AP']);
    assert.match(
      r.stderr,
      new RegExp(
        `${escape(QRELS)}:14:1 warning query-not-in-run 1 judged query has no line in the run: 4 \\(line 14\\); skipped \\(--complete counts them as 0, as trec_eval -c\\); trec_eval without -c stops at query 4 \\("result qid not found"\\)`,
      ),
    );
    // The blank line before query 10: trec_eval stops on it, Ranklens skips it and says so.
    assert.match(r.stderr, new RegExp(`${escape(QRELS)}:9:1 warning blank-line A blank line: skipped here; trec_eval stops on it`));
    assert.match(r.stderr, new RegExp(`${escape(RUN)}:1:1 info query-not-in-qrels 1 run query has no judgement in the qrels: ignored`));
    assert.match(r.stderr, /info empty-labels 1 evaluated query has no relevant document: every measure is 0 and counts/);
  });

  it("takes trec_eval's measure names: P.5,10 recall.5 map map_cut.3 recip_rank ndcg ndcg_cut.3 Rprec success.3", () => {
    const r = ranklens([
      'trec',
      QRELS,
      RUN,
      '-m',
      'P.5,10',
      '-m',
      'recall.5',
      '-m',
      'map',
      '-m',
      'map_cut.3',
      '-m',
      'recip_rank',
      '-m',
      'ndcg',
      '-m',
      'ndcg_cut.3',
      '-m',
      'Rprec',
      '-m',
      'success.3',
      '-q',
    ]);
    const v = trecValues(r.stdout);
    // In trec_eval's table order, whatever the order written.
    assert.deepEqual(Object.keys(v), ['AP', 'Rprec', 'RR', 'P@5', 'P@10', 'R@5', 'nDCG', 'nDCG@3', 'AP@3', 'Success@3']);
    for (const m of Object.keys(v)) assert.equal(v[m]['1'], PER_QUERY[1][m], m);
  });

  it("expands a measure written without a cutoff to trec_eval's cutoffs", () => {
    const v = trecValues(ranklens(['trec', QRELS, RUN, '-m', 'ndcg_cut', '-m', 'success']).stdout);
    assert.deepEqual(Object.keys(v), [
      'nDCG@5',
      'nDCG@10',
      'nDCG@15',
      'nDCG@20',
      'nDCG@30',
      'nDCG@100',
      'nDCG@200',
      'nDCG@500',
      'nDCG@1000',
      'Success@1',
      'Success@5',
      'Success@10',
    ]);
  });
});

describe("ranklens trec reproduces trec_eval's published test output", () => {
  const topics = TREC_TOPICS.map((t) => ({ qid: t.qid, rel: t.relevant, top: t.top }));
  const qrels: string[] = [];
  const run: string[] = [];
  for (const t of topics) {
    let judged = 0;
    [...t.top].forEach((r, i) => {
      const doc = `${t.qid}-ret${String(i + 1).padStart(2, '0')}`;
      run.push(`${t.qid} Q0 ${doc} ${i + 1} ${100 - i} STANDARD`);
      qrels.push(`${t.qid} 0 ${doc} ${r}`);
      judged += Number(r);
    });
    for (let j = judged; j < t.rel; j++) qrels.push(`${t.qid} 0 ${t.qid}-other${j} 1`);
  }
  const dir = tempFiles({ 'qrels.test': `${qrels.join('\n')}\n`, 'results.test': `${run.join('\n')}\n` });
  // Every published measure but P_3 and P_7, which this test does not ask for.
  const published = Object.fromEntries(Object.entries(TREC_PUBLISHED).filter(([m]) => m !== 'P@3' && m !== 'P@7'));

  it('matches P_5/10, recall_5/10, map_cut_5/10, ndcg_cut_5/10, success_1/5/10 and recip_rank to 4 decimals', () => {
    const r = ranklens([
      'trec',
      join(dir, 'qrels.test'),
      join(dir, 'results.test'),
      '-q',
      '-m',
      'P.5,10',
      '-m',
      'recall.5,10',
      '-m',
      'map_cut.5,10',
      '-m',
      'ndcg_cut.5,10',
      '-m',
      'success.1,5,10',
      '-m',
      'recip_rank',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const v = trecValues(r.stdout);
    for (const [measure, values] of Object.entries(published)) {
      assert.deepEqual(
        ['301', '302', '303', 'all'].map((q) => v[measure][q]),
        values,
        measure,
      );
    }
  });
});

describe('ranklens trec under other conventions', () => {
  it('keeps the written order of tied documents under ranx: x (grade 3) first in query 10, d1 before d5 in query 1', () => {
    const v = trecValues(ranklens(['trec', QRELS, RUN, '-m', 'RR,nDCG', '-q', '--convention', 'ranx']).stdout);
    // Query 10: x y → RR = 1, nDCG = 3 / 3 = 1. Query 1: d2 d1 d5 d3 d4 → first relevant at rank 2, RR = 1/2.
    assert.deepEqual([v.RR['10'], v.nDCG['10'], v.RR['1']], ['1.0000', '1.0000', '0.5000']);
  });

  it('leaves the query without relevant documents out of the means under the default preset (NaN)', () => {
    const r = ranklens(['trec', QRELS, RUN, '-m', 'P@5', '-q', '--convention', 'default']);
    const v = trecValues(r.stdout);
    assert.equal(v['P@5']['3'], 'NaN');
    assert.equal(v['P@5'].all, '0.3333'); // (0.4 + 0.2 + 0.4) / 3
    assert.match(r.stderr, /every measure is NaN and left out of the means/);
  });
});

describe('ranklens trec on broken files', () => {
  const BROKEN = join(TREC_DATA, 'broken.run');

  it('under trec_eval: nothing evaluated, the first problem trec_eval stops on says so and how to go on; exit 1', () => {
    // trec_eval stops at the qrels' blank line first ("trec_eval.get_qrels: Malformed line 8", exit 2); without it, at
    // the run's line 5 ("trec_eval.get_results: Malformed line 5", exit 2): nothing on stdout either way.
    const r = ranklens(['trec', QRELS, BROKEN, '-m', 'num_q', '-m', 'P@5,AP', '-q']);
    assert.deepEqual([r.code, r.stdout], [1, '']);
    assert.deepEqual(r.stderr.split('\n'), [
      `${QRELS}:9:1 warning blank-line A blank line: skipped here; trec_eval stops on it ("Malformed line") and evaluates nothing.`,
      `${BROKEN}:3:1 error duplicate-prediction "d1" appears twice for query 1. Nothing is evaluated: trec_eval stops here ("duplicate docs"). Remove the repeated lines, or add --keep-going to evaluate the other queries (a query that lists a docid twice is left out), every mean marked as computed on partial files. (first occurrence: ${BROKEN}:2:1)`,
      `${BROKEN}:4:10 warning unusual-score trec_eval reads the score "high" as 0 (C's atof: the longest number at its start, 0 when there is none).`,
      `${BROKEN}:5:1 error malformed-line A run line has 6 fields (qid Q0 docid rank score tag); this one has 4.`,
      '',
    ]);
  });

  it('with --keep-going reports each bad line as file:line:col and exits 1, never crashing', () => {
    const r = ranklens(['trec', QRELS, BROKEN, '-m', 'num_q', '-m', 'P@5,AP', '-q', '--keep-going']);
    assert.equal(r.code, 1);
    const errors = r.stderr.split('\n').filter((l) => l.includes(' error '));
    assert.deepEqual(
      errors.map((l) => l.split(' ').slice(0, 3).join(' ')),
      [`${BROKEN}:3:1 error duplicate-prediction`, `${BROKEN}:5:1 error malformed-line`],
    );
    // The score "high": C's atof reads 0, and so does the trec_eval preset, with a warning.
    assert.match(r.stderr, new RegExp(`${escape(BROKEN)}:4:10 warning unusual-score trec_eval reads the score "high" as 0 \\(C's atof`));
    assert.match(errors[0], /\(first occurrence: .*broken\.run:2:1\)/);
    // Query 1 repeats d1: trec_eval stops; Ranklens leaves the query out (NaN) and evaluates the rest.
    const v = trecValues(r.stdout);
    // NaN is printed as trec_eval's C prints it; num_q counts the queries the means are over: query 1 is left out.
    // Query 2 ranks c (score 1), then a (score "high", read as 0), which is relevant: P@5 = 1/5.
    assert.deepEqual([v['P@5']['1'], v['P@5']['2'], v.NumQ.all], ['-nan', '0.2000', '1']);
  });

  it('keeps the first occurrence of a repeated document under ranx and only warns', () => {
    const r = ranklens(['trec', QRELS, BROKEN, '-m', 'P@5', '-q', '--convention', 'ranx']);
    assert.match(r.stderr, /broken\.run:3:1 warning duplicate-prediction/);
    // Ranking d2 (0.9), d1 (0.8): one relevant in the top 5 → P@5 = 1/5.
    assert.equal(trecValues(r.stdout)['P@5']['1'], '0.2000');
  });

  it('reports a malformed qrels line with its line and, with --keep-going, goes on', () => {
    const dir = tempFiles({ 'q.qrels': '1 0 d1 1\n1 0 d2\n1 0 d3 x\n', 'r.run': '1 Q0 d1 1 2 t\n' });
    // trec_eval: "trec_eval.get_qrels: Malformed line 2", exit 2.
    const stopped = ranklens(['trec', join(dir, 'q.qrels'), join(dir, 'r.run'), '-m', 'P@1']);
    assert.deepEqual([stopped.code, stopped.stdout], [1, '']);
    assert.match(
      stopped.stderr,
      /q\.qrels:2:1 error malformed-line A qrels line has 4 fields \(qid iter docid grade\); this one has 3\. Nothing is evaluated/,
    );
    const r = ranklens(['trec', join(dir, 'q.qrels'), join(dir, 'r.run'), '-m', 'P@1', '--keep-going']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /q\.qrels:2:1 error malformed-line A qrels line has 4 fields \(qid iter docid grade\); this one has 3/);
    // trec_eval reads the grade "x" as 0 (atol); under another preset it is an error and the line is skipped.
    assert.match(r.stderr, /q\.qrels:3:8 warning non-integer-grade trec_eval reads the grade "x" as 0/);
    assert.equal(trecValues(r.stdout)['P@1'].all, '1.0000');
    assert.match(
      ranklens(['trec', join(dir, 'q.qrels'), join(dir, 'r.run'), '-m', 'P@1', '--convention', 'ranx']).stderr,
      /q\.qrels:3:8 error invalid-grade The grade "x" is not a number\. The line is skipped\./,
    );
  });

  it('exits 2 with a message for a missing file, a wrong measure or an unknown option', () => {
    assert.equal(ranklens(['trec', QRELS, 'no-such.run']).code, 2);
    const bad = ranklens(['trec', QRELS, RUN, '-m', 'nDGC@10']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /Unknown metric "nDGC@10"\. Did you mean "nDCG@10"\?/);
    assert.equal(ranklens(['trec', QRELS, RUN, '--frobnicate']).code, 2);
    assert.equal(ranklens(['trec', QRELS]).code, 2);
  });
});

describe('ranklens trec --json', () => {
  it('refused under trec_eval: refused, the run with its counts and no figure, no comparison, the findings that say why', () => {
    const r = ranklens(['trec', QRELS, join(TREC_DATA, 'broken.run'), '-m', 'P@5,AP', '--json']);
    const report = JSON.parse(r.stdout);
    assert.deepEqual([report.refused, report.comparisons, report.significance], [true, [], null]);
    const [run] = report.runs;
    assert.deepEqual([run.name, run.file, run.means, run.queries, run.partial], ['hand', join(TREC_DATA, 'broken.run'), {}, [], null]);
    // What was read is still said: 6 run lines, 5 of them ranked (line 5, malformed, is not); 2 queries evaluated of the qrels' 5.
    assert.deepEqual([run.counts.runLines, run.counts.rankedLines, run.counts.qrelsQueries, run.counts.queriesEvaluated], [6, 5, 5, 2]);
    assert.deepEqual(
      report.findings.map((x: { code: string }) => x.code),
      ['blank-line', 'duplicate-prediction', 'unusual-score', 'malformed-line'],
    );
    assert.equal(r.code, 1);
  });

  it('writes the one run with its queries, NaN as null, lines and columns 1-based as the text says them; with --keep-going, what the means leave out', () => {
    const r = ranklens(['trec', QRELS, join(TREC_DATA, 'broken.run'), '-m', 'P@5,AP', '--json', '--keep-going']);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(
      [report.command, report.qrels, report.convention.name, report.convention.ties, report.refused],
      ['trec', QRELS, 'trec_eval', 'id-desc', false],
    );
    assert.equal(report.runs.length, 1);
    const run = report.runs[0];
    assert.deepEqual([run.name, run.file], ['hand', join(TREC_DATA, 'broken.run')]);
    // Query 2: c (score 1), then a (score "high" read as 0, relevant; b is on a malformed line): P@5 = 0.2, AP = (1/2) / 2.
    // Query 1 lists d1 twice: refused under trec_eval (NaN), left out of the means.
    assert.deepEqual(run.queries, [
      { id: '1', values: { AP: { value: null, trecEval: 'map' }, 'P@5': { value: null, trecEval: 'P_5' } } },
      { id: '2', values: { AP: { value: 0.25, trecEval: 'map' }, 'P@5': { value: 0.2, trecEval: 'P_5' } } },
    ]);
    assert.deepEqual(run.means, { AP: { value: 0.25, trecEval: 'map', excluded: 1 }, 'P@5': { value: 0.2, trecEval: 'P_5', excluded: 1 } });
    // The malformed line 5 skipped, query 1 dropped: every figure of the run is computed on part of the files.
    assert.deepEqual(run.partial, { skippedLines: { qrels: 0, run: 1 }, droppedQueries: 1 });
    // "high" on line 4, columns 10 to 13: the text says broken.run:4:10.
    const score = report.findings.find((x: { code: string }) => x.code === 'unusual-score');
    assert.deepEqual(score.range, { start: { line: 4, column: 10 }, end: { line: 4, column: 14 } });
    assert.equal(score.severity, 'warning');
    assert.match(
      ranklens(['trec', QRELS, join(TREC_DATA, 'broken.run'), '-m', 'P@5,AP', '--keep-going']).stderr,
      /broken\.run:4:10 warning unusual-score /,
    );
    const missing = report.findings.find((x: { code: string }) => x.code === 'query-not-in-run');
    assert.equal(missing.file, QRELS);
    // Every missing query in the data, each at its first judgement (1-based lines, as in the text); the finding at the first, line 10.
    assert.deepEqual(missing.data, {
      queries: [
        { id: '10', line: 10 },
        { id: '3', line: 12 },
        { id: '4', line: 14 },
      ],
    });
    assert.deepEqual(missing.range.start, { line: 10, column: 1 });
    assert.equal(r.code, 1);
  });
});

describe('ranklens trec in worker threads', () => {
  it('gives the same output with 3 threads as with 1, on a run cut at arbitrary lines', () => {
    const dir = tempFiles({});
    const { qrelsPath, runPath } = generateTrec(dir, { queries: 60, docs: 50, seed: 7 });
    const args = ['trec', qrelsPath, runPath, '-q', '-m', 'P.5,10', '-m', 'map', '-m', 'ndcg_cut.10', '-m', 'recip_rank', '-m', 'Rprec'];
    const one = ranklens([...args, '--jobs', '1']);
    const three = ranklens([...args, '--jobs', '3']);
    assert.equal(one.code, 0, one.stderr);
    assert.equal(three.stdout, one.stdout);
    assert.equal(three.stderr, one.stderr);
  });

  it("gives the same output when a query's lines are scattered over the run", () => {
    const run = readFileSync(RUN, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    // Interleave the queries: every query now has lines in several places, some across thread boundaries.
    const scattered = [...run.filter((_, i) => i % 2 === 0), ...run.filter((_, i) => i % 2 === 1)].join('\n');
    const dir = tempFiles({ 'scattered.run': `${scattered}\n` });
    const a = ranklens(['trec', QRELS, RUN, ...MEASURES, '-q']);
    const b = ranklens(['trec', QRELS, join(dir, 'scattered.run'), ...MEASURES, '-q', '--jobs', '3']);
    assert.equal(b.code, 0, b.stderr);
    assert.equal(b.stdout, a.stdout);
  });
});

describe('ranklens trec --help', () => {
  it('documents every option and exits 0', () => {
    const r = ranklens(['trec', '--help']);
    assert.equal(r.code, 0);
    for (const option of ['--measure', '--convention', '--per-query', '--complete', '--json', '--jobs'])
      assert.ok(r.stdout.includes(option), option);
  });

  it('draws no progress bar when stderr is not a terminal', () => {
    assert.ok(!ranklens(['trec', QRELS, RUN, '-m', 'AP']).stderr.includes('\r'));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
