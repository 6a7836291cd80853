/** `ranklens check`: tables, findings as file:line:col, exit codes, overrides, expectFindings, JSON. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ranklens, tempFiles } from './ranklens';

// The README's example: labels {2, 4, 6}, predictions [1..5]. Under trec_eval P@3 = 1/3 and
// AP@5 = (1/2 + 2/4) / 3 relevant = 0.333; the seed000 preset divides AP by the 2 hits: 0.500.
const README = `k: [3, 5]
metrics: [P@k, AP@k]
convention: trec_eval
cases:
  u1:
    labels: [2, 4, 6]
    predictions: [1, 2, 3, 4, 5]
    expect: { P@3: 0.333, AP@5: 0.333 }
`;

describe('ranklens check', () => {
  const dir = tempFiles({ 'readme.rank.yaml': README });
  const file = join(dir, 'readme.rank.yaml');

  it('prints the cases and the mean and exits 0 when every expectation holds', () => {
    const r = ranklens(['check', file]);
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /readme\.rank\.yaml — convention trec_eval \(fixture\)/);
    assert.match(r.stdout, /^case\s+P@3\s+P@5\s+AP@3\s+AP@5$/m);
    // P@5 = 2/5, AP@3 = (1/2) / 3.
    assert.match(r.stdout, /^u1\s+0\.333\s+0\.400\s+0\.167\s+0\.333$/m);
    assert.match(r.stdout, /^mean\s+0\.333\s+0\.400\s+0\.167\s+0\.333$/m);
    assert.match(r.stdout, /1 file: 0 errors, 0 warnings, 0 notes — ok/);
  });

  it("keeps the fixture's own convention under --convention, which only fills in for fixtures without one", () => {
    const r = ranklens(['check', file, '--convention', 'seed000']);
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /readme\.rank\.yaml — convention trec_eval \(fixture\)/);
  });

  it('fails with file:line:col when --force-convention changes a value the fixture expects', () => {
    const r = ranklens(['check', file, '--force-convention', 'seed000']);
    assert.equal(r.code, 1);
    // "    expect: { P@3: 0.333, AP@5: 0.333 }" is line 8; the 0.333 after "AP@5: " starts at column 33.
    assert.ok(
      r.stdout.includes(
        `${file}:8:33 error expect-mismatch Expected AP@5 = 0.333, computed 0.5000: not within ±0.0005 (3 decimals written).`,
      ),
      r.stdout,
    );
  });

  it("uses --k and --metrics instead of the fixture's own (an expectation it no longer computes is a warning)", () => {
    const r = ranklens(['check', file, '--k', '1,3', '--metrics', 'P@k']);
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /^case\s+P@1\s+P@3$/m);
    assert.match(r.stdout, /warning expect-not-computed The fixture does not compute AP@5/);
  });

  it('exits 2 on a bad option value, an unknown preset or nothing to check', () => {
    assert.equal(ranklens(['check', file, '--k', '0']).code, 2);
    assert.match(ranklens(['check', file, '--convention', 'trec-evl']).stderr, /Unknown convention "trec-evl"/);
    assert.equal(ranklens(['check', file, '--metrics', 'Precison@3']).code, 2);
    assert.equal(ranklens(['check']).code, 2);
    assert.equal(ranklens(['check', join(dir, 'missing.rank.yaml')]).code, 2);
    assert.match(ranklens(['check', tempFiles({ 'notes.txt': 'x' })]).stderr, /No fixture file in/);
  });
});

describe('expectFindings', () => {
  const mismatch = '"cases": {"c": {"labels": ["a"], "predictions": ["a"], "expect": {"P@1": 0.5}}}';

  it('lets the error findings a fixture declares pass, marked [expected]', () => {
    const dir = tempFiles({ 'e.rank.json': `{"expectFindings": ["expect-mismatch"], "k": [1], ${mismatch}}\n` });
    const r = ranklens(['check', dir]);
    assert.equal(r.code, 0, r.stdout);
    assert.match(
      r.stdout,
      /error expect-mismatch Expected P@1 = 0\.5, computed 1\.0000: not within ±0\.05 \(1 decimal written\)\. \[expected\]/,
    );
    assert.match(r.stdout, /1 error \(1 expected\)/);
  });

  it('fails when a declared code does not occur, pointing at the declaration', () => {
    const dir = tempFiles({
      'e.rank.json': '{"expectFindings": ["unknown-metric"], "k": [1],\n "cases": {"c": {"labels": ["a"], "predictions": ["a"]}}}\n',
    });
    const r = ranklens(['check', dir]);
    assert.equal(r.code, 1);
    assert.match(
      r.stdout,
      /e\.rank\.json:1:21 error expected-finding-missing expectFindings declares "unknown-metric", but the file has no such finding\./,
    );
  });

  it('fails on an error whose code is not declared', () => {
    const dir = tempFiles({
      'e.rank.json': `{"expectFindings": ["unknown-metric"], "k": [1], "metrics": ["P", "Precison"], ${mismatch}}\n`,
    });
    const r = ranklens(['check', dir]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /error unknown-metric .*\[expected\]/);
    assert.match(r.stdout, /error expect-mismatch Expected P@1 = 0\.5, computed 1\.0000: not within ±0\.05 \(1 decimal written\)\.$/m);
  });
});

describe('ranklens check --json', () => {
  it('writes fixtures → cases → values beside their trec_eval names, NaN as null, ranges 1-based as editors count (UTF-16 columns)', () => {
    // "😀" is 2 UTF-16 characters: the 0.5 below starts at column 76 (75 UTF-16 units before it, 74 code points), as in the text: u.rank.json:1:76.
    const json = '{"cases": {"😀": {"labels": ["a"], "predictions": ["a"], "expect": {"P@1": 0.5}}}}';
    const dir = tempFiles({
      'u.rank.json': `${json}\n`,
      'n.rank.yaml': 'k: [1]\nconvention: seed000\ncases:\n  empty:\n    labels: []\n    predictions: [a]\n',
    });
    const r = ranklens(['check', dir, '--json']);
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout);
    const [n, u] = report.fixtures;
    assert.equal(n.file, join(dir, 'n.rank.yaml'));
    assert.equal(n.convention.name, 'seed000');
    assert.equal(n.convention.emptyLabels, 'nan');
    // No relevant label under seed000: NaN, written as null, and left out of the mean.
    const names = Object.keys(n.means);
    assert.deepEqual(n.cases, [
      { id: 'empty', values: Object.fromEntries(names.map((m) => [m, { value: null, trecEval: n.means[m].trecEval }])) },
    ]);
    assert.ok(Object.values(n.means).every((x) => (x as { excluded: number }).excluded === 1));
    const mismatch = report.findings.find((f: { code: string }) => f.code === 'expect-mismatch');
    assert.equal(mismatch.file, join(dir, 'u.rank.json'));
    assert.deepEqual(mismatch.range, { start: { line: 1, column: 76 }, end: { line: 1, column: 79 } });
    assert.match(ranklens(['check', join(dir, 'u.rank.json')]).stdout, /u\.rank\.json:1:76 error expect-mismatch/);
    assert.equal(u.cases[0].id, '😀');
    assert.deepEqual(u.cases[0].values['P@1'], { value: 1, trecEval: 'P_1' });
  });
});

describe('which files ranklens check reads', () => {
  const dir = tempFiles({
    'a.rank.yaml': 'k: [1]\ncases:\n  c: { labels: [a], predictions: [a] }\n',
    'sub/b.rank.json': '{"k": [1], "cases": {"c": {"labels": ["a"], "predictions": ["b"]}}}\n',
    'sub/package.json': '{"name": "not a fixture"}\n',
    'node_modules/x/c.rank.yaml': 'not: [a fixture\n',
  });

  it('searches a folder for fixture names, skipping node_modules and other JSON', () => {
    const r = ranklens(['check', dir]);
    assert.equal(r.code, 0, r.stdout);
    assert.deepEqual(r.stdout.match(/^\S+ — convention/gm), [
      `${join(dir, 'a.rank.yaml')} — convention`,
      `${join(dir, 'sub', 'b.rank.json')} — convention`,
    ]);
  });

  it('expands globs with ** and *', () => {
    const r = ranklens(['check', '**/*.rank.json'], dir);
    assert.deepEqual(r.stdout.match(/^\S+ — convention/gm), ['sub/b.rank.json — convention']);
    assert.equal(ranklens(['check', 'sub/*.json'], dir).code, 1, 'package.json named by the glob is read, and is no fixture');
  });
});

describe('ranklens --help', () => {
  it('lists the commands; each command has its own help', () => {
    const r = ranklens(['--help']);
    assert.equal(r.code, 0);
    for (const c of ['check', 'trec', 'compare']) assert.match(r.stdout, new RegExp(`^  ${c} `, 'm'));
    const check = ranklens(['check', '--help']);
    assert.equal(check.code, 0);
    for (const option of ['--convention', '--k', '--metrics', '--json', 'expectFindings']) assert.ok(check.stdout.includes(option), option);
    assert.equal(ranklens(['frobnicate']).code, 2);
    assert.equal(ranklens([]).code, 2);
  });
});
