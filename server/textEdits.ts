/**
 * Where the code actions put their text, in offsets: an expect block after a case's last key, the
 * range that removes one list entry with its separator. JSON and YAML, flow and block style.
 */
import { CaseNode, Span } from '../shared/fixture/model';
import { FixtureLanguage } from '../shared/fixture/parse';
import { keyBefore } from './nodeAt';

export interface OffsetEdit {
  span: Span;
  newText: string;
}

/** Removes entry i of a list (never the first) with the separator before it: `, 2` or `\n  - 2`. */
export function removeEntry(entries: readonly { span: Span }[], i: number): OffsetEdit {
  return { span: { start: entries[i - 1].span.end, end: entries[i].span.end }, newText: '' };
}

/** Inserts `"expect": {…}` (JSON) or `expect: {…}` (YAML) as the case's last key. */
export function insertExpect(text: string, node: CaseNode, language: FixtureLanguage, mapping: string): OffsetEdit | undefined {
  const valueStart = caseValueStart(text, node);
  if (valueStart === undefined) return undefined;
  const entry = `${language === 'json' ? '"expect"' : 'expect'}: ${mapping}`;
  if (text[valueStart] === '{') return insertInFlow(text, valueStart, node.span.end, entry);
  if (language === 'json') return undefined;
  return insertInBlock(text, node, entry);
}

/** Where the case's mapping starts: after `"q1":` for a mapped case, the case itself for a listed one. */
function caseValueStart(text: string, node: CaseNode): number | undefined {
  let i = node.id.span.start === node.span.start ? node.id.span.end : node.span.start;
  if (node.id.span.start === node.span.start) {
    while (i < node.span.end && text[i] !== ':') i++;
    i++;
  }
  while (i < node.span.end && /\s/.test(text[i])) i++;
  return i < node.span.end ? i : undefined;
}

/** `{…, "expect": {…}}`: after the last entry, on its own line when the mapping spans lines. */
function insertInFlow(text: string, open: number, end: number, entry: string): OffsetEdit | undefined {
  const close = text.lastIndexOf('}', end - 1);
  if (close <= open) return undefined;
  let last = close - 1;
  while (last > open && /\s/.test(text[last])) last--;
  if (last === open) return { span: { start: open + 1, end: open + 1 }, newText: entry };
  const multiline = text.slice(open, close).includes('\n');
  const separator = multiline ? `,\n${indentOfLine(text, last)}` : ', ';
  return { span: { start: last + 1, end: last + 1 }, newText: separator + entry };
}

/** A block mapping: a new line at the column of the case's keys, after its last non-blank character. */
function insertInBlock(text: string, node: CaseNode, entry: string): OffsetEdit | undefined {
  const anchor = [node.predictionsSpan, node.labelsSpan].find((s): s is Span => s !== null);
  const key = anchor && keyBefore(text, anchor.start);
  if (!key) return undefined;
  const column = key.start - (text.lastIndexOf('\n', key.start - 1) + 1);
  let last = node.span.end - 1;
  while (last > node.span.start && /\s/.test(text[last])) last--;
  return { span: { start: last + 1, end: last + 1 }, newText: `\n${' '.repeat(column)}${entry}` };
}

function indentOfLine(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset + 1))![0];
}
