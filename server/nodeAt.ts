/**
 * What sits at an offset of a parsed fixture: a case id, a label, a predicted item, an expect entry,
 * the cutoffs, a metric name or the convention. Pure: offsets in, indexes out.
 */
import { FixtureDocument, FixtureNode, Span } from '../shared/fixture/model';

export type Target =
  | { kind: 'case'; fixture: number; case: number; span: Span }
  | { kind: 'label'; fixture: number; case: number; index: number; span: Span }
  | { kind: 'prediction'; fixture: number; case: number; index: number; span: Span }
  | { kind: 'expect'; fixture: number; case: number; index: number; span: Span }
  | { kind: 'cutoffs'; fixture: number; span: Span }
  | { kind: 'metrics'; fixture: number; span: Span }
  | { kind: 'metric'; fixture: number; name: string; span: Span }
  | { kind: 'convention'; fixture: number; span: Span }
  | { kind: 'preset'; fixture: number; name: string; span: Span }
  | { kind: 'knob'; fixture: number; name: string; span: Span };

/** Whether offset is within the span; a cursor right after the last character still counts. */
export const within = (s: Span | null | undefined, offset: number): boolean => !!s && offset >= s.start && offset <= s.end;

/** The key written just before a value (`"k": [` or `k:`), so a hover on the key finds the value. */
export function keyBefore(text: string, valueStart: number): Span | undefined {
  let i = valueStart - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  if (text[i] !== ':') return undefined;
  i--;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  const end = i + 1;
  if (text[i] === '"' || text[i] === "'") {
    const quote = text[i];
    const open = text.lastIndexOf(quote, i - 1);
    return open < 0 ? undefined : { start: open, end };
  }
  while (i >= 0 && /[\w-]/.test(text[i])) i--;
  return i + 1 < end ? { start: i + 1, end } : undefined;
}

/** The innermost target at an offset, or undefined. */
export function targetAt(doc: FixtureDocument, text: string, offset: number): Target | undefined {
  for (let f = 0; f < doc.fixtures.length; f++) {
    const found = settingAt(doc.fixtures[f], f, text, offset) ?? caseTargetAt(doc.fixtures[f], f, offset);
    if (found) return found;
  }
  return undefined;
}

function settingAt(fx: FixtureNode, fixture: number, text: string, offset: number): Target | undefined {
  for (const m of fx.metrics ?? []) if (within(m.span, offset)) return { kind: 'metric', fixture, name: m.value, span: m.span };
  if (fx.kSpan && (within(fx.kSpan, offset) || within(keyBefore(text, fx.kSpan.start), offset))) return { kind: 'cutoffs', fixture, span: fx.kSpan };
  if (fx.metricsSpan) {
    const key = keyBefore(text, fx.metricsSpan.start);
    if (key && within(key, offset)) return { kind: 'metrics', fixture, span: key };
  }
  const conv = fx.convention;
  if (!conv) return undefined;
  if (conv.preset && within(conv.preset.span, offset)) return { kind: 'preset', fixture, name: conv.preset.value, span: conv.preset.span };
  for (const o of conv.overrides) {
    if (within(o.key.span, offset) || within(o.value.span, offset)) return { kind: 'knob', fixture, name: o.key.value, span: o.key.span };
  }
  if (within(conv.span, offset) || within(keyBefore(text, conv.span.start), offset)) return { kind: 'convention', fixture, span: conv.span };
  return undefined;
}

function caseTargetAt(fx: FixtureNode, fixture: number, offset: number): Target | undefined {
  for (let c = 0; c < fx.cases.length; c++) {
    const node = fx.cases[c];
    if (!within(node.span, offset) && !within(node.labelsSpan, offset) && !within(node.predictionsSpan, offset) && !within(node.expectSpan, offset)) continue;
    if (within(node.id.span, offset)) return { kind: 'case', fixture, case: c, span: node.id.span };
    const base = { fixture, case: c };
    let i = node.predictions.findIndex((p) => within(p.span, offset));
    if (i >= 0) return { kind: 'prediction', ...base, index: i, span: node.predictions[i].span };
    i = node.labels.findIndex((l) => within(l.span, offset));
    if (i >= 0) return { kind: 'label', ...base, index: i, span: node.labels[i].span };
    i = node.expect.findIndex((e) => within(e.span, offset));
    if (i >= 0) return { kind: 'expect', ...base, index: i, span: node.expect[i].span };
  }
  return undefined;
}

/** The case whose text holds the offset (anywhere in it, not only on its id). */
export function caseAt(doc: FixtureDocument, offset: number): { fixture: number; case: number } | undefined {
  for (let f = 0; f < doc.fixtures.length; f++) {
    const c = doc.fixtures[f].cases.findIndex((node) => within(node.span, offset));
    if (c >= 0) return { fixture: f, case: c };
  }
  return undefined;
}
