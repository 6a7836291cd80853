/**
 * The lenses of a window of lines (ranklens/codeLenses, what the VS Code client asks for): the same
 * lenses textDocument/codeLens places on those lines, each with the title, tooltip and command that
 * codeLens/resolve would give it; fixture lenses when the fixture's first line is in the window.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeText } from '../../server/analysis';
import { placer } from '../../server/positions';
import { codeLenses, codeLensesIn, resolveCodeLens } from '../../server/features/codeLens';

// Line 0 opens the fixture; q1 (line 1) ranks a, x, b against {a, b, c}; q2 (line 2) has no labels; q3 (line 3) ranks c first.
const TEXT =
  '{"k": [3], "convention": "trec_eval", "cases": {\n' +
  '  "q1": {"labels": ["a", "b", "c"], "predictions": ["a", "x", "b"]},\n' +
  '  "q2": {"labels": [], "predictions": ["a"]},\n' +
  '  "q3": {"labels": ["c"], "predictions": ["c", "d"]}\n' +
  '}}\n';
const uri = 'file:///w.rank.json';
const a = analyzeText(uri, TEXT, 'json', {});
const place = placer(TextDocument.create(uri, 'json', 1, TEXT));
/** The standard lenses, each resolved as an editor resolves those it shows. */
const resolved = codeLenses(a.evaluation, uri, place, 0).map((l) => (l.command ? l : resolveCodeLens(l, a.evaluation, uri)));
const onLines = (from: number, to: number) => resolved.filter((l) => l.range.start.line >= from && l.range.start.line <= to);

describe('lenses of a window of lines', () => {
  it('gives the lenses placed on those lines, with the titles resolving gives them', () => {
    // Two fixture lenses, and four headline lenses for each case (under trec_eval q2 scores 0, not NaN).
    assert.equal(resolved.length, 2 + 3 * 4);
    assert.deepEqual(codeLensesIn(a.evaluation, uri, place, [{ start: 1, end: 1 }]), onLines(1, 1));
    assert.deepEqual(codeLensesIn(a.evaluation, uri, place, [{ start: 0, end: 4 }]), resolved);
    // Two windows (two editors): lines 0 and 3, not q1's and q2's.
    assert.deepEqual(
      codeLensesIn(a.evaluation, uri, place, [
        { start: 0, end: 0 },
        { start: 3, end: 9 },
      ]),
      [...onLines(0, 0), ...onLines(3, 3)],
    );
    assert.deepEqual(codeLensesIn(a.evaluation, uri, place, [{ start: 5, end: 9 }]), []);
  });

  it("each case lens names its case and carries the breakdown command, as resolved: q1's P@3 is 2/3 under trec_eval", () => {
    const q1 = codeLensesIn(a.evaluation, uri, place, [{ start: 1, end: 1 }]);
    assert.deepEqual(
      q1.map((l) => [l.command?.title, l.command?.command, l.command?.arguments]),
      [
        ['nDCG@3 0.704', 'ranklens.showCaseBreakdown', [uri, 0, 0]],
        ['AP@3 0.556', 'ranklens.showCaseBreakdown', [uri, 0, 0]],
        ['P@3 0.667', 'ranklens.showCaseBreakdown', [uri, 0, 0]],
        ['R@3 0.667', 'ranklens.showCaseBreakdown', [uri, 0, 0]],
      ],
    );
  });

  it('marks stale lenses as resolving marks them', () => {
    const stale = codeLensesIn(a.evaluation, uri, place, [{ start: 0, end: 1 }], { stale: true });
    const expected = codeLenses(a.evaluation, uri, place, 0, { stale: true })
      .map((l) => (l.command ? l : resolveCodeLens(l, a.evaluation, uri, { stale: true })))
      .filter((l) => l.range.start.line <= 1);
    assert.deepEqual(stale, expected);
    assert.ok(stale.every((l) => l.command?.title.startsWith('stale:')));
  });
});
