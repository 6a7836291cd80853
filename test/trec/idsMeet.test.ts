/** Whether the run's ids meet the qrels' (idsMeet.ts), and what the CLI prints about partial files (partialFiles.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EXPECTED_JUDGED, idCause, unjudgedRankings } from '../../shared/trec/evaluate/idsMeet';
import { partialNote, refusalMessage, stopsTrecEval } from '../../shared/trec/evaluate/partialFiles';
import { QueryResult } from '../../shared/trec/evaluate/passes';
import { TrecProblem } from '../../shared/trec/read/problems';

describe('idCause', () => {
  it('names the first difference that, undone, makes one run id meet one qrels id', () => {
    assert.deepEqual(idCause(['"d1"', 'x'], ['d1', 'd2']), { kind: 'quotes', run: '"d1"', qrels: 'd1' });
    assert.deepEqual(idCause(['fr940202-2-00150'], ['FR940202-2-00150']), {
      kind: 'case',
      run: 'fr940202-2-00150',
      qrels: 'FR940202-2-00150',
    });
    assert.deepEqual(idCause(['007', '012'], ['7', '12']), { kind: 'zeros', run: '007', qrels: '7' });
    assert.deepEqual(idCause(['q301', 'q302'], ['301', '302']), { kind: 'prefix', run: 'q301', qrels: '301', affix: 'q', side: 'run' });
    assert.deepEqual(idCause(['301'], ['topic-301']), { kind: 'prefix', run: '301', qrels: 'topic-301', affix: 'topic-', side: 'qrels' });
    assert.deepEqual(idCause(['d1#0', 'd2#0'], ['d1', 'd2']), { kind: 'suffix', run: 'd1#0', qrels: 'd1', affix: '#0', side: 'run' });
  });

  it('finds none where ids only look alike: digits added to digits (12 and 123), or nothing in common', () => {
    assert.equal(idCause(['123', '45'], ['12', '4']), undefined);
    assert.equal(idCause(['89', '178'], ['97', '194']), undefined);
    assert.equal(idCause(['a'], ['b']), undefined);
    assert.equal(idCause([], ['b']), undefined);
  });
});

describe('unjudgedRankings', () => {
  const q = (qid: string, retrieved: number, judged: number): QueryResult => ({
    qid,
    values: [],
    relevant: 0,
    problems: [],
    retrieved,
    judged,
  });

  it('every query that ranks documents has none judged: the whole run', () => {
    const found = unjudgedRankings([q('1', 500, 0), q('2', 500, 0), q('3', 0, 0)])!;
    assert.deepEqual([found.whole, found.queries.map((x) => x.qid), found.medianShare], [true, ['1', '2'], 0]);
  });

  it(`a query with none judged stands out when the others' median share would have given it ${EXPECTED_JUDGED}`, () => {
    // trec_eval's test run: 259 and 215 of 500 judged (median share 0.474); 500 × 0.474 = 237 ≥ 10.
    const found = unjudgedRankings([q('301', 500, 259), q('302', 500, 0), q('303', 500, 215)])!;
    assert.deepEqual([found.whole, found.queries.map((x) => x.qid), found.medianShare], [false, ['302'], 0.474]);
    // A query of 20 documents at that share would have had 9.5: not enough to stand out.
    assert.equal(unjudgedRankings([q('301', 500, 259), q('302', 20, 0), q('303', 500, 215)]), undefined);
  });

  it("sparse judgements (about one judged document of 1,000 per query, as MS MARCO's): a query with none is ordinary", () => {
    const queries = Array.from({ length: 99 }, (_, i) => q(String(i), 1000, 1 + (i % 2)));
    assert.equal(unjudgedRankings([...queries, q('x', 1000, 0)]), undefined); // median 0.001 × 1000 = 1 < 10
  });

  it('nothing to say when every query has judged documents', () => {
    assert.equal(unjudgedRankings([q('1', 10, 1), q('2', 10, 10)]), undefined);
  });
});

describe('partialFiles', () => {
  const counts = {
    qrelsQueries: 3,
    qrelsLines: 3681,
    runQueries: 3,
    runLines: 1500,
    entries: 1402,
    evaluated: 3,
    missing: 0,
    unjudged: 0,
    noRelevant: 0,
  };
  const malformed: TrecProblem = {
    file: 'run',
    line: 1,
    start: 0,
    end: 30,
    code: 'malformed-line',
    severity: 'error',
    message: '98 run lines have 5 fields. Lines 1, 16 and 96 more. They are skipped.',
    what: '98 run lines have 5 fields. Lines 1, 16 and 96 more.',
    count: 98,
  };

  it('stops on malformed lines and docids twice (errors), not on warnings or on a file that is not text', () => {
    assert.equal(stopsTrecEval(malformed), true);
    assert.equal(stopsTrecEval({ ...malformed, code: 'duplicate-prediction', severity: 'error' }), true);
    assert.equal(stopsTrecEval({ ...malformed, code: 'duplicate-prediction', severity: 'warning' }), false);
    assert.equal(stopsTrecEval({ ...malformed, code: 'binary-file' }), false);
  });

  it("refusalMessage: what is wrong, that nothing is evaluated, trec_eval's words, how to go on", () => {
    assert.equal(
      refusalMessage(malformed),
      '98 run lines have 5 fields. Lines 1, 16 and 96 more. Nothing is evaluated: trec_eval stops at the first ("Malformed line"). Fix the lines, or add --keep-going to evaluate without them, every mean marked as computed on partial files.',
    );
  });

  it("partialNote: each file's lines left out of how many, and the queries dropped", () => {
    assert.equal(
      partialNote({ skippedLines: { qrels: 0, run: 98 }, droppedQueries: 0 }, counts),
      'PARTIAL: these means leave out 98 of 1500 run lines (see the errors): they are not the means of the files given.',
    );
    assert.equal(
      partialNote({ skippedLines: { qrels: 2, run: 98 }, droppedQueries: 3 }, counts),
      'PARTIAL: these means leave out 2 of 3681 qrels lines, 98 of 1500 run lines and 3 queries that list a docid twice (see the errors): they are not the means of the files given.',
    );
  });
});
