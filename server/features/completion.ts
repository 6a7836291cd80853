/**
 * Completion: the fixture layer says what is typed at the cursor, the text layer lists the
 * candidates and writes their documentation; this file makes LSP items of them. Nothing here waits
 * for the keystroke's analysis: the context comes from the current text alone, and what depends on
 * the fixture (its cutoffs, the metrics it computes, its convention in the documentation) from the
 * latest analysis made, whatever its version.
 */
import { CompletionItem, CompletionItemKind, CompletionList, InsertTextFormat, MarkupKind } from 'vscode-languageserver';
import { FixtureEvaluation } from '../../shared/evaluation';
import { CompletionContext, ScanHints, Span, completionContext, scanHints } from '../../shared/fixture';
import { CandidateOptions, CompletionDoc, CompletionKind, completionCandidates, completionDocumentation } from '../../shared/text';
import { Analysis } from '../analysis';
import { Edit, editsSince } from '../documents';
import { Placer } from '../positions';
import { Known } from '../service';

/** What an item carries to its resolve: where it was asked for, and what its documentation describes. */
export interface CompletionData {
  uri: string;
  offset: number;
  doc: CompletionDoc;
}

const KINDS: Readonly<Record<CompletionKind, CompletionItemKind>> = {
  key: CompletionItemKind.Property,
  metric: CompletionItemKind.Function,
  preset: CompletionItemKind.EnumMember,
  value: CompletionItemKind.EnumMember,
  code: CompletionItemKind.Constant,
};

/** What is typed at the offset of the document as it is now. */
export function contextAt(known: Known, offset: number): CompletionContext | undefined {
  return completionContext(known.doc.text.getText(), offset, known.language, hintsFor(known, offset));
}

/**
 * What the latest analysis lends the scan, through the edits made since (when the edit log still
 * reaches back to it): the case the cursor is in, unless something before it was edited, and in JSON
 * the cases' value to jump over, unless an edit touched it. The scan then reads a case, not the file.
 */
function hintsFor(known: Known, offset: number): ScanHints {
  const a = known.analysis;
  if (!a) return {};
  const edits = a.version === known.doc.text.version ? [] : editsSince(known.doc, a.version);
  if (a.version !== known.doc.text.version && (edits.length === 0 || known.doc.edits[0].version > a.version + 1)) return {};
  const limit = edits.reduce((m, e) => Math.min(m, e.start), Infinity);
  return scanHints(a.parsed, a.text, offset, known.language, limit, (span) => movedSpan(span, edits));
}

/** A span of an older text in the current one, or undefined when an edit touched it. */
function movedSpan(span: Span, edits: readonly Edit[]): Span | undefined {
  let { start, end } = span;
  for (const e of edits) {
    if (e.end <= start) {
      const shift = e.length - (e.end - e.start);
      start += shift;
      end += shift;
    } else if (e.start < end) return undefined;
  }
  return { start, end };
}

/** The fixture of the analysis whose text holds the offset (a YAML file may hold several), else the first. */
export function fixtureAt(analysis: Analysis | undefined, offset: number): FixtureEvaluation | undefined {
  const fixtures = analysis?.evaluation.fixtures ?? [];
  return fixtures.find((fe) => offset >= fe.fixture.span.start && offset <= fe.fixture.span.end) ?? fixtures[0];
}

/** The completion list at the offset; null where the fixture format offers nothing. */
export function completion(known: Known, uri: string, offset: number, options: CandidateOptions, place: Placer): CompletionList | null {
  const context = contextAt(known, offset);
  if (!context) return null;
  const fe = fixtureAt(known.analysis, offset);
  const range = place.range(context.span);
  const items = completionCandidates(context, fe, options).map((c): CompletionItem => ({
    label: c.label,
    kind: KINDS[c.kind],
    detail: c.detail,
    sortText: c.sortText,
    filterText: c.filterText,
    textEdit: { range, newText: c.insert },
    insertTextFormat: c.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    data: { uri, offset, doc: c.doc } satisfies CompletionData,
  }));
  return items.length > 0 ? { isIncomplete: false, items } : null;
}

/** Whether an item's data is what completion put there. */
export function isCompletionData(data: unknown): data is CompletionData {
  const d = data as Partial<CompletionData> | undefined;
  return typeof d?.uri === 'string' && typeof d.offset === 'number' && typeof d.doc === 'object' && d.doc !== null;
}

/** The item with its documentation, written from the fixture's latest evaluation. */
export function resolveCompletion(item: CompletionItem, fe: FixtureEvaluation | undefined): CompletionItem {
  if (!isCompletionData(item.data)) return item;
  const value = completionDocumentation(item.data.doc, fe);
  return value ? { ...item, documentation: { kind: MarkupKind.Markdown, value } } : item;
}
