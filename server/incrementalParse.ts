/**
 * Re-reads only the case an edit fell into. Parsing a 2 MB fixture costs 100+ ms in JSON and seconds
 * in YAML, but typing touches one case: that case's text is parsed alone, by the real parser, inside a
 * minimal fixture (`{"cases": {…}}`, `cases:\n  …`), and spliced into the previous model with every
 * later span moved. Anything unusual returns undefined and the caller parses the whole text, so the
 * result always equals parseFixture's (a test holds them equal over many edits).
 */
import { CaseNode, FixtureDocument, FixtureNode, LocatedFinding, Span } from '../shared/fixture/model';
import { FixtureLanguage, parseFixture } from '../shared/fixture/parse';
import { Edit } from './documents';

export interface Previous {
  /** The text that was parsed, and its parse. */
  text: string;
  parsed: FixtureDocument;
}

/** Problems a case's own text can cause; any other problem means the edit reaches beyond the case. */
const LOCAL_PROBLEMS = new Set(['unknown-key', 'duplicate-key', 'wrong-type', 'id-not-as-written']);
/** Problems reported once per file (with a count), which a partial parse cannot keep right. */
const FILE_PROBLEMS = new Set(['syntax-error', 'syntax-warning', 'too-deep', 'too-many-aliases', 'file-too-large']);

/**
 * The stretch of text an edit may touch for one case to be re-read alone. JSON: inside the case's
 * braces. YAML: the case through the blank text before the next case (where new lines of the case go).
 */
interface Region {
  fixture: number;
  case: number;
  node: CaseNode;
  /** Edits must start at or after this (a mapped case's key is off limits: it could collide with another). */
  from: number;
  /** ... and end at or before this. */
  to: number;
  /** Where the text after the region starts (later nodes move by the growth of the region). */
  end: number;
  /** Problems starting before this (and at or after the case's start) are the case's own. */
  owns: number;
  /** Whether the case is written as `id: {…}` (mapped) or as a list entry with an id key (listed). */
  mapped: boolean;
}

/**
 * The parse of `text` after `edits` to a previous text that parsed, when every edit falls inside one
 * case; undefined otherwise. The previous model is reused and changed in place: it must not be used again.
 */
export function reparse(previous: Previous, text: string, edits: readonly Edit[], language: FixtureLanguage): FixtureDocument | undefined {
  const doc = previous.parsed;
  if (edits.length === 0 || !canSpliceInto(doc)) return undefined;
  // A YAML alias copies its anchor's nodes with one shared span; such files are always read whole.
  if (language === 'yaml' && /[&*]/.test(text)) return undefined;
  const region = regionAt(doc, previous.text, edits[0].start, language);
  if (!region || doc.fixtures[region.fixture].shape !== 'fixture') return undefined;
  let end = region.end;
  let to = region.to;
  for (const e of edits) {
    if (e.start < region.from || e.end > to) return undefined;
    const growth = e.length - (e.end - e.start);
    end += growth;
    to += growth;
  }
  const start = region.node.span.start;
  const source = text.slice(start, end);
  if (language === 'yaml' && !staysInside(text, start, source, region.mapped)) return undefined;
  if (!problemsSeparable(doc, start, region)) return undefined;
  const fresh = parseCaseAlone(text, start, source, region.mapped, language);
  if (!fresh || fresh.node.span.start !== start || fresh.node.span.end > end) return undefined;
  if (language === 'json' && fresh.node.span.end !== end) return undefined;
  splice(doc, region, fresh, end - region.end);
  return doc;
}

/** Whether a parse can take a spliced case: it has no problem that a partial parse could not keep right. */
export function canSpliceInto(doc: FixtureDocument): boolean {
  return !doc.problems.some((p) => FILE_PROBLEMS.has(p.code));
}

/** The region of the case that holds the offset, if any. */
function regionAt(doc: FixtureDocument, text: string, offset: number, language: FixtureLanguage): Region | undefined {
  for (let f = 0; f < doc.fixtures.length; f++) {
    const cases = doc.fixtures[f].cases;
    // The last case starting at or before the offset (cases are in text order).
    let lo = 0;
    let hi = cases.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (cases[mid].span.start <= offset) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    if (found < 0) continue;
    const node = cases[found];
    const mapped = node.span.start === node.id.span.start;
    const from = mapped ? node.id.span.end + 1 : node.span.start + 1;
    if (language === 'json') {
      if (offset >= node.span.end) continue;
      return { fixture: f, case: found, node, from, to: node.span.end - 1, end: node.span.end, owns: node.span.end, mapped };
    }
    const next = cases[found + 1];
    // A case reaches to the line where the next thing starts: the next case (a listed case's "- "
    // belongs to the next entry), a key after the cases, or the end of the text.
    const nextStart = next ? (mapped ? next.span.start : lineStart(text, next.span.start)) : nextContentLine(text, node.span.end);
    if (offset > nextStart || (offset === nextStart && nextStart < text.length)) continue;
    // After the last case only a plain top-level key or a document marker may follow: anything odd there
    // could read differently once the case changes.
    if (!next && nextStart < text.length && !/^(?:---|\.\.\.|[A-Za-z_$][\w$-]*:(?:\s|$))/.test(text.slice(nextStart, nextStart + 80))) return undefined;
    const to = nextStart < text.length ? nextStart - 1 : nextStart;
    // Problems in the region are the case's own, even one at the very end of the text (an empty entry).
    return { fixture: f, case: found, node, from, to, end: nextStart, owns: nextStart < text.length ? nextStart : nextStart + 1, mapped };
  }
  return undefined;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The start of the first line after `offset` that holds anything but blanks, or the end of the text. */
function nextContentLine(text: string, offset: number): number {
  let i = text.indexOf('\n', offset);
  if (i < 0) return text.length;
  while (i < text.length && /\s/.test(text[i])) i++;
  return i === text.length ? i : lineStart(text, i);
}

/**
 * In block YAML a line belongs to the case only when it is indented deeper than the case's key (a
 * mapped case) or at least as deep (the keys of a listed case); blank and comment lines are free.
 */
function staysInside(text: string, start: number, source: string, mapped: boolean): boolean {
  const column = start - (text.lastIndexOf('\n', start - 1) + 1);
  const lines = source.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const indent = line.length - line.trimStart().length;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (mapped ? indent <= column : indent < column) return false;
  }
  return true;
}

/** The case's text parsed inside a minimal fixture, its spans moved to where the text really is. */
function parseCaseAlone(text: string, start: number, source: string, mapped: boolean, language: FixtureLanguage): { node: CaseNode; problems: LocatedFinding[] } | undefined {
  let prefix: string;
  let suffix = '';
  if (language === 'json') {
    prefix = mapped ? '{"cases": {' : '{"cases": [';
    suffix = mapped ? '}}' : ']}';
  } else {
    // The case's lines keep their indentation, so its first line is indented the same way.
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const indent = text.slice(lineStart, start);
    if (!/^ *(?:- +)?$/.test(indent) || mapped === indent.includes('-')) return undefined;
    prefix = 'cases:\n' + indent;
  }
  const doc = parseFixture(prefix + source + suffix, language);
  const fx = doc.fixtures.length === 1 ? doc.fixtures[0] : undefined;
  if (!fx || fx.cases.length !== 1 || fx.k || fx.metrics || fx.convention || fx.expectFindings) return undefined;
  // A listed case without a readable id is named by its place in the list, which only a full parse knows.
  if (!mapped && fx.cases[0].id.value === '#1') return undefined;
  if (!doc.problems.every((p) => LOCAL_PROBLEMS.has(p.code))) return undefined;
  const by = start - prefix.length;
  // Problems first, as new objects: a problem may share its span object with a node moved below.
  const problems = doc.problems.map((p) => movedProblem(p, 0, by));
  moveCase(fx.cases[0], by);
  return { node: fx.cases[0], problems };
}

type Side = 'before' | 'own' | 'after' | 'across';

/** Where a previous problem's span lies relative to the edited case. */
function side(s: Span, start: number, region: Region): Side {
  if (s.start < start) return s.end <= start ? 'before' : 'across';
  if (s.start < region.owns) return s.end <= Math.max(region.end, region.node.span.end) ? 'own' : 'across';
  return 'after';
}

/** Whether every previous problem (and what it points to) lies wholly before the case, in it, or after it. */
function problemsSeparable(doc: FixtureDocument, start: number, region: Region): boolean {
  return doc.problems.every((p) => side(p.span, start, region) !== 'across'
    && (!p.related || p.related.every((r) => side(r.span, start, region) !== 'across')));
}

/** Puts the fresh case in place of the old one and moves everything after the region by delta. */
function splice(doc: FixtureDocument, region: Region, fresh: { node: CaseNode; problems: LocatedFinding[] }, delta: number): void {
  const start = region.node.span.start;
  const oldEnd = region.node.span.end;
  const before = doc.problems.filter((p) => side(p.span, start, region) === 'before');
  const after = doc.problems.filter((p) => side(p.span, start, region) === 'after').map((p) => movedProblem(p, region.end, delta));
  doc.problems = [...before, ...fresh.problems, ...after];
  // A container that ended with the old case now ends with the new one; one that ended later moves.
  const endAfter = (s: Span | null) => {
    if (s) s.end = s.end === oldEnd ? fresh.node.span.end : s.end + delta;
  };
  doc.fixtures.forEach((fx, f) => {
    if (f < region.fixture) return;
    if (f > region.fixture) { moveFixture(fx, delta); return; }
    fx.cases[region.case] = fresh.node;
    for (let c = region.case + 1; c < fx.cases.length; c++) moveCase(fx.cases[c], delta);
    endAfter(fx.casesSpan);
    endAfter(fx.span);
    // Settings written after the cases (k at the bottom of the file) move too.
    for (const s of settingSpans(fx)) if (s.start >= region.end) { s.start += delta; s.end += delta; }
  });
}

function settingSpans(fx: FixtureNode): Span[] {
  const spans: (Span | null | undefined)[] = [fx.kSpan, fx.metricsSpan, fx.convention?.span, fx.convention?.preset?.span];
  for (const k of fx.k ?? []) spans.push(k.span);
  for (const m of fx.metrics ?? []) spans.push(m.span);
  for (const e of fx.expectFindings ?? []) spans.push(e.span);
  for (const o of fx.convention?.overrides ?? []) spans.push(o.key.span, o.value.span);
  return [...new Set(spans.filter((s): s is Span => !!s))];
}

function shift(s: Span, by: number): void {
  s.start += by;
  s.end += by;
}

/** Shifts s unless it is one of the span objects already moved (the parsers share span objects: an id and its list entry). */
function shiftUnlessShared(s: Span | null | undefined, by: number, moved1: Span, moved2?: Span): void {
  if (s && s !== moved1 && s !== moved2) shift(s, by);
}

// Called for every case after an edit, so it allocates nothing.
function moveCase(c: CaseNode, by: number): void {
  shift(c.id.span, by);
  shiftUnlessShared(c.span, by, c.id.span);
  shiftUnlessShared(c.labelsSpan, by, c.id.span, c.span);
  shiftUnlessShared(c.predictionsSpan, by, c.id.span, c.span);
  shiftUnlessShared(c.expectSpan, by, c.id.span, c.span);
  for (const l of c.labels) { shift(l.id.span, by); shiftUnlessShared(l.span, by, l.id.span); shiftUnlessShared(l.grade?.span, by, l.id.span, l.span); }
  for (const p of c.predictions) { shift(p.id.span, by); shiftUnlessShared(p.span, by, p.id.span); shiftUnlessShared(p.score?.span, by, p.id.span, p.span); }
  for (const e of c.expect) { shift(e.metric.span, by); shiftUnlessShared(e.value.span, by, e.metric.span); shiftUnlessShared(e.span, by, e.metric.span, e.value.span); }
}

function moveFixture(fx: FixtureNode, by: number): void {
  shift(fx.span, by);
  shiftUnlessShared(fx.casesSpan, by, fx.span);
  for (const s of settingSpans(fx)) shift(s, by);
  for (const c of fx.cases) moveCase(c, by);
}

/** A copy of the problem with its spans at or after `from` moved. */
function movedProblem(p: LocatedFinding, from: number, by: number): LocatedFinding {
  const m = (s: Span) => (s.start >= from ? { start: s.start + by, end: s.end + by } : s);
  return { ...p, span: m(p.span), ...(p.related ? { related: p.related.map((r) => ({ ...r, span: m(r.span) })) } : {}) };
}
