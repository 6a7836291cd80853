/**
 * ranklens.trec.columns in the editor: the column (or JSON key) of each role named as
 * `ranklens trec --columns` names it, for TSV, CSV, JSON-lines and JSON runs and qrels; a role whose
 * named column a file lacks is found by its usual names, as chooseColumns finds it for the CLI.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { columnMapOf, docidOf, namedTrecRole, readQrelsDocument, readRunDocument, readsAsTable } from '../../shared/trecdoc';
import { tableShapeOf } from '../../shared/trecdoc/tableRows';
import { lineStarts } from '../../shared/core/lineStarts';
import { parseColumnMap } from '../../shared/trec';

const MAP = { query: 'session', doc: 'product', score: 'logit' };
const CSV_RUN = 'logit,session,product\n9.5,q1,d3\n8.0,q1,d1\n3.0,q2,d5\n';

describe('a column map for run and qrels documents', () => {
  it('chooses the columns a map names in a CSV header, where the usual names find none', () => {
    const shape = (map = {}) => tableShapeOf(CSV_RUN, 'recs.csv', 'run', lineStarts(CSV_RUN), map);
    assert.deepEqual(shape(MAP), {
      format: 'csv',
      headerLine: 0,
      width: 3,
      columns: { query: 1, doc: 2, value: 0, rank: -1, tag: -1 },
    });
    // Without the map a .csv file whose header names no column is a header problem; its advice names the CLI's option.
    assert.equal(
      shape()?.headerProblem,
      'expected a query column (qid, query_id, query-id, queryid, user, user_id, userid, topic, topic_id) and a document column (docid, doc_id, corpus-id, corpus_id, docno, item, item_id, itemid, pid, passage_id, document_id) and a score column (score, prediction, sim) or a rank column, found the columns "logit", "session", "product"',
    );
    assert.equal(readsAsTable(CSV_RUN, 'recs.csv', 'run'), false);
    assert.equal(readsAsTable(CSV_RUN, 'recs.csv', 'run', MAP), true);
  });

  it('reads the rows by the mapped columns, each value at its place', () => {
    const run = readRunDocument(CSV_RUN, true, 'recs.csv', MAP);
    assert.equal(run.format, 'csv');
    assert.deepEqual(
      run.queries.map((q) => [q.qid, q.firstLine, q.lastLine]),
      [
        ['q1', 1, 2],
        ['q2', 3, 3],
      ],
    );
    assert.deepEqual(Array.from(run.score.subarray(0, run.count)), [9.5, 8, 3]);
    // Line 1 starts at 22 ("logit,session,product\n"): "9.5,q1," puts d3 at 29–31, the score at 22–25.
    assert.deepEqual(Array.from(run.at.subarray(0, 6)), [29, 31, 31, 31, 22, 25]);
    assert.deepEqual(run.findings, []);
  });

  it('falls back to the usual names for a role whose mapped column the header lacks, as the CLI does', () => {
    // score=logit, but the header has "score": chooseColumns takes it.
    const text = 'qid\tdocid\tscore\tsim\nq1\td1\t2.5\t0.1\n';
    const shape = tableShapeOf(text, 'run.tsv', 'run', lineStarts(text), MAP);
    assert.deepEqual(shape?.columns, { query: 0, doc: 1, value: 2, rank: -1, tag: -1 });
    assert.deepEqual(Array.from(readRunDocument(text, true, 'run.tsv', MAP).score.subarray(0, 1)), [2.5]);
    // A map that names a column over a usual one wins: score=sim reads the fourth column.
    assert.deepEqual(Array.from(readRunDocument(text, true, 'run.tsv', { score: 'sim' }).score.subarray(0, 1)), [0.1]);
  });

  it('reads qrels with a mapped grade column', () => {
    const text = 'session\tproduct\tjudgement\nq1\td1\t2\nq1\td2\t0\n';
    assert.equal(readQrelsDocument(text, true, 'error', 'qrels.tsv').findings[0].code, 'format-error');
    const qrels = readQrelsDocument(text, true, 'error', 'qrels.tsv', { ...MAP, grade: 'judgement' });
    assert.deepEqual(qrels.findings, []);
    assert.deepEqual(
      qrels.queries.get('q1')!.labels.map((l) => [l.id, l.grade]),
      [
        ['d1', 2],
        ['d2', 0],
      ],
    );
  });

  it('reads JSON lines and JSON records by the mapped keys', () => {
    const jsonl = '{"session": "q1", "product": "d3", "logit": 9.5}\n{"session": "q1", "product": "d1", "logit": 8}\n';
    const plain = readRunDocument(jsonl, true, 'run.jsonl');
    assert.equal(plain.count, 0);
    assert.equal(
      plain.findings[0].message,
      'This JSON-lines run row cannot be read: it lacks a query key (qid, query_id, query-id, queryid, user, user_id, userid, topic, topic_id) and a document key (docid, doc_id, corpus-id, corpus_id, docno, item, item_id, itemid, pid, passage_id, document_id) and a score key (score, prediction, sim) or a rank key; its keys are "session", "product", "logit". The line is skipped.',
    );
    const run = readRunDocument(jsonl, true, 'run.jsonl', MAP);
    assert.equal(run.format, 'jsonl');
    assert.deepEqual([docidOf(run, 0), docidOf(run, 1)], ['d3', 'd1']);
    assert.deepEqual(Array.from(run.score.subarray(0, run.count)), [9.5, 8]);
    // The docid's place is inside its quotes: `{"session": "q1", "product": "` is 30 characters.
    assert.deepEqual([run.at[0], run.at[1]], [30, 32]);
    assert.deepEqual(run.findings, []);
    assert.equal(readsAsTable(jsonl, 'run.jsonl', 'run'), false);
    assert.equal(readsAsTable(jsonl, 'run.jsonl', 'run', MAP), true);
    const records = '[{"session": "q1", "product": "d1", "judgement": 1}]';
    assert.equal(readsAsTable(records, 'qrels.json', 'qrels'), false);
    assert.equal(readsAsTable(records, 'qrels.json', 'qrels', { ...MAP, grade: 'judgement' }), true);
    assert.deepEqual(readQrelsDocument(records, true, 'error', 'qrels.json', { ...MAP, grade: 'judgement' }).queries.get('q1')!.labels, [
      { id: 'd1', grade: 1 },
    ]);
  });

  it('adopts a file a pattern names only when the map makes its header read', () => {
    const patterns = { runs: ['*.csv'], qrels: [] };
    assert.equal(namedTrecRole('/w/recs.csv', CSV_RUN, patterns, undefined), undefined);
    assert.equal(namedTrecRole('/w/recs.csv', CSV_RUN, patterns, undefined, MAP), 'run');
  });

  it('reads the setting as --columns reads its pairs, leaving out what is no role or no name', () => {
    assert.deepEqual(
      columnMapOf({ query: ' session ', doc: 'product', score: 'logit' }),
      parseColumnMap('query=session,doc=product,score=logit'),
    );
    assert.deepEqual(columnMapOf({ query: 'user', docs: 'item', score: '', rank: 3 }), { query: 'user' });
    assert.deepEqual(columnMapOf(['query=user']), {});
    assert.deepEqual(columnMapOf(undefined), {});
  });
});
