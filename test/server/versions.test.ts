/**
 * The state the server carries from one version of a document to the next, where a slip would show an
 * old answer for a new text without any error: the line starts kept for a large text, the edit log
 * that a splice into an older parse reads, and a lens placed on one version and resolved on the next.
 * (The case cache's key is held in test/evaluation/caseCache.test.ts.)
 */
import './platformStub';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Position } from 'vscode-languageserver';
import { RanklensService } from '../../server/service';
import { WorkspaceWatcher } from '../../server/features/workspaceWatcher';
import { nodeFiles } from '../../server/nodeFiles';
import { OpenDocuments } from '../../server/documents';
import { placer } from '../../server/positions';
import { codeLenses, resolveCodeLens } from '../../server/features/codeLens';
import { inlayHints } from '../../server/features/inlayHints';
import { itemId } from '../../shared/fixture/model/itemList';

function service(): RanklensService {
  const host = { isOpen: () => false, check: () => undefined, clear: () => undefined };
  return new RanklensService(new WorkspaceWatcher(host, () => ['*.rank.json', '*.rank.yaml'], nodeFiles));
}

/** An LSP change replacing [start, end) of the document's current text. */
function change(s: RanklensService, uri: string, start: number, end: number, text: string) {
  const doc = s.documents.get(uri)!.text;
  return { range: { start: doc.positionAt(start), end: doc.positionAt(end) }, text };
}

const everything = { start: Position.create(0, 0), end: Position.create(100, 0) };

describe('line starts of a large text follow its versions', () => {
  it('a line inserted at the top of a 93,000-character document moves every span placed after it down a line', () => {
    // 3,000 lines of 31 characters: 93,000 characters, past the 64 KiB where line starts are found natively.
    const line = (i: number) => `  q${String(i).padStart(4, '0')}: {labels: [a, b, cde]}\n`;
    const text = Array.from({ length: 3000 }, (_, i) => line(i)).join('');
    assert.equal(text.length, 93_000);
    const docs = new OpenDocuments();
    const doc = docs.open('file:///big.rank.yaml', 'yaml', 1, text);
    // q1500's id sits on line 1500 at characters 2 to 7.
    const at = text.indexOf('q1500');
    assert.deepEqual(placer(doc.text).range({ start: at, end: at + 5 }), {
      start: { line: 1500, character: 2 },
      end: { line: 1500, character: 7 },
    });
    // Version 2 inserts "cases:\n" at the top. TextDocument.update changes the document object in place,
    // so only its version tells the old line starts from the new ones.
    docs.change('file:///big.rank.yaml', 2, [{ range: { start: Position.create(0, 0), end: Position.create(0, 0) }, text: 'cases:\n' }]);
    assert.equal(docs.get('file:///big.rank.yaml')!.text, doc.text, 'the same object, a new version');
    assert.deepEqual(placer(doc.text).range({ start: at + 7, end: at + 12 }), {
      start: { line: 1501, character: 2 },
      end: { line: 1501, character: 7 },
    });
    assert.deepEqual(placer(doc.text).position(93_007), { line: 3001, character: 0 });
  });
});

describe('the edit log keeps what a splice into the last base reads', () => {
  // q3 predicts a, x against labels a, b: ✓1 ✗. In one version q3's x becomes b and q1's list gets a
  // trailing comma (a syntax warning in JSON: the parse is whole, but no base for a splice); the next
  // version removes the comma, an edit inside q1 alone, spliced into the last base (version 1) with
  // every edit made since: the log must still hold version 2's.
  const TEXT = `{
  "k": [2],
  "convention": "trec_eval",
  "cases": {
    "q1": {"labels": ["c"], "predictions": ["c"]},
    "q2": {"labels": ["d"], "predictions": ["d"]},
    "q3": {"labels": ["a", "b"], "predictions": ["a", "x"]}
  }
}
`;

  it('a prediction changed beside a trailing comma elsewhere, then the comma removed: the model holds the new prediction and its mark', () => {
    const s = service();
    const uri = 'file:///w/log.rank.json';
    s.open(uri, 'json', 1, TEXT);
    const v1 = s.current(uri)!.analysis;
    assert.deepEqual([v1.parses, v1.evaluation.fixtures[0].cases[2].values.slice(0, 2)], [true, [0.5, 0.5]]);
    const comma = TEXT.indexOf('["c"]') + 4;
    const x = TEXT.indexOf('"x"') + 1;
    // Version 2: both changes at once, the later offset first so that the earlier one stays where it was.
    s.documents.change(uri, 2, [change(s, uri, x, x + 1, 'b'), change(s, uri, comma, comma, ',')]);
    const v2 = s.current(uri)!.analysis;
    assert.deepEqual(
      v2.parsed.problems.map((p) => p.code),
      ['syntax-warning'],
    );
    // Version 1 is still the base to splice into, so the log keeps both edits of version 2.
    assert.deepEqual(
      s.documents.get(uri)!.edits.map((e) => e.version),
      [2, 2],
    );
    // Version 3 removes the comma.
    s.documents.change(uri, 3, [change(s, uri, comma, comma + 1, '')]);
    const v3 = s.current(uri)!.analysis;
    assert.equal(v3.text, TEXT.replace('"x"', '"b"'));
    assert.deepEqual(v3.parsed.problems, []);
    const q3 = v3.parsed.fixtures[0].cases[2];
    assert.deepEqual([itemId(q3.predictions, 0), itemId(q3.predictions, 1)], ['a', 'b']);
    // Now a, b against labels a, b: P@2 = R@2 = 1 (not 0.5), and both predictions marked relevant.
    assert.deepEqual(v3.evaluation.fixtures[0].cases[2].values.slice(0, 2), [1, 1]);
    const shown = s.shown(uri)!;
    assert.deepEqual(
      inlayHints(shown.analysis.evaluation, everything, shown.place)
        .slice(2)
        .map((h) => [h.position, h.label]),
      [
        [{ line: 6, character: 52 }, '✓1'],
        [{ line: 6, character: 57 }, '✓1'],
      ],
    );
    assert.deepEqual(s.documents.get(uri)!.edits, [], 'version 3 is the base now: nothing maps from older versions');
  });

  it('in YAML, where a case reaches over the blank lines after it: a tag added and removed in q2 while q1 changed', () => {
    // An unknown tag is a syntax warning (no base for a splice), like JSON's trailing comma. q2's region runs
    // to "metrics:", so a splice of q2 that missed version 2 would take 3 characters too few and still read.
    const text =
      'k: [2]\nconvention: trec_eval\ncases:\n  q1:\n    labels: [a, b]\n    predictions: [a, x]\n  q2:\n    labels: [c]\n    predictions: [c]\n\n\n\nmetrics: [P]\n';
    const s = service();
    const uri = 'file:///w/log.rank.yaml';
    s.open(uri, 'yaml', 1, text);
    s.current(uri);
    const x = text.indexOf('x]');
    const tag = text.indexOf('[c]\n\n');
    s.documents.change(uri, 2, [change(s, uri, tag, tag, '!t '), change(s, uri, x, x + 1, 'b')]);
    assert.deepEqual(
      s.current(uri)!.analysis.parsed.problems.map((p) => p.code),
      ['syntax-warning'],
    );
    s.documents.change(uri, 3, [change(s, uri, tag, tag + 3, '')]);
    const v3 = s.current(uri)!.analysis;
    assert.equal(v3.text, text.replace('x]', 'b]'));
    const fx = v3.parsed.fixtures[0];
    assert.deepEqual([itemId(fx.cases[0].predictions, 0), itemId(fx.cases[0].predictions, 1)], ['a', 'b']);
    // "metrics" is where it was: the text before it is as long as in version 1.
    assert.deepEqual(fx.metricsSpan, { start: text.indexOf('[P]'), end: text.indexOf('[P]') + 3 });
    // q1 ranks a, b against a, b: P@2 = 1, each prediction ✓ (on line 5, after "a" and "b").
    assert.deepEqual(v3.evaluation.fixtures[0].cases[0].values, [1]);
    const shown = s.shown(uri)!;
    assert.deepEqual(
      inlayHints(shown.analysis.evaluation, everything, shown.place)
        .slice(0, 2)
        .map((h) => [h.position, h.label]),
      [
        [{ line: 5, character: 19 }, '✓1'],
        [{ line: 5, character: 22 }, '✓1'],
      ],
    );
  });
});

describe('a lens placed on one version and resolved on the next', () => {
  const TEXT = 'k: [1]\nconvention: trec_eval\ncases:\n  q1: {labels: [a], predictions: [a]}\n  q2: {labels: [b], predictions: [b]}\n';

  it('resolves to an empty command when its case index equals the number of cases left', () => {
    const s = service();
    const uri = 'file:///w/lens.rank.yaml';
    s.open(uri, 'yaml', 1, TEXT);
    const before = s.shown(uri)!;
    const lenses = codeLenses(before.analysis.evaluation, uri, before.place, s.documentNumber(uri));
    const last = lenses.find((l) => Array.isArray(l.data) && l.data[2] === 1)!;
    assert.equal(resolveCodeLens(last, before.analysis.evaluation, uri).command?.title, 'nDCG@1 1.000');
    // Version 2 deletes q2: one case left, and the lens asks for case 1.
    const q2 = TEXT.indexOf('  q2');
    s.documents.change(uri, 2, [change(s, uri, q2, TEXT.length, '')]);
    const after = s.shown(uri)!;
    assert.equal(after.analysis.evaluation.fixtures[0].cases.length, 1);
    assert.deepEqual(resolveCodeLens(last, after.analysis.evaluation, uri), { range: last.range, command: { title: '', command: '' } });
  });
});

describe('a large file the workspace scan analyzed, then opened', () => {
  // 6,000 cases of some 50 characters: past the 256 KiB from which the scan's analysis is kept.
  const big = (mark: string) =>
    `k: [1]\nmetrics: [P]\ncases:\n${Array.from({ length: 6000 }, (_, i) => `  q${i}: {labels: [a${i}], predictions: [a${i}, ${mark}]}\n`).join('')}`;

  it('opens with the analysis the scan made (its parse, at the version opened), and edits from there', () => {
    const s = service();
    const uri = 'file:///w/big.rank.yaml';
    const text = big('x');
    assert.ok(text.length >= 256 * 1024);
    const scanned = s.analyzeFile(uri, text, 'yaml').analysis;
    s.open(uri, 'yaml', 3, text);
    const opened = s.current(uri)!.analysis;
    assert.equal(opened.parsed, scanned.parsed, 'no first pass: the same model');
    assert.equal(opened.evaluation, scanned.evaluation);
    assert.deepEqual([opened.version, opened.parses], [3, true]);
    // An edit in q1 (its first prediction a1 becomes z: P@1 falls from 1 to 0) is spliced into that model
    // and evaluates q1 alone: the other cases' results are the scan's.
    const at = text.indexOf('[a1, x]') + 1;
    assert.deepEqual(opened.evaluation.fixtures[0].cases[1].values, [1]);
    s.documents.change(uri, 4, [change(s, uri, at, at + 2, 'z')]);
    const edited = s.current(uri)!.analysis;
    assert.equal(edited.parsed, scanned.parsed, 'spliced into the scanned model');
    assert.deepEqual(edited.evaluation.fixtures[0].cases[1].values, [0]);
    assert.equal(edited.evaluation.fixtures[0].cases[2], scanned.evaluation.fixtures[0].cases[2]);
  });

  it('is analyzed afresh when the text opened differs, when it is small, or after the settings changed', () => {
    const s = service();
    const uri = 'file:///w/big.rank.yaml';
    const scanned = s.analyzeFile(uri, big('x'), 'yaml').analysis;
    s.open(uri, 'yaml', 1, big('y'));
    assert.notEqual(s.current(uri)!.analysis.parsed, scanned.parsed);
    s.close(uri);
    const small = 'k: [1]\ncases:\n  q1: {labels: [a], predictions: [a]}\n';
    const smallScanned = s.analyzeFile(uri, small, 'yaml').analysis;
    s.open(uri, 'yaml', 1, small);
    assert.notEqual(s.current(uri)!.analysis.parsed, smallScanned.parsed);
    s.close(uri);
    const again = s.analyzeFile(uri, big('x'), 'yaml').analysis;
    s.reset(s.settings);
    s.open(uri, 'yaml', 1, big('x'));
    assert.notEqual(s.current(uri)!.analysis.parsed, again.parsed);
  });
});
