/**
 * TREC runs and qrels as editor documents, from the built server over stdio: a run paired with its
 * qrels by ranklens.config.json gets a lens per query with trec_eval's values, the file's means as
 * `ranklens trec` prints them, the findings at their lines, hovers and inlay hints; an edit
 * re-evaluates only the query it touched; a run no rule pairs is told how to pair it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { ranklens, tempFiles, trecValues } from '../cli/ranklens';
import { FILE_LENS, Q1_LENS, Q2_LENS, QRELS, RUN, titles } from './trecExample';

describe('TREC runs and qrels in the editor', () => {
  let client: TestClient;
  const dir = tempFiles({
    'ranklens.config.json': JSON.stringify({ qrels: { 'runs/*.run': 'qrels/dev.qrels' } }),
    'qrels/dev.qrels': QRELS,
    'runs/bm25.run': RUN,
    'runs/dup.run': RUN,
    'runs/edit.run': RUN,
    'other/lone.run': RUN,
  });
  const uri = (path: string) => pathToFileURL(join(dir, path)).toString();
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  // The findings once the run is evaluated (a qrels finding tells which publish that is).
  const evaluated = (run: string, code: string) => client.diagnosticsWhere(run, (d) => d.some((x) => x.code === code));

  it("shows each query's trec_eval values on its first line, and the means ranklens trec prints on the first line", async () => {
    const run = uri('runs/bm25.run');
    await client.open(run, RUN, 'trec-run');
    await evaluated(run, 'query-not-in-run');
    const lenses = await client.codeLenses(run);
    // Means over q1 and q2: nDCG@10 (0.5406 + 0.8772) / 2 = 0.7089, AP@10 (0.3333 + 0.75) / 2 = 0.5417.
    assert.deepEqual(titles(lenses), [`0: ${FILE_LENS}`, `0: ${Q1_LENS}`, `4: ${Q2_LENS}`]);
    const cli = ranklens([
      'trec',
      join(dir, 'qrels/dev.qrels'),
      join(dir, 'runs/bm25.run'),
      '-q',
      '-m',
      'nDCG@10',
      '-m',
      'AP@10',
      '-m',
      'P@1',
      '-m',
      'R@1',
    ]);
    const values = trecValues(cli.stdout);
    const fromCli = (q: string) => ['nDCG@10', 'AP@10', 'P@1', 'R@1'].map((m) => `${m} ${Number(values[m][q]).toFixed(3)}`).join(' · ');
    assert.equal(fromCli('q1'), Q1_LENS);
    assert.equal(fromCli('q2'), Q2_LENS);
    assert.equal(`trec_eval (built-in) · mean of 2: ${fromCli('all')}`, lenses[0].command!.title);
  });

  it('puts the findings at their lines: the tie that decides an order, the judged query the run lacks', async () => {
    const run = uri('runs/bm25.run');
    const found = await evaluated(run, 'query-not-in-run');
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
      [
        ['score-ties', 3, 11, 14],
        ['query-not-in-run', 0, 0, 0],
      ],
    );
    assert.equal(
      found[0].message,
      '"d2" (grade 1) shares the score 7.0 with "d7" (unjudged): trec_eval orders a tie by docid, descending, so the tie puts them 4th and 3rd.',
    );
    assert.equal(found[0].relatedInformation?.[0].location.range.start.line, 2);
  });

  it('reports a docid listed twice on the repeated line, with the first as related location', async () => {
    const run = uri('runs/dup.run');
    const text = RUN.replace('q2 Q0 d1 4 1.0 bm25', 'q2 Q0 d5 4 1.0 bm25');
    await client.open(run, text, 'trec-run');
    const found = await evaluated(run, 'duplicate-prediction');
    const dup = found.find((d) => d.code === 'duplicate-prediction')!;
    assert.equal(dup.severity, DiagnosticSeverity.Error);
    assert.deepEqual([dup.range.start.line, dup.range.start.character, dup.range.end.character], [7, 6, 8]);
    assert.equal(
      dup.message,
      '"d5" appears twice for query q2: duplicates=error: the query is not evaluated and is left out of the means (trec_eval stops on this).',
    );
    assert.deepEqual(
      dup.relatedInformation?.map((r) => [r.location.uri, r.location.range.start.line, r.message]),
      [[run, 4, 'first occurrence']],
    );
    const lenses = titles(await client.codeLenses(run));
    assert.deepEqual(lenses.slice(1), [`0: ${Q1_LENS}`, '4: not evaluated: a docid listed twice (duplicates=error)']);
    // q2 is left out (NaN): the means are q1's, marked partial.
    assert.match(lenses[0], /mean of 1 of 2 \(1 NaN\): nDCG@10 0\.541 .* · PARTIAL$/);
  });

  it("names the docid's judgement, trec_eval's rank and what it adds on hover", async () => {
    const run = uri('runs/bm25.run');
    const hover = await client.hover(run, RUN.indexOf('d2 4'));
    const value = (hover?.contents as { value: string }).value;
    assert.match(value, /^\*\*d2\*\* for query \*\*q1\*\*: relevant, grade 1/);
    assert.match(value, /trec_eval rank \*\*4\*\* of 4 \(score descending, then docid descending\)\./);
    // gain 2^1 − 1 = 1 (trec_eval's exponential... linear gain: 1 either way); discount 1/log2(5) = 0.4307.
    assert.match(value, /gain 1\.000 · discount at rank 4: 0\.4307/);
    // AP@10: the second hit at rank 4 adds (2/4) / 3 relevant = 0.1667.
    assert.match(value, /- AP@10: \+0\.1667/);
    assert.match(value, /- P@1: \+0\.0000 \(outside the top 1\)/);
    // d7 is ranked 3rd, the rank column says 3: no note; a rank column that differs is named.
    const swapped = uri('runs/edit.run');
    await client.open(swapped, RUN.replace('q1 Q0 d7 3 7.0', 'q1 Q0 d7 4 7.0').replace('q1 Q0 d2 4 7.0', 'q1 Q0 d2 3 7.0'), 'trec-run');
    const diags = await evaluated(swapped, 'rank-column-ignored');
    const h2 = await client.hover(swapped, client.text(swapped).indexOf('d2 3'));
    assert.match(
      (h2?.contents as { value: string }).value,
      /trec_eval rank \*\*4\*\* of 4 .* The rank column says 3: trec_eval ignores it\./,
    );
    const rank = diags.find((d) => d.code === 'rank-column-ignored')!;
    assert.deepEqual([rank.range.start.line, rank.range.start.character], [2, 9]);
    assert.equal(
      rank.message,
      'The rank column says 4, but trec_eval ranks this document 3rd (score descending, then docid descending): the rank column is ignored. The rank column differs on 1 more line of query q1.',
    );
    await client.close(swapped);
  });

  it('marks each docid as relevant with its grade, judged non-relevant, or unjudged', async () => {
    const run = uri('runs/bm25.run');
    const hints = await client.inlayHints(run);
    assert.deepEqual(
      hints.map((h) => `${h.position.line}:${h.position.character} ${h.label}`),
      ['0:8 ✗', '1:8 ✓2', '2:8 ?', '3:8 ✓1', '4:8 ✓1', '5:8 ?', '6:8 ✗', '7:8 ✓1'],
    );
  });

  it('re-evaluates only the query an edit touched', async () => {
    const run = uri('runs/edit.run');
    await client.open(run, RUN, 'trec-run');
    await evaluated(run, 'query-not-in-run');
    const before = await client.codeLenses(run);
    assert.deepEqual(titles(before).slice(1), [`0: ${Q1_LENS}`, `4: ${Q2_LENS}`]);
    // q2's d8 (unjudged, rank 2) becomes d6 (grade 0): a docid listed twice, so q2 is left out.
    const version = await client.replace(run, 'q2 Q0 d8', 'q2 Q0 d6');
    await client.diagnostics(run, version);
    const after = await client.codeLenses(run);
    assert.deepEqual(titles(after).slice(1), [`0: ${Q1_LENS}`, '4: not evaluated: a docid listed twice (duplicates=error)']);
    // The file lens follows: the mean of q1 alone.
    assert.match(titles(after)[0], /mean of 1 of 2 \(1 NaN\): nDCG@10 0\.541 · AP@10 0\.333 · P@1 0\.000 · R@1 0\.000 · PARTIAL$/);
  });

  it('evaluates the run against the qrels open in the editor, unsaved edits included, and counts on a qrels line what each open run retrieves', async () => {
    const run = uri('runs/bm25.run');
    const qrels = uri('qrels/dev.qrels');
    // Plain text, as an editor without the trec-qrels language opens it: the file name makes it qrels.
    const published = client.publishedCount(run);
    await client.open(qrels, QRELS.replace('q1 0 d3 0', 'q1 0 d3 1'), 'plaintext');
    await client.until(() => (client.publishedCount(run) > published ? true : undefined), 'the run checked again');
    // d3 at rank 1 becomes relevant. The same qrels saved as dev2.qrels:
    // /tmp/trec_eval -q -m ndcg_cut.10 -m map_cut.10 -m P.1 -m recall.1 dev2.qrels bm25.run gives for q1
    // ndcg_cut_10 0.7560, map_cut_10 0.6875 ((1/1 + 2/2 + 3/4) / 4 relevant), P_1 1.0000, recall_1 0.2500.
    assert.equal(titles(await client.codeLenses(run))[1], '0: nDCG@10 0.756 · AP@10 0.688 · P@1 1.000 · R@1 0.250');
    const hover = await client.hover(qrels, 0);
    assert.equal(
      (hover?.contents as { value: string }).value,
      'Query **q1**: 4 judgements, 4 relevant — grade 2: 1 · grade 1: 3\n\n' +
        // Every open run paired with these qrels: the edits of dup.run and edit.run touched q2 only.
        '- bm25.run: retrieves 3 of the 4 relevant (4 lines for this query)\n' +
        '- dup.run: retrieves 3 of the 4 relevant (4 lines for this query)\n' +
        '- edit.run: retrieves 3 of the 4 relevant (4 lines for this query)',
    );
    assert.deepEqual(await client.connection.sendRequest('ranklens/trecPairing', { uri: qrels }), { role: 'qrels' });
    // Closed, the qrels are read from disk again.
    const before = client.publishedCount(run);
    await client.close(qrels);
    await client.until(() => (client.publishedCount(run) > before ? true : undefined), 'the run checked against the disk');
    assert.equal(titles(await client.codeLenses(run))[1], `0: ${Q1_LENS}`);
  });

  it('never takes a .txt file for TREC unless a pattern names it', async () => {
    const notes = uri('runs/notes.txt');
    await client.open(notes, RUN, 'plaintext');
    assert.deepEqual(await client.connection.sendRequest('ranklens/trecPairing', { uri: notes }), { role: 'none' });
    const named = uri('qrels/qrels-dev.txt');
    await client.open(named, QRELS, 'plaintext');
    assert.deepEqual(await client.connection.sendRequest('ranklens/trecPairing', { uri: named }), { role: 'qrels' });
  });

  it('tells a run no rule pairs how to pair it, on its first line', async () => {
    const run = uri('other/lone.run');
    await client.open(run, RUN, 'trec-run');
    const found = await evaluated(run, 'run-not-paired');
    assert.deepEqual(
      found.map((d) => [d.code, d.severity, d.range.start.line]),
      [['run-not-paired', DiagnosticSeverity.Information, 0]],
    );
    assert.match(found[0].message as string, /No "qrels" rule of .*ranklens\.config\.json matches this run\./);
    assert.match(found[0].message as string, /"qrels": \{"lone\.run": "path\/to\/qrels"\} in ranklens\.config\.json/);
    assert.match(found[0].message as string, /ranklens\.pickQrels/);
    assert.deepEqual(await client.codeLenses(run), []);
    const pairing = await client.connection.sendRequest('ranklens/trecPairing', { uri: run });
    assert.equal((pairing as { role: string }).role, 'run');
    const paired = await client.connection.sendRequest('ranklens/trecPairing', { uri: uri('runs/bm25.run') });
    assert.deepEqual(paired, {
      role: 'run',
      qrels: uri('qrels/dev.qrels'),
      config: uri('ranklens.config.json'),
      glob: 'runs/*.run',
    });
  });

  it('pairs a run again when ranklens.config.json changes on disk', async () => {
    const run = uri('other/lone.run');
    await evaluated(run, 'run-not-paired');
    writeFileSync(
      join(dir, 'ranklens.config.json'),
      JSON.stringify({ qrels: { 'runs/*.run': 'qrels/dev.qrels', 'other/*.run': 'qrels/dev.qrels' } }),
    );
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uri('ranklens.config.json'), type: 2 }],
    });
    await evaluated(run, 'query-not-in-run');
    assert.deepEqual(titles(await client.codeLenses(run)).slice(1), [`0: ${Q1_LENS}`, `4: ${Q2_LENS}`]);
    assert.deepEqual(await client.connection.sendRequest('ranklens/trecPairing', { uri: run }), {
      role: 'run',
      qrels: uri('qrels/dev.qrels'),
      config: uri('ranklens.config.json'),
      glob: 'other/*.run',
    });
  });
});
