/**
 * The server's feature functions in-process, each from an analysis of inline fixture text: lenses
 * (and their resolution), inlay hints, diagnostics with severities and expectFindings, hovers, code
 * actions. Positions are LSP's: line and UTF-16 character from 0.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Analysis, analyzeText } from '../../server/analysis';
import { placer } from '../../server/positions';
import { codeLenses, isCaseLensData, resolveCodeLens } from '../../server/features/codeLens';
import { inlayHints } from '../../server/features/inlayHints';
import { diagnostics } from '../../server/features/diagnostics';
import { hover } from '../../server/features/hover';
import { ActionRequest, codeActions } from '../../server/features/codeActions';
import { FixtureLanguage } from '../../shared/fixture/parse';
import { FixtureOptions } from '../../shared/evaluation';
import { COMPARE_SYSTEMS_COMMAND } from '../../shared/protocol';

function analysis(text: string, language: FixtureLanguage = 'json', options: FixtureOptions = {}): Analysis {
  return analyzeText(`file:///t.rank.${language}`, text, language, options);
}
const placeIn = (text: string) => placer(TextDocument.create('file:///t', 'json', 1, text));
const at = (line: number, character: number) => ({ line, character });
const range = (l1: number, c1: number, l2: number, c2: number) => ({ start: at(l1, c1), end: at(l2, c2) });

// q1: a at 1, x at 2, b at 3 against {a, b, c}: P@3 = 2/3, R@3 = 2/3, AP@3 = (1 + 2/3) / 2 = 0.833 (÷ hits),
// RR@3 = 1, nDCG@3 = (1 + 1/log2 4 ... ) = 0.920 under seed000's ln discount and top-k ideal.
// q2 has no labels: NaN, left out.
const LENS_FIXTURE =
  '{"k": [3], "convention": "seed000", "cases": {\n  "q1": {"labels": ["a", "b", "c"], "predictions": ["a", "x", "b"]},\n  "q2": {"labels": [], "predictions": ["a"]}\n}}\n';

describe('code lenses', () => {
  const a = analysis(LENS_FIXTURE);
  const place = placeIn(LENS_FIXTURE);

  it('puts the convention and the means above the fixture, and one unresolved lens per headline metric on each case id', () => {
    const lenses = codeLenses(a.evaluation, a.uri, place, 7);
    assert.deepEqual(lenses.slice(0, 2), [
      {
        range: range(0, 0, 0, 0),
        command: {
          title: 'seed000 (fixture)',
          command: 'ranklens.compareConventions',
          arguments: [a.uri],
          tooltip: "Convention seed000, from the fixture's convention key. Click to compare every preset's values for this file.",
        },
      },
      {
        range: range(0, 0, 0, 0),
        command: {
          title: 'mean of 1 of 2 (1 NaN): nDCG@3 0.920 · AP@3 0.833 · P@3 0.667 · R@3 0.667',
          command: 'ranklens.compareConventions',
          arguments: [a.uri],
          tooltip:
            "Means over 1 of 2 cases, 1 NaN left out:\nP@3 0.667\nR@3 0.667\nAP@3 0.833\nRR@3 1.000\nnDCG@3 0.920\n\nClick to compare every preset's values for this file.",
        },
      },
    ]);
    assert.deepEqual(lenses.slice(2), [
      { range: range(1, 2, 1, 6), data: [7, 0, 0, 0] },
      { range: range(1, 2, 1, 6), data: [7, 0, 0, 1] },
      { range: range(1, 2, 1, 6), data: [7, 0, 0, 2] },
      { range: range(1, 2, 1, 6), data: [7, 0, 0, 3] },
      { range: range(2, 2, 2, 6), data: [7, 0, 1, 0] },
    ]);
  });

  it('resolves a case lens to its title, tooltip and the breakdown command', () => {
    const lenses = codeLenses(a.evaluation, a.uri, place, 7).filter((l) => l.data);
    assert.deepEqual(resolveCodeLens(lenses[0], a.evaluation, a.uri), {
      range: range(1, 2, 1, 6),
      command: {
        title: 'nDCG@3 0.920',
        command: 'ranklens.showCaseBreakdown',
        arguments: [a.uri, 0, 0],
        tooltip: "nDCG@3 of case q1 = 0.9197 under seed000. Click for the case's breakdown: all 12 metrics, every term, knob and preset.",
      },
    });
    assert.deepEqual(
      lenses.map((l) => resolveCodeLens(l, a.evaluation, a.uri).command?.title),
      ['nDCG@3 0.920', 'AP@3 0.833', 'P@3 0.667', 'R@3 0.667', 'every metric NaN'],
    );
    assert.equal(
      resolveCodeLens(lenses[4], a.evaluation, a.uri).command?.tooltip,
      "Every metric of case q2 is NaN under seed000, and the case is left out of the means. Click for the case's breakdown: all 12 metrics, every term, knob and preset.",
    );
  });

  it('marks stale lenses (kept from the last version that parsed): a codicon in VS Code, a word elsewhere', () => {
    const lenses = codeLenses(a.evaluation, a.uri, place, 0, { stale: true });
    assert.equal(lenses[0].command?.title, 'stale: seed000 (fixture)');
    assert.equal(resolveCodeLens(lenses[2], a.evaluation, a.uri, { stale: true }).command?.title, 'stale: nDCG@3 0.920');
    const vscode = { stale: true, marks: 'codicons' as const };
    assert.equal(codeLenses(a.evaluation, a.uri, place, 0, vscode)[0].command?.title, '$(debug-pause) seed000 (fixture)');
    assert.equal(resolveCodeLens(lenses[2], a.evaluation, a.uri, vscode).command?.title, '$(debug-pause) nDCG@3 0.920');
  });

  it('marks the values the presets spread on by more than 0.01, with the spread and the presets in the tooltip', () => {
    // q1 under trec_eval: AP@3 = (1 + 2/3) / 3 = 0.556 (÷ 3 labels, not the 2 hits); nDCG@3 = (1 + 1/log₂4) /
    // (1 + 1/log₂3 + 1/log₂4) = 0.704 (the labels' ideal); R@3 = 2/2 = 1 where only predicted items count
    // (sklearn, torchmetrics). P@3 = 2/3 under every preset: no mark.
    const lenses = codeLenses(a.evaluation, a.uri, place, 0).filter((l) => l.data);
    const titles = (options: { spread?: boolean; marks?: 'codicons' }) =>
      lenses.slice(0, 4).map((l) => resolveCodeLens(l, a.evaluation, a.uri, options).command?.title);
    assert.deepEqual(titles({ spread: true }), ['nDCG@3 0.920 ±', 'AP@3 0.833 ±', 'P@3 0.667', 'R@3 0.667 ±']);
    assert.deepEqual(titles({ spread: true, marks: 'codicons' }), [
      'nDCG@3 0.920 $(arrow-both)',
      'AP@3 0.833 $(arrow-both)',
      'P@3 0.667',
      'R@3 0.667 $(arrow-both)',
    ]);
    assert.deepEqual(titles({}), ['nDCG@3 0.920', 'AP@3 0.833', 'P@3 0.667', 'R@3 0.667']);
    assert.equal(
      resolveCodeLens(lenses[1], a.evaluation, a.uri, { spread: true }).command?.tooltip,
      'AP@3 of case q1 = 0.8333 under seed000. Presets disagree by more than 0.01: 0.556–0.833 across the presets; ' +
        "other presets give 0.556 trec_eval, ranx, mllib, lenskit, recommenders. Click for the case's breakdown: all 12 metrics, every term, knob and preset.",
    );
  });

  it('a lens whose case or fixture is gone resolves to an empty command; the cached title follows the convention', () => {
    const gone = { range: range(9, 0, 9, 1), data: [0, 0, 5, 0] };
    assert.deepEqual(resolveCodeLens(gone, a.evaluation, a.uri), { range: range(9, 0, 9, 1), command: { title: '', command: '' } });
    assert.deepEqual(resolveCodeLens({ range: gone.range, data: [0, 3, 0, 0] }, a.evaluation, a.uri).command, { title: '', command: '' });
    assert.deepEqual(resolveCodeLens({ range: gone.range, data: [0, 0, 0, 9] }, a.evaluation, a.uri).command, { title: '', command: '' });
    // The same case result under another convention (trec_eval: AP@3 = (1 + 2/3) / 3 = 0.556) gets its own title.
    const trec = analysis(LENS_FIXTURE.replace('"seed000"', '"trec_eval"'));
    const lens = codeLenses(trec.evaluation, trec.uri, place, 0).filter((l) => l.data)[1];
    assert.equal(resolveCodeLens(lens, trec.evaluation, trec.uri).command?.title, 'AP@3 0.556');
  });

  it('recognizes case lens data: four whole numbers ≥ 0', () => {
    assert.equal(isCaseLensData([0, 0, 0, 0]), true);
    assert.equal(isCaseLensData([1, 2, 3]), false);
    assert.equal(isCaseLensData([1, 2, 3, -1]), false);
    assert.equal(isCaseLensData([1, 2, 3, 0.5]), false);
    assert.equal(isCaseLensData('0,0,0,0'), false);
    assert.equal(isCaseLensData(undefined), false);
  });

  it('adds one lens per compared system, the first without a tooltip, each opening Compare Systems on its fixture', () => {
    const text =
      '{"k": [1], "metrics": ["P@1"], "qrels": {"q1": {"a": 1}, "q2": {"b": 1}}, "runs": {"A": {"q1": {"a": 1}, "q2": {"c": 1}}, "B": {"q1": {"a": 1}, "q2": {"b": 1}}}}';
    const s = analysis(text);
    const lenses = codeLenses(s.evaluation, s.uri, placeIn(text), 0);
    const systems = lenses.filter((l) => l.command?.command === COMPARE_SYSTEMS_COMMAND);
    assert.deepEqual(
      systems.map((l) => [l.command?.title, l.command?.tooltip === undefined, l.command?.arguments]),
      [
        ['A (baseline, 2 cases): P@1 0.500', true, [s.uri, 0]],
        ['B vs A: P@1 1.000', false, [s.uri, 0]],
      ],
    );
  });
});

describe('inlay hints', () => {
  const a = analysis(LENS_FIXTURE);
  const place = placeIn(LENS_FIXTURE);

  it('marks each prediction relevant (✓ and its grade) or not (✗), after the item', () => {
    assert.deepEqual(inlayHints(a.evaluation, range(0, 0, 9, 0), place), [
      { position: at(1, 55), label: '✓1', tooltip: 'relevant, grade 1', paddingLeft: true },
      { position: at(1, 60), label: '✗', tooltip: 'not relevant, grade 0', paddingLeft: true },
      { position: at(1, 65), label: '✓1', tooltip: 'relevant, grade 1', paddingLeft: true },
      { position: at(2, 42), label: '✗', tooltip: 'not relevant, grade 0', paddingLeft: true },
    ]);
  });

  it('none for a case the caller says changed since (a stale analysis), nor for a case an error broke', () => {
    // A predicate that says q1 (whose text holds its id) was edited since.
    const q1 = LENS_FIXTURE.indexOf('"q1"');
    const changed = (s: { start: number; end: number }) => s.start <= q1 && q1 <= s.end;
    assert.deepEqual(
      inlayHints(a.evaluation, range(0, 0, 9, 0), place, changed).map((h) => h.label),
      ['✗'],
      "q2's mark only",
    );
    const typo = '{"k": [3], "cases": {"q1": {"labels": ["a"], "predicitons": ["a"]}, "q2": {"labels": ["a"], "predictions": ["a"]}}}';
    assert.deepEqual(
      inlayHints(analysis(typo).evaluation, range(0, 0, 1, 0), placeIn(typo)).map((h) => [h.position.character, h.label]),
      [[typo.lastIndexOf('"a"') + 3, '✓1']],
    );
  });

  it('only for the predictions whose list meets the requested range', () => {
    // q1's list spans (1, 51)–(1, 66), q2's (2, 38)–(2, 43).
    assert.deepEqual(
      inlayHints(a.evaluation, range(2, 0, 2, 60), place).map((h) => h.position),
      [at(2, 42)],
    );
    assert.deepEqual(
      inlayHints(a.evaluation, range(1, 0, 1, 60), place).map((h) => h.position),
      [at(1, 55), at(1, 60), at(1, 65)],
    );
    // A range that ends exactly where q1's list starts still meets it; one character earlier it does not.
    assert.equal(inlayHints(a.evaluation, range(0, 0, 1, 51), place).length, 3);
    assert.equal(inlayHints(a.evaluation, range(0, 0, 1, 50), place).length, 0);
    // The range starts exactly where q1's list ends (1, 66).
    assert.equal(inlayHints(a.evaluation, range(1, 66, 1, 70), place).length, 3);
    assert.equal(inlayHints(a.evaluation, range(1, 67, 1, 70), place).length, 0);
  });

  it('no hints for a case without predictions, nor ⊘ for an unreadable label', () => {
    const text = '{"k": [1], "cases": {"q": {"labels": [{"x": 1}, "a"]}, "r": {"labels": ["a"], "predictions": ["a"]}}}';
    const s = analysis(text);
    assert.deepEqual(
      inlayHints(s.evaluation, range(0, 0, 5, 0), placeIn(text)).map((h) => [h.position.character, h.label]),
      [[97, '✓1']],
    );
  });

  it('puts ⊘ after an item the ranking leaves out (a score written as text), and nothing for an empty list', () => {
    const text =
      '{"k": [2], "cases": {"q": {"labels": ["a"], "predictions": {"a": 0.9, "b": "high"}}, "e": {"labels": ["a"], "predictions": []}}}';
    const s = analysis(text);
    const hints = inlayHints(s.evaluation, range(0, 0, 5, 0), placeIn(text));
    assert.deepEqual(
      hints.map((h) => [h.position.character, h.label]),
      [
        [68, '✓1'],
        [81, '⊘'],
      ],
    );
    assert.equal(hints[1].tooltip, 'A score is a number, not the string "high"; "b" is left out of the ranking.');
  });
});

describe('diagnostics', () => {
  // q: P@1 expected 0.5, computed 1 (an error); e: no labels (a warning); k = 5 > 1 prediction (a hint). seed000
  // makes the repeated b a warning (it keeps the first; trec_eval refuses the case, an error).
  const TEXT =
    '{"k": [1, 5], "metrics": ["P"], "convention": "seed000", "cases": {\n "q": {"labels": ["a"], "predictions": ["a"], "expect": {"P@1": 0.5}},\n "e": {"labels": [], "predictions": ["b", "b"]}\n}}';
  const a = analysis(TEXT);
  const place = placeIn(TEXT);
  const base = { severities: {}, declared: null, skipSyntax: false };
  const summary = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character]);

  it('one per finding: its code, LSP severity (1 error, 2 warning, 3 information, 4 hint), range, source and message', () => {
    const ds = diagnostics(a.evaluation.findings, a.uri, place, base);
    assert.deepEqual(summary(ds), [
      ['expect-mismatch', 1, 1, 64],
      ['empty-labels', 2, 2, 17],
      ['duplicate-prediction', 2, 2, 42],
      ['k-exceeds-predictions', 4, 0, 10],
    ]);
    assert.deepEqual(ds[0], {
      range: range(1, 64, 1, 67),
      severity: 1,
      code: 'expect-mismatch',
      source: 'ranklens',
      message: 'Expected P@1 = 0.5, computed 1.0000: not within ±0.05 (1 decimal written).',
      data: { computed: 1 },
    });
    assert.deepEqual(ds[2].relatedInformation, [
      { location: { uri: a.uri, range: range(2, 37, 2, 40) }, message: 'first prediction of this item' },
    ]);
  });

  it('applies the configured severities, info included, and drops "off"', () => {
    const ds = diagnostics(a.evaluation.findings, a.uri, place, {
      ...base,
      severities: { 'empty-labels': 'info', 'expect-mismatch': 'hint', 'duplicate-prediction': 'off', 'k-exceeds-predictions': 'error' },
    });
    assert.deepEqual(summary(ds), [
      ['expect-mismatch', 4, 1, 64],
      ['empty-labels', 3, 2, 17],
      ['k-exceeds-predictions', 1, 0, 10],
    ]);
  });

  it('a declared code is information tagged [expected], whatever its severity', () => {
    const ds = diagnostics(a.evaluation.findings, a.uri, place, {
      ...base,
      severities: { 'expect-mismatch': 'warning' },
      declared: new Set(['expect-mismatch']),
    });
    assert.deepEqual(
      [ds[0].severity, ds[0].message],
      [3, 'Expected P@1 = 0.5, computed 1.0000: not within ±0.05 (1 decimal written). [expected]'],
    );
    assert.deepEqual([ds[1].severity, ds[1].message], [2, 'No labels: every metric is NaN and left out of the means (emptyLabels=nan).']);
  });

  it('skipSyntax leaves out syntax-error and syntax-warning only; data (a did-you-mean) is passed on', () => {
    const text = '{"k": [1], "metrics": ["Precison"], "cases": {"q": {"labels": ["a"], "predictions": ["a"],}}}';
    const s = analysis(text);
    const all = diagnostics(s.evaluation.findings, s.uri, placeIn(text), base);
    assert.deepEqual(
      all.map((d) => d.code),
      ['syntax-warning', 'unknown-metric'],
    );
    assert.deepEqual(all[1].data, { replacement: 'P' });
    assert.equal(all[0].data, undefined);
    assert.deepEqual(
      diagnostics(s.evaluation.findings, s.uri, placeIn(text), { ...base, skipSyntax: true }).map((d) => d.code),
      ['unknown-metric'],
    );
  });
});

describe('hovers', () => {
  const a = analysis(LENS_FIXTURE);
  const place = placeIn(LENS_FIXTURE);
  const hoverAt = (needle: string, delta = 1) => hover(a.parsed, a.evaluation, a.text, LENS_FIXTURE.indexOf(needle) + delta, place);

  it('nothing between the keys; Markdown with the range of what is under the cursor', () => {
    assert.equal(hover(a.parsed, a.evaluation, a.text, LENS_FIXTURE.indexOf('\n'), place), null);
    const h = hoverAt('"x"')!;
    assert.deepEqual(h.range, range(1, 57, 1, 60));
    assert.equal(typeof h.contents === 'object' && 'kind' in h.contents && h.contents.kind, 'markdown');
  });

  it('a case, a prediction, a label, the cutoffs and the convention each have their own text', () => {
    const value = (needle: string, delta?: number) => (hoverAt(needle, delta)!.contents as { value: string }).value;
    const first = (needle: string) => value(needle).split('\n')[0];
    assert.equal(first('"q1"'), '**Case `q1`** · convention `seed000` · 3 relevant · 3 predicted');
    // Rank 2 under seed000's ln discount: 1 / ln(3) = 0.910.
    assert.equal(first('"x"'), '**`x`** · rank 2 · not relevant (not labeled) · grade 0 · gain 0.000 · discount 0.910');
    assert.equal(first('"c"]'), '**`c`** · grade 1 · relevant (relevant when the grade exceeds 0) · gain 1.000');
    assert.equal(
      first('[3]'),
      '**k** — cutoffs: a metric at k looks only at the top k ranked predictions. This fixture computes at k = 3.',
    );
    assert.equal(first('"seed000"'), '**Preset `seed000`**');
  });
});

describe("hovers of the fixture's keys, its convention and its systems", () => {
  const TEXT =
    'k: [1]\nmetrics: [P@k, AP]\nconvention: { preset: trec_eval, ties: input }\ncases:\n  q: { labels: [a], predictions: [a], expect: { P@1: 1 } }\n';
  const a = analysis(TEXT, 'yaml');
  const first = (text: string, needle: string, doc = a) => {
    const h = hover(doc.parsed, doc.evaluation, doc.text, text.indexOf(needle) + 1, placeIn(text))!;
    return [(h.contents as { value: string }).value.split('\n')[0], h.range];
  };

  it('metrics, a metric, the convention, a knob, a preset, an expectation', () => {
    assert.deepEqual(first(TEXT, 'metrics'), [
      '**metrics** — the metrics to compute: `P` or `P@k` at every cutoff, `P@3` at 3 only; `AP`, `RR`, `nDCG` and `Rprec` alone take no cutoff (write `AP@k` for every cutoff). Without this key every family is computed.',
      range(1, 0, 1, 7),
    ]);
    assert.deepEqual(first(TEXT, 'AP]'), ['**AP** — Average precision', range(1, 15, 1, 17)]);
    assert.deepEqual(first(TEXT, 'convention'), [
      '**Convention `trec_eval + ties=input`** — every number here is computed under these knobs. Presets: `trec_eval`, `seed000`, `ranx`, `mllib`, `sklearn`, `torchmetrics`, `seed003`, `lenskit`, `recommenders`, `ir_measures`, `pytrec_eval`, `sentence-transformers`, `mteb`, `beir`, `llamaindex`, `haystack`, `elasticsearch`, `ragas`, `tfrs`, `cornac`, `recpack`, `recbole`, `elliot`, `implicit`, `lightfm`, `tf-ranking`.',
      range(2, 12, 2, 46),
    ]);
    assert.deepEqual(first(TEXT, 'ties'), ['**`ties`** = `input` (preset `trec_eval` has `id-desc`)', range(2, 33, 2, 37)]);
    assert.deepEqual(first(TEXT, 'trec_eval'), ['**Preset `trec_eval`**', range(2, 22, 2, 31)]);
    assert.deepEqual(first(TEXT, 'P@1: 1'), [
      '**P@1** · expected `1` · computed `1.0000` · ✓ matches, within ±0 (no decimal written) (convention `trec_eval + ties=input`)',
      range(4, 48, 4, 54),
    ]);
  });

  it('a compared system', () => {
    const text = '{"k": [1], "metrics": ["P@1"], "qrels": {"q1": {"a": 1}}, "runs": {"A": {"q1": {"a": 1}}, "B": {"q1": {"b": 1}}}}';
    const s = analysis(text);
    assert.deepEqual(first(text, '"B"', s), ['**System `B`** · 1 case · convention `trec_eval`', range(0, 90, 0, 93)]);
  });
});

describe('code actions', () => {
  function request(
    text: string,
    cursor: number,
    language: FixtureLanguage = 'json',
    diagnosticsSent: Diagnostic[] = [],
    only?: string[],
  ): { a: Analysis; req: ActionRequest } {
    const a = analysis(text, language);
    return { a, req: { uri: a.uri, version: 3, text, language, span: { start: cursor, end: cursor }, diagnostics: diagnosticsSent, only } };
  }
  const titles = (actions: CodeAction[]) => actions.map((x) => x.title);
  const edits = (action: CodeAction) => (action.edit!.documentChanges![0] as { edits: TextEdit[] }).edits;

  // q1: P@3 = 2/3 (0.5 written), RR@3 = 1 (holds); q2: P@3 = 1/3 (0.33333 holds), RR@3 = 1/2 (1 written).
  const TWO =
    '{"k": [3], "cases": {\n  "q1": {"labels": ["a", "b"], "predictions": ["a", "x", "b"], "expect": {"P@3": 0.5, "RR@3": 1}},\n  "q2": {"labels": ["a"], "predictions": ["x", "a", "y"], "expect": {"P@3": 0.33333, "RR@3": 1}}\n}}\n';

  it("on a mismatch: set it to the computed value (preferred), and set all of the file's", () => {
    const { a, req } = request(TWO, TWO.indexOf('0.5') + 1);
    const sent: Diagnostic = { range: range(1, 81, 1, 84), message: 'm', code: 'expect-mismatch', severity: 1 };
    const actions = codeActions(
      a.evaluation,
      { ...req, diagnostics: [sent, { ...sent, code: 'empty-labels' }, { ...sent, range: range(2, 0, 2, 1) }] },
      placeIn(TWO),
    );
    assert.deepEqual(titles(actions), [
      'Set P@3 to the computed 0.667',
      'Set all 2 mismatched expect values in this file to the computed ones',
      'Declare this finding (expect-mismatch) in expectFindings',
    ]);
    assert.deepEqual(actions[0], {
      title: 'Set P@3 to the computed 0.667',
      kind: 'quickfix',
      isPreferred: true,
      diagnostics: [sent],
      edit: { documentChanges: [{ textDocument: { uri: a.uri, version: 3 }, edits: [{ range: range(1, 81, 1, 84), newText: '0.667' }] }] },
    });
    assert.deepEqual(edits(actions[1]), [
      { range: range(1, 81, 1, 84), newText: '0.667' },
      { range: range(2, 93, 2, 94), newText: '0.500' },
    ]);
    assert.equal(actions[1].isPreferred, undefined);
  });

  it("outside every mismatch: no set-value action; the selection's end touching the value counts", () => {
    const { a, req } = request(TWO, TWO.indexOf('"q2"'));
    assert.deepEqual(titles(codeActions(a.evaluation, req, placeIn(TWO))), []);
    const start = TWO.indexOf('0.5');
    const touching = codeActions(a.evaluation, { ...req, span: { start: start - 3, end: start } }, placeIn(TWO));
    assert.equal(titles(touching)[0], 'Set P@3 to the computed 0.667');
  });

  it('one mismatch in the file: no "set all"', () => {
    const text = '{"k": [1], "cases": {"q": {"labels": ["a"], "predictions": ["a"], "expect": {"P@1": 0.5}}}}';
    const { a, req } = request(text, text.indexOf('0.5'));
    assert.deepEqual(titles(codeActions(a.evaluation, req, placeIn(text))), [
      'Set P@1 to the computed 1.000',
      'Declare this finding (expect-mismatch) in expectFindings',
    ]);
  });

  it('skips a case with an error of its own, and says so in "set all"', () => {
    const text =
      '{"k": [1], "cases": {"q": {"labels": ["a"], "predictions": ["a"], "expect": {"P@1": 0.5}}, "r": {"labels": ["a"], "predictions": {"a": "high"}, "expect": {"P@1": 1}}}}';
    const { a, req } = request(text, text.indexOf('0.5'));
    assert.deepEqual(titles(codeActions(a.evaluation, req, placeIn(text))).slice(0, 2), [
      'Set P@1 to the computed 1.000',
      'Set all 1 mismatched expect value in this file to the computed ones (skips 1 in cases with errors of their own)',
    ]);
    const onBroken = request(text, text.lastIndexOf('"P@1": 1') + 7);
    assert.deepEqual(
      titles(codeActions(onBroken.a.evaluation, onBroken.req, placeIn(text))).filter((t) => t.startsWith('Set')),
      ['Set all 1 mismatched expect value in this file to the computed ones (skips 1 in cases with errors of their own)'],
    );
  });

  it('a did-you-mean: "Change to" each choice, the suggestion preferred, written as the original was quoted', () => {
    const text = 'k: 1\nmetrics: [Precison]\ncases:\n  q: { labels: [a], predictions: [a] }\n';
    const { a, req } = request(text, text.indexOf('Precison') + 2, 'yaml');
    const actions = codeActions(a.evaluation, req, placeIn(text));
    assert.deepEqual(titles(actions), ["Change to 'P'", 'Declare this finding (unknown-metric) in expectFindings']);
    assert.equal(actions[0].isPreferred, true);
    assert.deepEqual(edits(actions[0]), [{ range: range(1, 10, 1, 18), newText: 'P' }]);
  });

  it('an unknown knob value: one "Change to" per allowed value, the suggestion first and preferred; none preferred without one', () => {
    const text = '{"k": [1], "convention": {"ties": "id-asx"}, "cases": {"q": {"labels": ["a"], "predictions": ["a"]}}}';
    const { a, req } = request(text, text.indexOf('id-asx'));
    const actions = codeActions(a.evaluation, req, placeIn(text)).filter((x) => x.title.startsWith('Change'));
    assert.deepEqual(titles(actions), [
      "Change to 'id-asc'",
      "Change to 'input'",
      "Change to 'id-desc'",
      "Change to 'average'",
      "Change to 'pessimistic'",
      "Change to 'optimistic'",
      "Change to 'pessimistic-each'",
    ]);
    assert.deepEqual(
      actions.map((x) => x.isPreferred === true),
      [true, false, false, false, false, false, false],
    );
    assert.deepEqual(edits(actions[0]), [{ range: range(0, 34, 0, 42), newText: '"id-asc"' }]);
    const far = text.replace('id-asx', 'id-ascending');
    const f = request(far, far.indexOf('id-ascending'));
    const choices = codeActions(f.a.evaluation, f.req, placeIn(far)).filter((x) => x.title.startsWith('Change'));
    assert.deepEqual(titles(choices), [
      "Change to 'input'",
      "Change to 'id-desc'",
      "Change to 'id-asc'",
      "Change to 'average'",
      "Change to 'pessimistic'",
      "Change to 'optimistic'",
      "Change to 'pessimistic-each'",
    ]);
    assert.deepEqual(
      choices.map((x) => x.isPreferred === true),
      [false, false, false, false, false, false, false],
    );
  });

  it('quote an id written as a number; convert a numeric string; each preferred', () => {
    const text = 'k: 1\ncases:\n  q: { labels: [06], predictions: { a: "0.5" } }\n';
    const quote = request(text, text.indexOf('06'), 'yaml');
    const q = codeActions(quote.a.evaluation, quote.req, placeIn(text)).find((x) => x.title === 'Quote this id')!;
    assert.deepEqual([q.isPreferred, edits(q)], [true, [{ range: range(2, 16, 2, 18), newText: '"06"' }]]);
    const convert = request(text, text.indexOf('"0.5"'), 'yaml');
    const c = codeActions(convert.a.evaluation, convert.req, placeIn(text)).find((x) => x.title === 'Convert to number')!;
    assert.deepEqual([c.isPreferred, edits(c)], [true, [{ range: range(2, 39, 2, 44), newText: '0.5' }]]);
  });

  it('declares a finding in expectFindings once per code, never a syntax error, not one already declared', () => {
    const text = '{"expectFindings": ["empty-labels"], "k": [1], "cases": {"q": {"labels": [], "predictions": ["a", "a"]}}}';
    const { a, req } = request(text, text.indexOf('"q"'));
    const wide = { ...req, span: { start: 0, end: text.length } };
    assert.deepEqual(
      titles(codeActions(a.evaluation, wide, placeIn(text))).filter((t) => t.startsWith('Declare')),
      ['Declare this finding (duplicate-prediction) in expectFindings'],
    );
    const broken = '{"k": [1], "cases": {"q": {"labels": ["a"] "predictions": ["a"]}}}';
    const b = request(broken, 0);
    assert.deepEqual(
      titles(codeActions(b.a.evaluation, { ...b.req, span: { start: 0, end: broken.length } }, placeIn(broken))).filter((t) =>
        t.startsWith('Declare'),
      ),
      [],
    );
  });

  it('removes the repeated predictions of a list; not for a mapping', () => {
    const text = '{"k": [3], "cases": {"q1": {"labels": ["a"], "predictions": ["a", "b", "a", "c", "b"]}}}';
    const { a, req } = request(text, text.lastIndexOf('"b"'));
    const action = codeActions(a.evaluation, req, placeIn(text)).find((x) => x.title.startsWith('Remove'))!;
    assert.equal(action.title, 'Remove 2 repeated predictions from case q1');
    assert.equal(action.isPreferred, true);
    assert.equal(edits(action).length, 2);
    const one = '{"k": [3], "cases": {"q1": {"labels": ["a"], "predictions": ["a", "a"]}}}';
    const o = request(one, one.lastIndexOf('"a"'));
    assert.deepEqual(
      titles(codeActions(o.a.evaluation, o.req, placeIn(one))).filter((t) => t.startsWith('Remove')),
      ['Remove 1 repeated prediction from case q1'],
    );
  });

  it('adds an expect block holding the current values, for a case without one (refactor.rewrite)', () => {
    const text = '{"k": [3], "cases": {"q1": {"labels": ["a", "b"], "predictions": ["a", "x", "b"]}}}';
    const { a, req } = request(text, text.indexOf('q1'));
    const [action] = codeActions(a.evaluation, req, placeIn(text));
    assert.equal(action.title, 'Add an expect block with the current values of case q1');
    assert.equal(action.kind, 'refactor.rewrite');
    assert.deepEqual(edits(action), [
      { range: range(0, 80, 0, 80), newText: ', "expect": {"P@3": 0.667, "R@3": 1.000, "AP@3": 0.833, "RR@3": 1.000, "nDCG@3": 0.920}' },
    ]);
  });

  it('each fix carries the diagnostics it fixes: same code, a range that meets its edit', () => {
    const text =
      'k: 1\nmetrics: [Precison]\ncases:\n  q: { labels: [06], predictions: [a, a, { x: 1 }], expect: { P@1: 0.5 } }\n  r: { labels: [a], predictions: { a: "0.5" } }\n';
    const d = (code: string, l1: number, c1: number, l2: number, c2: number): Diagnostic => ({
      range: range(l1, c1, l2, c2),
      message: code,
      code,
    });
    const sent = [
      d('unknown-metric', 1, 10, 1, 18),
      d('unknown-metric', 2, 0, 2, 1),
      d('id-not-as-written', 3, 16, 3, 18),
      d('duplicate-prediction', 3, 38, 3, 39),
      d('wrong-type', 4, 35, 4, 40),
      d('wrong-type', 0, 0, 0, 1),
      { ...d('x', 3, 16, 3, 18), code: 7 },
    ];
    const a = analysis(text, 'yaml');
    const req: ActionRequest = { uri: a.uri, version: 1, text, language: 'yaml', span: { start: 0, end: text.length }, diagnostics: sent };
    const actions = codeActions(a.evaluation, req, placeIn(text));
    const attached = (title: string) => actions.find((x) => x.title === title)?.diagnostics?.map((x) => x.message);
    assert.deepEqual(attached("Change to 'P'"), ['unknown-metric']);
    assert.deepEqual(attached('Quote this id'), ['id-not-as-written']);
    assert.deepEqual(attached('Convert to number'), ['wrong-type']);
    assert.deepEqual(attached('Remove 1 repeated prediction from case q'), ['duplicate-prediction']);
    // Every finding once under "Declare", wrong-type (found twice) once, but not r's empty-predictions, which follows
    // from its score written as text (a wrong-type error in r); r has no expect block: one is offered.
    assert.deepEqual(
      actions.map((x) => [x.title, x.diagnostics === undefined]),
      [
        ['Quote this id', false],
        ['Convert to number', false],
        ["Change to 'P'", false],
        ['Remove 1 repeated prediction from case q', false],
        ['Declare this finding (id-not-as-written) in expectFindings', true],
        ['Declare this finding (wrong-type) in expectFindings', true],
        ['Declare this finding (unknown-metric) in expectFindings', true],
        ['Declare this finding (duplicate-prediction) in expectFindings', true],
        ['Declare this finding (expect-not-computed) in expectFindings', true],
        ['Add an expect block with the current values of case r', true],
      ],
    );
  });

  it('no remove for predictions written as a mapping; no expect block for a case that has one', () => {
    const text = '{"k": [1], "cases": {"q": {"labels": ["a"], "predictions": {"a": 1, "b": 0.5}, "expect": {"P@1": 1}}}}';
    const { a, req } = request(text, text.indexOf('"b"'));
    assert.deepEqual(titles(codeActions(a.evaluation, { ...req, span: { start: 0, end: text.length } }, placeIn(text))), []);
  });

  it('only: the kinds asked for, "refactor" taking refactor.rewrite', () => {
    const text = '{"k": [1], "cases": {"q": {"labels": ["a"], "predictions": ["a", "a"]}}}';
    const { a, req } = request(text, text.lastIndexOf('"a"'));
    assert.deepEqual(titles(codeActions(a.evaluation, { ...req, only: ['refactor'] }, placeIn(text))), [
      'Add an expect block with the current values of case q',
    ]);
    assert.deepEqual(titles(codeActions(a.evaluation, { ...req, only: ['quickfix'] }, placeIn(text))), [
      'Remove 1 repeated prediction from case q',
      'Declare this finding (duplicate-prediction) in expectFindings',
    ]);
    assert.deepEqual(titles(codeActions(a.evaluation, { ...req, only: ['source'] }, placeIn(text))), []);
  });
});
