/**
 * The checks across a fixture's cases, written out whole: mixed-id-types once per id, on the first place
 * written with the other type, pointing at the first; duplicate-case-id on every repeat, pointing at the
 * first; k-exceeds-predictions over exactly five cases names all five.
 * Each finding as [code, the text it covers, message, [related text, related message]…].
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FixtureLanguage } from '../../shared/fixture/syntax/fixtureSyntax';
import { findingsOf } from '../helpers/fixtureText';

function crossCase(text: string, language: FixtureLanguage, code: string): unknown[] {
  return findingsOf(text, language)
    .findings.filter((f) => f.code === code)
    .map((f) => [
      text.slice(f.span.start, f.span.end),
      f.message,
      ...(f.related ?? []).map((r) => [text.slice(r.span.start, r.span.end), r.message]),
    ]);
}

describe('checks across cases', () => {
  it('mixed-id-types: 1 and 2 each flagged once, at the first string, though case v writes 1 both ways again', () => {
    const text = '{"cases": {"u": {"labels": [1, 2], "predictions": ["1", 2, "2"]}, "v": {"labels": ["1"], "predictions": [1]}}}';
    const message = (id: number) =>
      `Item ${id} is written both as a number and as a string; Ranklens treats them as the same item, Python tools (ranx, pytrec_eval) would not.`;
    assert.deepEqual(crossCase(text, 'json', 'mixed-id-types'), [
      ['"1"', message(1), ['1', 'written as a number here']],
      ['"2"', message(2), ['2', 'written as a number here']],
    ]);
  });

  it('duplicate-case-id: the second and third q each point at the first', () => {
    const text =
      'cases:\n  q: {labels: [a], predictions: [a]}\n  q: {labels: [b], predictions: [b]}\n  q: {labels: [c], predictions: [c]}\n';
    const repeat = ['q', 'Case "q" appears twice; both are evaluated and both count in the means.', ['q', 'first case with this id']];
    const found = findingsOf(text, 'yaml').findings.filter((f) => f.code === 'duplicate-case-id');
    assert.deepEqual(crossCase(text, 'yaml', 'duplicate-case-id'), [repeat, repeat]);
    assert.deepEqual(
      found.map((f) => [f.span.start, f.related![0].span.start]),
      [
        [text.indexOf('q', 30), 9],
        [text.lastIndexOf('q'), 9],
      ],
    );
  });

  it('k-exceeds-predictions over exactly five cases: all five named, no "…", one related place each', () => {
    const text = `k: [5]\nmetrics: [P]\ncases:\n${['a', 'b', 'c', 'd', 'e'].map((id) => `  ${id}: {labels: [x], predictions: [x]}`).join('\n')}\n`;
    assert.deepEqual(crossCase(text, 'yaml', 'k-exceeds-predictions'), [
      [
        '5',
        'k = 5 is larger than the predictions of 5 cases (a, b, c, d, e): P@5 still divides by 5 (precisionDenominator=k).',
        ...['a', 'b', 'c', 'd', 'e'].map((id) => ['[x]', `case ${id}: k = 5 is larger than the 1 prediction`]),
      ],
    ]);
  });
});
