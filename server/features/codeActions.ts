/**
 * Code actions, the repairs first: set an expect value to the computed one (here, or everywhere in the
 * file) unless the case has an error of its own, change a misspelled name to the suggested one or
 * complete one still being typed, convert a numeric string, quote an id, add a cases block, remove a
 * case's repeated predictions; then, last, declare a finding in expectFindings (never one that follows
 * from another error); and add an expect block holding the case's current values.
 */
import { CodeAction, CodeActionKind, Diagnostic, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { expectEntries, expectMapping, expectValueText } from '../../shared/text';
import { CaseEvaluation, caseInput, DocumentEvaluation, ExpectResult } from '../../shared/evaluation';
import { FINDING_CODES, isFixtureFindingCode } from '../../shared/core';
import {
  declareFinding,
  FixtureLanguage,
  insertCases,
  insertExpect,
  itemSpan,
  LocatedFinding,
  OffsetEdit,
  removeEntry,
  Span,
  syntaxOf,
  writtenLike,
} from '../../shared/fixture';
import { Placer } from '../positions';

export interface ActionRequest {
  uri: string;
  version: number;
  text: string;
  language: FixtureLanguage;
  /** The selection, in offsets. */
  span: Span;
  /** The diagnostics the client sent along, matched to the actions that fix them. */
  diagnostics: readonly Diagnostic[];
  only?: readonly string[];
}

const overlaps = (a: Span, b: Span) => a.start <= b.end && b.start <= a.end;
const notAfter = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);
const rangesMeet = (a: Range, b: Range) => notAfter(a.start, b.end) && notAfter(b.start, a.end);

interface Mismatch {
  expectation: ExpectResult;
  computed: number;
  /** Whether the case has an error finding of its own (a misspelled key, a string score…). */
  broken: boolean;
}

const within = (inner: Span, outer: Span) => inner.start >= outer.start && inner.end <= outer.end;

/**
 * Whether a case has an error finding of its own other than a mismatch: its computed values then
 * reflect the error (a misspelled key reads as no predictions), and must not become expectations.
 */
function hasOwnError(c: CaseEvaluation, findings: readonly LocatedFinding[]): boolean {
  return findings.some((f) => f.severity === 'error' && f.code !== 'expect-mismatch' && within(f.span, c.node.span));
}

function mismatches(evaluation: DocumentEvaluation): Mismatch[] {
  return evaluation.fixtures.flatMap((fe) =>
    fe.cases.flatMap((c) => {
      const wrong = c.expectations.filter((e) => !e.matches && e.computed !== undefined);
      if (wrong.length === 0) return [];
      const broken = hasOwnError(c, evaluation.findings);
      return wrong.map((e) => ({ expectation: e, computed: e.computed!, broken }));
    }),
  );
}

function setValue(m: Mismatch): OffsetEdit {
  return { span: m.expectation.node.value.span, newText: expectValueText(m.computed, m.expectation.node.text) };
}

function action(
  title: string,
  kind: string,
  req: ActionRequest,
  place: Placer,
  edits: OffsetEdit[],
  codes: string[],
  preferred = false,
): CodeAction {
  const textEdits = edits.map((e) => TextEdit.replace(place.range(e.span), e.newText));
  const edit: WorkspaceEdit = { documentChanges: [{ textDocument: { uri: req.uri, version: req.version }, edits: textEdits }] };
  const diagnostics = req.diagnostics.filter(
    (d) => typeof d.code === 'string' && codes.includes(d.code) && textEdits.some((e) => rangesMeet(e.range, d.range)),
  );
  return { title, kind, edit, ...(diagnostics.length ? { diagnostics } : {}), ...(preferred ? { isPreferred: true } : {}) };
}

/** Set-to-computed for the mismatches under the selection, and for the whole file; cases with errors are skipped. */
function expectFixes(evaluation: DocumentEvaluation, req: ActionRequest, place: Placer): CodeAction[] {
  const all = mismatches(evaluation);
  const hereAny = all.filter((m) => overlaps(m.expectation.node.span, req.span));
  const here = hereAny.filter((m) => !m.broken);
  const fixable = all.filter((m) => !m.broken);
  const skipped = all.length - fixable.length;
  const out = here.map((m) =>
    action(
      `Set ${m.expectation.node.metric.value} to the computed ${expectValueText(m.computed, m.expectation.node.text)}`,
      CodeActionKind.QuickFix,
      req,
      place,
      [setValue(m)],
      ['expect-mismatch'],
      true,
    ),
  );
  if (hereAny.length > 0 && fixable.length > 0 && (fixable.length > here.length || skipped > 0)) {
    const n = fixable.length;
    const skip = skipped > 0 ? ` (skips ${skipped} in cases with errors of their own)` : '';
    out.push(
      action(
        `Set all ${n} mismatched expect value${n > 1 ? 's' : ''} in this file to the computed ones${skip}`,
        CodeActionKind.QuickFix,
        req,
        place,
        fixable.map(setValue),
        ['expect-mismatch'],
      ),
    );
  }
  return out;
}

/** Codes whose finding names the right spelling: the fix writes it in place of the wrong one. */
const RENAMES = new Set([
  'unknown-key',
  'unknown-metric',
  'library-metric-name',
  'unknown-benchmark',
  'unknown-preset',
  'renamed-preset',
  'unknown-knob',
  'invalid-knob-value',
  'unknown-finding-code',
]);

/** Change to 'X' for every did-you-mean (every allowed value of a knob), Convert to number, Quote this id. */
function replacementFixes(evaluation: DocumentEvaluation, req: ActionRequest, place: Placer): CodeAction[] {
  const out: CodeAction[] = [];
  for (const f of evaluation.findings) {
    if (!f.data || !overlaps(f.span, req.span)) continue;
    const original = req.text.slice(f.span.start, f.span.end);
    const { replacement, choices } = f.data;
    if (RENAMES.has(f.code)) {
      const names = [...new Set([replacement, ...(choices ?? [])])].filter((n): n is string => n !== undefined);
      // A metric name still being typed ("nD") is completed; a misspelled one is changed.
      const verb = f.code === 'unknown-metric' && replacement === undefined ? 'Complete to' : 'Change to';
      for (const name of names) {
        out.push(
          action(
            `${verb} '${name}'`,
            CodeActionKind.QuickFix,
            req,
            place,
            [{ span: f.span, newText: writtenLike(original, name) }],
            [f.code],
            name === replacement,
          ),
        );
      }
    } else if (f.code === 'id-not-as-written' && replacement !== undefined) {
      out.push(action('Quote this id', CodeActionKind.QuickFix, req, place, [{ span: f.span, newText: replacement }], [f.code], true));
    } else if (f.code === 'wrong-type' && replacement !== undefined) {
      out.push(action('Convert to number', CodeActionKind.QuickFix, req, place, [{ span: f.span, newText: replacement }], [f.code], true));
    }
  }
  return out;
}

/** Codes a fixture cannot sensibly carry on purpose. */
const UNDECLARABLE = new Set(['syntax-error', 'file-too-large']);

/** Findings about the numbers of a case, which a parse error in its text (an item left out) can cause. */
const CONSEQUENCES: ReadonlySet<string> = new Set([
  'expect-mismatch',
  'coarse-expectation',
  'empty-labels',
  'empty-predictions',
  'empty-case',
  'k-exceeds-predictions',
  'convention-dependent',
]);

/**
 * Whether a finding may follow from another error: a finding about a case's numbers (a mismatch, an
 * empty case) in a case whose own text has a parse error (a score written as text, an id of the wrong
 * type). Declaring it would make the file carry a consequence of a mistake as if it were meant.
 */
function followsAnError(f: LocatedFinding, evaluation: DocumentEvaluation): boolean {
  if (!CONSEQUENCES.has(f.code)) return false;
  const c = evaluation.fixtures.flatMap((fe) => fe.cases).find((x) => within(f.span, x.node.span));
  return (
    !!c &&
    evaluation.findings.some(
      (g) => g !== f && g.severity === 'error' && FINDING_CODES[g.code].layer === 'parse' && within(g.span, c.node.span),
    )
  );
}

/** Add a cases block, on the finding of a fixture that has none. */
function casesFixes(evaluation: DocumentEvaluation, req: ActionRequest, place: Placer): CodeAction[] {
  const out: CodeAction[] = [];
  for (const fe of evaluation.fixtures) {
    const none = evaluation.findings.find((f) => f.code === 'missing-key' && within(f.span, fe.fixture.span) && overlaps(f.span, req.span));
    const edit = none && insertCases(req.text, fe.fixture, syntaxOf(req.language));
    if (edit)
      out.push(action('Add a cases block with one case to fill in', CodeActionKind.QuickFix, req, place, [edit], ['missing-key'], true));
  }
  return out;
}

/**
 * Declare this finding in expectFindings: one action per code under the selection that is not declared
 * yet and follows from no other error. Listed after every repair.
 */
function declareFixes(evaluation: DocumentEvaluation, req: ActionRequest, place: Placer): CodeAction[] {
  const out: CodeAction[] = [];
  const done = new Set<string>();
  for (const f of evaluation.findings) {
    if (!overlaps(f.span, req.span) || UNDECLARABLE.has(f.code) || !isFixtureFindingCode(f.code) || done.has(f.code)) continue;
    if (followsAnError(f, evaluation)) continue;
    const fe = evaluation.fixtures.find((x) => within(f.span, x.fixture.span));
    if (!fe || fe.fixture.shape !== 'fixture' || fe.fixture.expectFindings?.some((c) => c.value === f.code)) continue;
    const edit = declareFinding(req.text, fe.fixture, syntaxOf(req.language), f.code);
    if (!edit) continue;
    done.add(f.code);
    out.push(action(`Declare this finding (${f.code}) in expectFindings`, CodeActionKind.QuickFix, req, place, [edit], []));
  }
  return out;
}

/** The later occurrences of each item predicted more than once. */
function repeatedPredictions(c: CaseEvaluation): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  caseInput(c.node).predictions.forEach((p, i) => {
    if (seen.has(p.id)) repeated.push(i);
    seen.add(p.id);
  });
  return repeated;
}

function duplicateFixes(evaluation: DocumentEvaluation, req: ActionRequest, place: Placer): CodeAction[] {
  const out: CodeAction[] = [];
  for (const fe of evaluation.fixtures) {
    for (const c of fe.cases) {
      if (c.node.predictionsForm !== 'list' || !c.node.predictionsSpan || !overlaps(c.node.predictionsSpan, req.span)) continue;
      const repeated = repeatedPredictions(c);
      if (repeated.length === 0) continue;
      const edits = repeated.map((i) => removeEntry(itemSpan(c.node.predictions, i - 1), itemSpan(c.node.predictions, i)));
      const n = repeated.length;
      out.push(
        action(
          `Remove ${n} repeated prediction${n > 1 ? 's' : ''} from case ${c.node.id.value}`,
          CodeActionKind.QuickFix,
          req,
          place,
          edits,
          ['duplicate-prediction'],
          true,
        ),
      );
    }
  }
  return out;
}

function addExpect(evaluation: DocumentEvaluation, req: ActionRequest, place: Placer): CodeAction[] {
  for (const fe of evaluation.fixtures) {
    for (let i = 0; i < fe.cases.length; i++) {
      const node = fe.cases[i].node;
      if (node.expectSpan || !overlaps(node.span, req.span) || fe.fixture.shape !== 'fixture') continue;
      const syntax = syntaxOf(req.language);
      const edit = insertExpect(req.text, fe.fixture, node, syntax, expectMapping(expectEntries(fe, i), syntax));
      if (!edit) return [];
      return [
        action(
          `Add an expect block with the current values of case ${node.id.value}`,
          CodeActionKind.RefactorRewrite,
          req,
          place,
          [edit],
          [],
        ),
      ];
    }
  }
  return [];
}

export function codeActions(evaluation: DocumentEvaluation, req: ActionRequest, place: Placer): CodeAction[] {
  const wanted = (kind: string) => !req.only || req.only.some((o) => kind === o || kind.startsWith(o + '.'));
  return [
    ...(wanted(CodeActionKind.QuickFix)
      ? [
          ...replacementFixes(evaluation, req, place),
          ...expectFixes(evaluation, req, place),
          ...casesFixes(evaluation, req, place),
          ...duplicateFixes(evaluation, req, place),
          ...declareFixes(evaluation, req, place),
        ]
      : []),
    ...(wanted(CodeActionKind.RefactorRewrite) ? addExpect(evaluation, req, place) : []),
  ];
}
