/**
 * Which documents the editor takes for TREC runs and qrels (shared/trecdoc/documentRole.ts): a name
 * the ranklens.trec.* patterns or a `qrels` rule of ranklens.config.json names, and text that reads as
 * a TREC line or as a TSV, CSV or JSON-lines table of that role. The VS Code client adopts a document
 * by this rule; a file that does not read as one is never adopted.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FoundConfig } from '../../shared/evaluation';
import { DEFAULT_QRELS_PATTERNS, DEFAULT_RUN_PATTERNS } from '../../shared/fixture';
import { configuredTrecRole, namedTrecRole } from '../../shared/trecdoc';

const PATTERNS = { runs: DEFAULT_RUN_PATTERNS, qrels: DEFAULT_QRELS_PATTERNS };
const CONFIG: FoundConfig = {
  path: '/w/ranklens.config.json',
  source: 'ranklens.config.json',
  config: { qrels: { 'runs/*.jsonl': 'beir/qrels/test.tsv', 'runs/*.tsv': 'qrels/odd.tsv' } },
  problems: [],
};

describe('the documents the editor takes for runs and qrels', () => {
  it('takes a BEIR qrels TSV (query-id, corpus-id, score) that a rule names as its qrels', () => {
    const text = 'query-id\tcorpus-id\tscore\n1\t31715818\t1\n3\t14717500\t1\n';
    assert.equal(namedTrecRole('/w/beir/qrels/test.tsv', text, PATTERNS, CONFIG), 'qrels');
  });

  it('takes a JSON-lines run ({"qid", "docid", "score"}) that a rule\'s run glob names', () => {
    const text = '{"qid": "q1", "docid": "d3", "score": 9.5}\n{"qid": "q1", "docid": "d1", "score": 8.0}\n';
    assert.equal(namedTrecRole('/w/runs/bm25.jsonl', text, PATTERNS, CONFIG), 'run');
  });

  it('takes a JSON-lines run that ranklens.trec.runPatterns names, with no configuration', () => {
    const text = '{"qid": "q1", "docid": "d3", "score": 9.5}\n';
    assert.equal(namedTrecRole('/elsewhere/bm25.jsonl', text, { runs: ['*.jsonl'], qrels: [] }, undefined), 'run');
  });

  it('leaves a CSV of user,item,rating alone when nothing names it, though it reads as qrels', () => {
    const text = 'user,item,rating\nu1,i9,5\nu1,i4,3\n';
    assert.equal(namedTrecRole('/w/ratings.csv', text, PATTERNS, CONFIG), undefined);
    assert.equal(namedTrecRole('/w/ratings.csv', text, PATTERNS, undefined), undefined);
  });

  it('leaves a .tsv a rule names alone when its header names no query, document and score columns', () => {
    const text = 'name\tcount\nalpha\t3\n';
    assert.equal(namedTrecRole('/w/runs/counts.tsv', text, PATTERNS, CONFIG), undefined);
    assert.equal(namedTrecRole('/w/qrels/odd.tsv', text, PATTERNS, CONFIG), undefined);
  });

  it('takes a .tsv of TREC lines that a rule names as its qrels (MS MARCO writes its qrels so)', () => {
    assert.equal(namedTrecRole('/w/qrels/odd.tsv', '1185869\t0\t0\t1\n', PATTERNS, CONFIG), 'qrels');
  });

  it('takes a file the patterns name when its first line is a TREC line of that role, and leaves notes alone', () => {
    const txt = { runs: ['*.txt'], qrels: [] };
    assert.equal(namedTrecRole('/w/bm25.txt', 'q1 Q0 d1 1 9.5 bm25\n', txt, undefined), 'run');
    assert.equal(namedTrecRole('/w/notes.txt', 'Meeting notes\nq1 Q0 d1 1 9.5 bm25\n', txt, undefined), undefined);
  });

  it('leaves a pretty-printed JSON file a rule names alone (its first line is not a JSON object)', () => {
    const text = '{\n  "qid": "q1",\n  "docid": "d3",\n  "score": 9.5\n}\n';
    assert.equal(namedTrecRole('/w/runs/bm25.jsonl', text, PATTERNS, CONFIG), undefined);
  });

  it("names a run by a rule's glob and qrels by a rule's path, resolved against the configuration's folder", () => {
    assert.equal(configuredTrecRole(CONFIG, '/w/runs/bm25.jsonl'), 'run');
    assert.equal(configuredTrecRole(CONFIG, '/w/beir/qrels/test.tsv'), 'qrels');
    assert.equal(configuredTrecRole(CONFIG, '/other/runs/bm25.jsonl'), undefined);
    assert.equal(configuredTrecRole(undefined, '/w/runs/bm25.jsonl'), undefined);
  });
});
