/**
 * Code actions: set an expect value to the computed one (here, or everywhere in the file), remove a
 * case's repeated predictions, add an expect block holding the case's current values.
 */
// @ts-nocheck

import { CodeAction, CodeActionKind, Diagnostic, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { expectEntries, expectMapping, expectValueText } from '../../shared/text/expectText';
import { CaseEvaluation, DocumentEvaluation, ExpectResult } from '../../shared/evaluation/fixtureEvaluation';
import { Span } from '../../shared/fixture/model';
import { FixtureLanguage } from '../../shared/fixture/parse';
import { syntaxOf } from '../../shared/fixture/syntaxes';
import { Placer } from '../positions';
import { OffsetEdit, insertExpect, removeEntry } from '../../shared/fixture/textEdits';

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
}

function mismatches(evaluation: DocumentEvaluation): Mismatch[] {
  return evaluation.fixtures.flatMap((fe) => fe.cases.flatMap((c) => c.expectations
    .filter((e) => !e.matches && e.computed !== undefined)
    .map((e) => ({ expectation: e, computed: e.computed! }))));
}

function setValue(m: Mismatch): OffsetEdit {
  return { span: m.expectation.node.value.span, newText: expectValueText(m.computed, m.expectation.node.text) };
}

function action(title: string, kind: string, req: ActionRequest, place: Placer, edits: OffsetEdit[], codes: string[], preferred = false): CodeAction {
  const textEdits = edits.map((e) => TextEdit.replace(place.range(e.span), e.newText));
  const edit: WorkspaceEdit = { documentChanges: [{ textDocument: { uri: req.uri, version: req.version }, edits: textEdits }] };
  const diagnostics = req.diagnostics.filter((d) => typeof d.code === 'string' && codes.includes(d.code)
    && textEdits.some((e) => rangesMeet(e.range, d.range)));
  return { title, kind, edit, ...(diagnostics.length ? { diagnostics } : {}), ...(preferred ? { isPreferred: true } : {}) };
}

function expectFixes(evaluation: DocumentEvaluation, req: ActionRequest, place: Placer): CodeAction[] {
  const all = mismatches(evaluation);
  const here = all.filter((m) => overlaps(m.expectation.node.span, req.span));
  const out = here.map((m) => action(
    `Set ${m.expectation.node.metric.value} to the computed ${expectValueText(m.computed, m.expectation.node.text)}`,
    CodeActionKind.QuickFix, req, place, [setValue(m)], ['expect-mismatch'], true));
  if (here.length > 0 && all.length > 1) {
    out.push(action(`Set all ${all.length} mismatched expect values in this file to the computed ones`,
      CodeActionKind.QuickFix, req, place, all.map(setValue), ['expect-mismatch']));
  }
  return out;
}

/** The later occurrences of each item predicted more than once. */
function repeatedPredictions(c: CaseEvaluation): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  c.input.predictions.forEach((p, i) => {
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
      const edits = repeated.map((i) => removeEntry(c.node.predictions, i));
      const n = repeated.length;
      out.push(action(`Remove ${n} repeated prediction${n > 1 ? 's' : ''} from case ${c.node.id.value}`,
        CodeActionKind.QuickFix, req, place, edits, ['duplicate-prediction'], true));
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
      const edit = insertExpect(req.text, node, syntax, expectMapping(expectEntries(fe, i), syntax));
      if (!edit) return [];
      return [action(`Add an expect block with the current values of case ${node.id.value}`, CodeActionKind.RefactorRewrite, req, place, [edit], [])];
    }
  }
  return [];
}

export function codeActions(evaluation: DocumentEvaluation, req: ActionRequest, place: Placer): CodeAction[] {
  const wanted = (kind: string) => !req.only || req.only.some((o) => kind === o || kind.startsWith(o + '.'));
  return [
    ...(wanted(CodeActionKind.QuickFix) ? [...expectFixes(evaluation, req, place), ...duplicateFixes(evaluation, req, place)] : []),
    ...(wanted(CodeActionKind.RefactorRewrite) ? addExpect(evaluation, req, place) : []),
  ];
}
