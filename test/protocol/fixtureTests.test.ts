/**
 * ranklens/fixtureTests, the request behind VS Code's Testing view: a file's expectations and declared
 * findings with their outcomes, from the open text (as the lenses) or from disk, and the same
 * result after a quick fix sets the wrong value to the computed one.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_TESTS_REQUEST, FixtureTestsResult } from '../../shared/protocol';
import { TestClient, fileUri } from './lspClient';

// labels {2, 4, 6}, predictions 1..5 under trec_eval: P@3 = 1/3 and R@5 = 2/3; 0.5 is wrong (line 7).
const YAML = `convention: trec_eval
k: [3, 5]
metrics: [P@k, R@k]
cases:
  u1:
    labels: [2, 4, 6]
    predictions: [1, 2, 3, 4, 5]
    expect: { P@3: 0.5, R@5: 0.667, P@7: 0.1 }
---
expectFindings: [empty-labels, score-ties]
cases:
  nothing: { labels: [], predictions: [a] }
`;

const short = (r: FixtureTestsResult) =>
  r.documents.map((d) => ({
    convention: d.convention,
    cases: d.cases.map(
      (c) =>
        `${c.id}@${c.range.start.line}: ${c.expectations.map((e) => `${e.metric}=${e.expected} ${e.outcome}${e.actual ? ` (${e.actual})` : ''} @${e.range.start.line}:${e.range.start.character}-${e.range.end.character}`).join(', ')}`,
    ),
    declared: d.declared.map((x) => `${x.code} ${x.passed ? 'passed' : 'failed'} @${x.range.start.line}:${x.range.start.character}`),
  }));

describe('ranklens/fixtureTests', () => {
  let client: TestClient;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ranklens-tests-'));
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a file that is not open from disk: each expectation and declared finding with its outcome', async () => {
    const path = join(dir, 'disk.rank.yaml');
    writeFileSync(path, YAML);
    const r = await client.connection.sendRequest<FixtureTestsResult>(FIXTURE_TESTS_REQUEST, { uri: fileUri(path) });
    assert.deepEqual(short(r), [
      {
        convention: 'trec_eval',
        cases: ['u1@4: P@3=0.5 failed (0.333) @7:14-22, R@5=0.667 passed (0.667) @7:24-34, P@7=0.1 unchecked @7:36-44'],
        declared: [],
      },
      { convention: 'trec_eval', cases: [], declared: ['empty-labels passed @9:17', 'score-ties failed @9:31'] },
    ]);
    const p3 = r.documents[0].cases[0].expectations[0];
    assert.equal(p3.message, 'Expected P@3 = 0.5, computed 0.3333 under convention trec_eval.');
    assert.equal(
      r.documents[0].cases[0].expectations[2].message,
      'The fixture does not compute P@7 (check k and metrics), so this expectation is not checked.',
    );
    assert.equal(r.documents[1].declared[1].message, 'expectFindings declares "score-ties", but the file has no such finding.');
    assert.deepEqual(r.errors, []);
  });

  it('reads an open document as it is now, unsaved edits included, and reports syntax errors', async () => {
    const uri = fileUri(join(dir, 'open.rank.yaml'));
    await client.open(uri, YAML);
    // The quick fix's edit: 0.5 becomes the computed 0.333 (not saved).
    await client.replace(uri, 'P@3: 0.5', 'P@3: 0.333');
    let r = await client.connection.sendRequest<FixtureTestsResult>(FIXTURE_TESTS_REQUEST, { uri });
    assert.equal(
      short(r)[0].cases[0],
      'u1@4: P@3=0.333 passed (0.333) @7:14-24, R@5=0.667 passed (0.667) @7:26-36, P@7=0.1 unchecked @7:38-46',
    );
    // An unclosed flow sequence: YAML notices on the line after (line 6, 0-based).
    await client.replace(uri, 'labels: [2, 4, 6]', 'labels: [2, 4, 6');
    r = await client.connection.sendRequest<FixtureTestsResult>(FIXTURE_TESTS_REQUEST, { uri });
    assert.deepEqual(
      r.errors.map((e) => `${e.code} @${e.range.start.line}`),
      ['syntax-error @6'],
    );
  });

  it('answers null for a file that is no fixture or does not exist', async () => {
    assert.equal(await client.connection.sendRequest(FIXTURE_TESTS_REQUEST, { uri: fileUri(join(dir, 'notes.txt')) }), null);
    assert.equal(await client.connection.sendRequest(FIXTURE_TESTS_REQUEST, { uri: fileUri(join(dir, 'gone.rank.json')) }), null);
  });
});
