/**
 * The editor reads a run or qrels written as one JSON value as `ranklens trec` reads the same file:
 * for each file here (the shapes ranx, pytrec_eval, BEIR and pandas write, and the hostile values:
 * numbers written as 1.0, 1e2, 1e400, NaN, strings holding numbers, null, a docid listed twice, a
 * key written twice, "__proto__", numeric ids, escapes), every query's values in the editor
 * (shared/trecdoc, in process) are the built command's (`--format json`), value for value, under
 * trec_eval's preset and ranx's; and a file the command refuses gives the editor no row either. JSON
 * lines too, each line read as a record of a list is.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ranklens, tempFiles } from './ranklens';
import { evaluateRunDocument, readQrelsDocument, readRunDocument, runEvaluationCache, trecDocSettings } from '../../shared/trecdoc';

const QRELS_OBJECT = '{"q1": {"d1": 2, "d2": 1, "d3": 0, "d4": 1}, "q2": {"d1": 1, "d5": 1, "d6": 0}, "q3": {"d9": 1}}';

interface Case {
  name: string;
  qrels: string;
  run: string;
}

const CASES: Case[] = [
  {
    name: 'an object run, indented as ranx writes it, against object qrels',
    qrels: QRELS_OBJECT,
    run: '{\n  "q1": {\n    "d3": 9.5,\n    "d1": 8.0,\n    "d7": 7.0,\n    "d2": 7.0\n  },\n  "q2": {\n    "d5": 3.0,\n    "d8": 2.5,\n    "d6": 2.0,\n    "d1": 1.0\n  }\n}\n',
  },
  {
    name: 'a list of records on one line (pandas), ids as numbers and strings, a score written as a string',
    qrels:
      '[{"query_id": 1, "doc_id": 10, "relevance": 1}, {"query_id": 1, "doc_id": 11, "relevance": 2.0}, {"query_id": "2", "doc_id": "20", "relevance": "1"}]',
    run: '[{"qid": 1.0, "docid": 10, "score": "0.5"}, {"qid": 1, "docid": 11, "score": 0.25}, {"qid": 1, "docid": 12, "score": 1e2}, {"qid": 2, "docid": "20", "score": -1}]',
  },
  {
    name: 'grades written 1.5, 1e2 and " 3 ", scores NaN, Infinity, -Infinity and 1e400',
    qrels: '{"q1": {"a": 1.5, "b": 1e2, "c": " 3 ", "d": 0.9, "e": -1}}',
    run: '{"q1": {"a": NaN, "b": Infinity, "c": -Infinity, "d": 1e400, "e": 0, "f": 2}}',
  },
  {
    name: 'records ranked by their rank column (no score), a tag column, a key written twice, "__proto__"',
    qrels: QRELS_OBJECT,
    run: '[\n  {"qid": "q1", "docid": "d3", "rank": 1, "tag": "bm25"},\n  {"qid": "q1", "docid": "d1", "rank": "2", "__proto__": 5},\n  {"qid": "q1", "docid": "d2", "docid": "d4", "rank": 3},\n  {"qid": "q2", "docid": "d5", "score": null, "rank": 2},\n  {"qid": "q2", "docid": "d1", "rank": 1}\n]',
  },
  {
    name: 'rows the command skips: an empty docid, an id with a blank, a score with a blank, a boolean score',
    qrels: QRELS_OBJECT,
    run: '[{"qid": "q1", "docid": "", "score": 1}, {"qid": "q1", "docid": "d 1", "score": 2}, {"qid": "q1", "docid": "d1", "score": "1 2"}, {"qid": "q1", "docid": "d2", "score": true}, {"qid": "q1", "docid": "d3", "score": 3}, {"qid": "q2", "docid": "d5", "score": 3}]',
  },
  {
    name: 'a docid listed twice in a query, a query key written twice, escapes and emoji in ids',
    qrels: '{"q1": {"d\\u00e9": 1, "😀": 2, "d2": 0}, "q2": {"x": 1}}',
    run: '{"q1": {"dé": 3, "\\ud83d\\ude00": 2, "d2": 1, "d2": 0.5}, "q2": {"x": 1}, "q1": {"y": 0.1}}',
  },
];

// JSON lines (the same reading of each line, one object of a list or a line alike): the cases where a
// line's keys, values or JSON are unusual.
const JSONL_CASES: Case[] = [
  {
    name: 'JSON lines: a null score with a rank, a boolean tag, a key written twice, a nested value, NaN, two names of one role',
    qrels:
      '{"qid": "q1", "docid": "a", "relevance": 1}\n{"qid": "q1", "docid": "b", "relevance": 2}\n{"qid": "q1", "docid": "c", "relevance": 0}\n',
    run: [
      '{"qid": "q1", "docid": "a", "score": null, "rank": 3}',
      '{"qid": "q1", "docid": "b", "score": 2, "meta": {"k": [1, {"x": null}]}}',
      '{"qid": "q1", "docid": "c", "docid": "d", "score": NaN}',
      '{"qid": "q1", "docid": "e", "score": 3, "tag": true}',
      '{"query_id": "q1", "QID": "zz", "docid": "c", "score": 1e2}',
      '{"qid": "q1", "docid": "f", "score": 1',
      '',
    ].join('\n'),
  },
];

// The command's values per query and measure, or undefined when it refused the files.
function commandValues(qrels: string, run: string, preset: string, ext = 'json'): Record<string, Record<string, number>> | undefined {
  const dir = tempFiles({ [`q.${ext}`]: qrels, [`r.${ext}`]: run });
  const measures = ['nDCG@10', 'AP@10', 'P@1', 'R@1'].flatMap((m) => ['-m', m]);
  const r = ranklens([
    'trec',
    join(dir, `q.${ext}`),
    join(dir, `r.${ext}`),
    '-q',
    ...measures,
    '--convention',
    preset,
    '--keep-going',
    '--json',
  ]);
  const report = JSON.parse(r.stdout) as {
    refused: boolean;
    runs: { queries: { id: string; values: Record<string, { value: number | null }> }[] }[];
  };
  if (report.refused) return undefined;
  const out: Record<string, Record<string, number>> = {};
  for (const q of report.runs[0].queries)
    out[q.id] = Object.fromEntries(Object.entries(q.values).map(([m, v]) => [m, v.value === null ? NaN : v.value]));
  return out;
}

// The editor's values per judged query and measure.
function editorValues(qrelsText: string, runText: string, preset: string, ext = 'json'): Record<string, Record<string, number>> {
  const settings = trecDocSettings({ defaultConvention: { preset }, headlineMetrics: ['nDCG@10', 'AP@10', 'P@1', 'R@1'] });
  const duplicates = settings.convention.convention.duplicates === 'error' ? 'error' : 'warning';
  const qrels = readQrelsDocument(qrelsText, settings.asTrecEval, duplicates, `q.${ext}`);
  const run = readRunDocument(runText, settings.asTrecEval, `r.${ext}`);
  assert.equal(run.format, ext);
  assert.equal(qrels.format, ext);
  const ev = evaluateRunDocument(run, qrels, settings, runEvaluationCache());
  const out: Record<string, Record<string, number>> = {};
  for (const q of ev.queries) if (q.judged) out[q.qid] = Object.fromEntries(settings.names.map((m, i) => [m, q.values[i]]));
  return out;
}

describe('the editor reads a JSON run and qrels as ranklens trec reads them', () => {
  for (const [cases, ext] of [
    [CASES, 'json'],
    [JSONL_CASES, 'jsonl'],
  ] as const)
    for (const c of cases)
      for (const preset of ['trec_eval', 'ranx'])
        it(`${c.name} (${preset})`, () => {
          const command = commandValues(c.qrels, c.run, preset, ext);
          assert.ok(command, 'the command evaluates the files');
          const editor = editorValues(c.qrels, c.run, preset, ext);
          // The command lists judged queries with lines, or with none under -c; the editor, those with lines.
          assert.deepEqual(Object.keys(editor).sort(), Object.keys(command).sort());
          for (const qid of Object.keys(command))
            for (const [m, v] of Object.entries(command[qid]))
              assert.ok(
                Object.is(editor[qid][m], v) || Math.abs(editor[qid][m] - v) < 1e-12,
                `${qid} ${m}: editor ${editor[qid][m]}, command ${v}`,
              );
        });

  it('gives no row of a file the command refuses as not JSON of its shape', () => {
    for (const run of [
      '{"q1": {"d1": 1,}}',
      '{"q1": {"d1": null}}',
      '[{"qid": "q1", "docid": "d1", "score": [1]}]',
      '{"q1": {"d1": 1}} // best',
      '{"q1": {"d1": 1}',
    ]) {
      const dir = tempFiles({ 'q.json': QRELS_OBJECT, 'r.json': run });
      const r = ranklens(['trec', join(dir, 'q.json'), join(dir, 'r.json')]);
      assert.match(r.stderr, /is not JSON of the shape it is read as/, run);
      const doc = readRunDocument(run, true, 'r.json');
      assert.equal(doc.count, 0, run);
      assert.deepEqual(
        doc.findings.map((f) => f.code),
        ['format-error'],
        run,
      );
    }
  });
});
