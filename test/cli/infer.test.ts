/**
 * `ranklens infer`: the conventions under which a fixture's expected values hold, as text and JSON;
 * writing the first match into the fixture makes `ranklens check` pass every expectation it explains.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ranklens, tempFiles } from './ranklens';

// u1: labels {2, 4, 6}, predictions [1..5]. AP@5 = (1/2 + 2/4) / 3 = 0.333 under trec_eval (÷ R),
// 0.5 under seed000 (÷ hits). u2 has graded labels and a tie between c (grade 1) and d (grade 0):
// trec_eval orders ties by id descending (d first), ranx keeps the order written (c first).
const FIXTURE = `k: [3, 5]
convention: seed000
cases:
  u1:
    labels: [2, 4, 6]
    predictions: [1, 2, 3, 4, 5]
    expect: { P@3: 0.333, AP@5: 0.333 }
  u2:
    labels: { a: 2, c: 1, d: 0 }
    predictions: { a: 0.9, c: 0.5, d: 0.5 }
    expect: { RR@3: 1, nDCG@3: 0.950 }
`;

interface InferJson {
  fixtures: {
    file: string;
    expectations: number;
    matches: { convention: Record<string, string | number>; matched: number }[];
    exact: boolean;
    unexplained: { case: string; measure: string; expected: number | null; nearest: number | null }[];
  }[];
}

function withConvention(text: string, convention: Record<string, string | number>): string {
  return text.replace(/^convention: .*$/m, `convention: ${JSON.stringify(convention)}`);
}

describe('ranklens infer', () => {
  it('finds the convention that reproduces every expectation; writing it in makes check pass', () => {
    const dir = tempFiles({ 'a.rank.yaml': FIXTURE });
    const file = join(dir, 'a.rank.yaml');
    assert.equal(ranklens(['check', file]).code, 1, 'seed000 fails AP@5 and nDCG@3');
    const r = ranklens(['infer', file, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const f = (JSON.parse(r.stdout) as InferJson).fixtures[0];
    assert.equal(f.expectations, 4);
    assert.equal(f.exact, true);
    // nDCG@3 of u2 (linear gain, ideal 2 + 1/log2(3)): c before d gives 1; d (grade 0) before c
    // gives (2 + 0 + 1/log2(4)) / (2 + 1/log2(3)) = 0.950, trec_eval's tie order.
    assert.deepEqual(f.matches[0], { convention: { preset: 'trec_eval' }, matched: 4 });
    assert.deepEqual(f.unexplained, []);
    writeFileSync(file, withConvention(FIXTURE, f.matches[0].convention));
    const check = ranklens(['check', file]);
    assert.equal(check.code, 0, check.stdout);
  });

  it('prints the best match and the matches that tie with it', () => {
    const dir = tempFiles({ 'a.rank.yaml': FIXTURE });
    const r = ranklens(['infer', join(dir, 'a.rank.yaml')]);
    assert.match(r.stdout, /a\.rank\.yaml — 4 expectations\n {2}every expectation holds under trec_eval\n/);
  });

  it('lists what no convention explains, with the nearest value; check then fails on those alone', () => {
    // P@3 = 1/3 under every convention but min-k-predicted with unjudged items dropped: 0.9 is unexplained.
    const text = FIXTURE.replace('P@3: 0.333', 'P@3: 0.9');
    const dir = tempFiles({ 'b.rank.yaml': text });
    const file = join(dir, 'b.rank.yaml');
    const r = ranklens(['infer', file, '--json']);
    assert.equal(r.code, 1);
    const f = (JSON.parse(r.stdout) as InferJson).fixtures[0];
    assert.equal(f.exact, false);
    assert.deepEqual([f.matches[0].convention, f.matches[0].matched], [{ preset: 'trec_eval' }, 3]);
    assert.deepEqual(
      f.unexplained.map((u) => [u.case, u.measure, u.expected, u.nearest]),
      [['u1', 'P@3', 0.9, 1]],
    );
    writeFileSync(file, withConvention(text, f.matches[0].convention));
    const check = ranklens(['check', file, '--json']);
    const failed = JSON.parse(check.stdout).findings.filter((x: { code: string }) => x.code === 'expect-mismatch');
    assert.deepEqual(
      failed.map((x: { message: string }) => x.message),
      ['Expected P@3 = 0.9, computed 0.3333: not within ±0.05 (1 decimal written).'],
    );
    assert.match(readFileSync(file, 'utf8'), /^convention: \{"preset":"trec_eval"\}$/m);
  });

  it('has a --help and needs a path', () => {
    assert.equal(ranklens(['infer', '--help']).code, 0);
    assert.equal(ranklens(['infer']).code, 2);
    assert.match(ranklens(['--help']).stdout, /infer PATH\.\.\./);
  });
});
