/**
 * TREC runs and qrels read from an editor's text (shared/trecdoc): places in UTF-16 offsets whatever
 * the text holds (CRLF, a byte-order mark, tabs, emoji and CJK docids, a last line without its break,
 * nothing at all, binary bytes), and a run evaluated through a cache that an edit of one query
 * leaves valid for the others.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  docidOf,
  evaluateRunDocument,
  readQrelsDocument,
  readRunDocument,
  runEvaluationCache,
  trecDocSettings,
} from '../../shared/trecdoc';

const at = (text: string, f: { code: string; span: { start: number; end: number } }) =>
  `${f.code} ${JSON.stringify(text.slice(f.span.start, f.span.end))}`;

describe('a run document', () => {
  it('reads CRLF lines, tabs and a last line without a break, with the docids at their offsets', () => {
    const text = 'q1 Q0 d1 1 2.5 t\r\nq1\tQ0\td2\t2\t1.5\tt\r\nq2 Q0 d3 1 0.5 t';
    const run = readRunDocument(text, true);
    assert.equal(run.count, 3);
    assert.deepEqual(
      [0, 1, 2].map((i) => docidOf(run, i)),
      ['d1', 'd2', 'd3'],
    );
    assert.deepEqual(Array.from(run.line.subarray(0, 3)), [0, 1, 2]);
    assert.deepEqual(Array.from(run.score.subarray(0, 3)), [2.5, 1.5, 0.5]);
    // d2's offset: "q1 Q0 d1 1 2.5 t\r\n" is 18 characters, then "q1\tQ0\t".
    assert.equal(run.at[6], 18 + 6);
    assert.deepEqual(
      run.queries.map((q) => [q.qid, q.firstLine, q.lastLine]),
      [
        ['q1', 0, 1],
        ['q2', 2, 2],
      ],
    );
    assert.deepEqual(run.findings, []);
  });

  it('counts emoji and CJK docids in UTF-16 units, as LSP positions do', () => {
    const text = 'q1 Q0 文書😀 1 2 t\nq1 Q0 d2 x\n';
    const run = readRunDocument(text, true);
    assert.equal(docidOf(run, 0), '文書😀');
    // 文 and 書 are one unit each, 😀 two: the rank starts at 6 + 4 + 1 = 11.
    assert.deepEqual([run.at[0], run.at[1], run.at[2]], [6, 10, 11]);
    assert.deepEqual(
      run.findings.map((f) => at(text, f)),
      ['malformed-line "q1 Q0 d2 x"'],
    );
    assert.equal(run.findings[0].message, 'A run line has 6 fields (qid Q0 docid rank score tag); this one has 4. The line is skipped.');
  });

  it('keeps a byte-order mark in the first qid under trec_eval, as trec_eval does, and skips it under the others', () => {
    const text = '\ufeffq1 Q0 d1 1 2 t\n';
    assert.equal(readRunDocument(text, true).queries[0].qid, '\ufeffq1');
    const other = readRunDocument(text, false);
    assert.equal(other.queries[0].qid, 'q1');
    assert.deepEqual(
      other.findings.map((f) => [f.code, f.span.start, f.span.end]),
      [['byte-order-mark', 0, 1]],
    );
  });

  it('reads a score as C reads it under trec_eval (a warning), and refuses one that is not a number under the others', () => {
    const text = 'q1 Q0 d1 1 12abc t\n';
    const trec = readRunDocument(text, true);
    assert.equal(trec.score[0], 12);
    assert.deepEqual(
      trec.findings.map((f) => at(text, f)),
      ['unusual-score "12abc"'],
    );
    const other = readRunDocument(text, false);
    assert.equal(other.count, 0);
    assert.deepEqual(
      other.findings.map((f) => at(text, f)),
      ['invalid-score "12abc"'],
    );
  });

  it('reads an empty text as no line, and refuses binary text whole', () => {
    assert.equal(readRunDocument('', true).count, 0);
    assert.deepEqual(readRunDocument('', true).findings, []);
    const binary = readRunDocument('\x1f\ufffd\b\x00\x00\x00\ufffd\ufffdq1 Q0 d1 1 2 t\n', true);
    assert.equal(binary.count, 0);
    assert.equal(binary.binary, true);
    assert.match(binary.findings[0].message, /^The run file is not text: it holds NUL characters \(the first at character 3\)/);
  });

  it('names the likely cause of a malformed line: comma-separated values', () => {
    const text = 'q1,Q0,d1,1,2,t\n';
    assert.match(readRunDocument(text, true).findings[0].message, /separated by ","/);
  });

  it('lists at most 100 findings of a code, then one note counting the rest', () => {
    const text = 'x\n'.repeat(150);
    const findings = readRunDocument(text, true).findings;
    assert.equal(findings.length, 101);
    assert.equal(findings[100].message, '… and 50 more malformed-line findings after this one, not listed.');
  });
});

describe('a qrels document', () => {
  it('reads grades as C reads them under trec_eval, a blank line and a docid judged twice as trec_eval would stop on them', () => {
    const text = 'q1 0 d1 1.5\n\nq1 0 d1 2\nq1 0 d2 high\n';
    const qrels = readQrelsDocument(text, true, 'error');
    assert.deepEqual(qrels.queries.get('q1')!.labels, [
      { id: 'd1', grade: 1 },
      { id: 'd2', grade: 0 },
    ]);
    assert.deepEqual(
      qrels.findings.map((f) => at(text, f)),
      ['non-integer-grade "1.5"', 'blank-line ""', 'duplicate-judgement "d1"', 'non-integer-grade "high"'],
    );
    assert.equal(qrels.findings[2].related?.[0].span.start, 0);
  });

  it('reads a second comment line in a row as a judgement, as trec_eval does', () => {
    const text = '# one\n#q 0 d1 1\nq1 0 d2 1\n';
    const qrels = readQrelsDocument(text, true, 'error');
    assert.deepEqual([...qrels.queries.keys()], ['#q', 'q1']);
    assert.equal(qrels.findings[0].code, 'comment-read-as-judgement');
  });
});

describe('a run evaluated against its qrels', () => {
  const QRELS = 'q1 0 a 1\nq1 0 b 1\nq2 0 c 1\n';
  const RUN = 'q1 Q0 a 1 3 t\nq1 Q0 x 2 2 t\nq2 Q0 y 1 3 t\nq2 Q0 c 2 2 t\n';

  it('evaluates each query once, and after an edit of one query only that one', () => {
    const settings = trecDocSettings({ headlineMetrics: ['P@2', 'AP'] });
    const qrels = readQrelsDocument(QRELS, true, 'error');
    const cache = runEvaluationCache();
    const first = evaluateRunDocument(readRunDocument(RUN, true), qrels, settings, cache);
    // q1: a (relevant), x: P@2 1/2, AP (1/1) / 2 relevant = 0.5. q2: y, c (relevant): P@2 1/2, AP (1/2) / 1 = 0.5.
    assert.deepEqual(
      first.queries.map((q) => q.values),
      [
        [0.5, 0.5],
        [0.5, 0.5],
      ],
    );
    assert.equal(cache.evaluated, 2);
    // q2's c moves up: only q2 is evaluated again; q1's evaluation is the same object.
    const edited = evaluateRunDocument(readRunDocument(RUN.replace('q2 Q0 c 2 2', 'q2 Q0 c 2 4'), true), qrels, settings, cache);
    assert.equal(cache.evaluated, 3);
    assert.equal(edited.queries[0], first.queries[0]);
    assert.deepEqual(edited.queries[1].values, [0.5, 1]);
    // A line inserted above moves q1's lines, not its text: still not evaluated again, its notes placed anew.
    const moved = evaluateRunDocument(readRunDocument(`# a comment\n${RUN}`, true), qrels, settings, cache);
    assert.equal(cache.evaluated, 4); // q2 went back to its first text, which the cache had dropped
    assert.equal(moved.queries[0], first.queries[0]);
  });

  it("warns when half or more of a query's top k is unjudged", () => {
    const settings = trecDocSettings({ headlineMetrics: ['P@2'] });
    const qrels = readQrelsDocument(QRELS, true, 'error');
    const ev = evaluateRunDocument(readRunDocument(RUN, true), qrels, settings, runEvaluationCache());
    assert.deepEqual(
      ev.findings.filter((f) => f.code === 'unjudged-in-top-k').map((f) => [f.span.start, f.message]),
      [
        [
          0,
          '1 of the top 2 documents of query q1 (50%) are unjudged: every measure counts them as non-relevant, so the values may understate the run (documents the judged pool did not include).',
        ],
        [
          28,
          '1 of the top 2 documents of query q2 (50%) are unjudged: every measure counts them as non-relevant, so the values may understate the run (documents the judged pool did not include).',
        ],
      ],
    );
  });

  it('lists at most 100 findings of a code across queries, then one note counting the rest', () => {
    const qrels = readQrelsDocument(Array.from({ length: 150 }, (_, q) => `q${q} 0 judged 1`).join('\n'), true, 'error');
    const run = readRunDocument(Array.from({ length: 150 }, (_, q) => `q${q} Q0 other 1 1 t`).join('\n'), true);
    const ev = evaluateRunDocument(run, qrels, trecDocSettings({ headlineMetrics: ['P@1'] }), runEvaluationCache());
    const unjudged = ev.findings.filter((f) => f.code === 'unjudged-in-top-k');
    assert.equal(unjudged.length, 101);
    assert.equal(unjudged[100].message, '… and 50 more unjudged-in-top-k findings after this one, not listed.');
  });
});
