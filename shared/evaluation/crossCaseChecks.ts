/**
 * The checks that look across a fixture's cases rather than into one: an item id written as a number
 * in one place and as a string in another, a case id used twice, a cutoff past several cases'
 * predictions. Exported on their own so that the
 * case cache runs them without re-evaluating the fixture.
 */
import { CaseNode, FixtureNode, LocatedFinding, Span } from '../fixture/model/model';
import { itemId, itemIdSpan } from '../fixture/model/itemList';

/** mixed-id-types: the first place an item id is written with the other type, pointing at the first. */
export function mixedIdTypes(cases: readonly CaseNode[]): LocatedFinding[] {
  const findings: LocatedFinding[] = [];
  const seen = new Map<string, { type: string; span: Span }>();
  const flagged = new Set<string>();
  for (const c of cases) {
    for (const items of [c.labels, c.predictions])
      for (let i = 0; i < items.count; i++) {
        const id = itemId(items, i);
        const key = String(id);
        const type = typeof id;
        const first = seen.get(key);
        if (!first) {
          seen.set(key, { type, span: itemIdSpan(items, i) });
          continue;
        }
        if (first.type === type || flagged.has(key)) continue;
        flagged.add(key);
        findings.push({
          code: 'mixed-id-types',
          severity: 'warning',
          span: itemIdSpan(items, i),
          message: `Item ${key} is written both as a number and as a string; Ranklens treats them as the same item, Python tools (ranx, pytrec_eval) would not.`,
          related: [{ span: first.span, message: `written as a ${first.type} here` }],
        });
      }
  }
  return findings;
}

/** duplicate-case-id: every repeat of a case id, pointing at the first. */
export function duplicateCaseIds(cases: readonly CaseNode[]): LocatedFinding[] {
  const findings: LocatedFinding[] = [];
  const first = new Map<string, Span>();
  for (const c of cases) {
    const prior = first.get(c.id.value);
    if (prior) {
      findings.push({
        code: 'duplicate-case-id',
        severity: 'warning',
        span: c.id.span,
        message: `Case "${c.id.value}" appears twice; both are evaluated and both count in the means.`,
        related: [{ span: prior, message: 'first case with this id' }],
      });
    } else first.set(c.id.value, c.id.span);
  }
  return findings;
}

/**
 * k-exceeds-predictions once per fixture, on the largest cutoff as written, naming the cases it
 * concerns (each case's predictions are related places): a note on k, not a mark on every list.
 * Left per case when no cutoff is written (the defaults, or --k), as there is nothing to point at.
 */
export function gatherKExceeds(fixture: FixtureNode, findings: LocatedFinding[]): LocatedFinding[] {
  // A case read from a file names itself at the start of its message (queryPrefix): its span is the file's name.
  const prefixed = /^In query ("(?:[^"\\]|\\.)*"): /;
  const many = findings
    .filter((f) => f.code === 'k-exceeds-predictions')
    .map((f) => {
      const m = prefixed.exec(f.message);
      return m ? { ...f, message: f.message.slice(m[0].length), id: JSON.parse(m[1]) as string } : f;
    });
  if (many.length === 0 || !fixture.k) return findings;
  const maxK = Number(/^k = (\d+)/.exec(many[0].message)?.[1]);
  const at = fixture.k.find((k) => k.value === maxK)?.span;
  if (!at) return findings;
  const caseOf = (f: LocatedFinding & { id?: string }) =>
    f.id ?? fixture.cases.find((c) => f.span.start >= c.span.start && f.span.end <= c.span.end)?.id.value ?? '?';
  const ids = many.map(caseOf);
  const message =
    many.length === 1
      ? `In case ${ids[0]}, ${many[0].message}`
      : `k = ${maxK} is larger than the predictions of ${many.length} cases (${ids.slice(0, 5).join(', ')}${many.length > 5 ? ', …' : ''}): ${many[0].message
          .slice(many[0].message.indexOf(': ') + 2)
          .replace(/, so it is at most \d+\.\d+/, '')
          .replace(/by the \d+ predictions? instead/, "by each case's number of predictions instead")}`;
  const gathered: LocatedFinding = {
    code: 'k-exceeds-predictions',
    severity: many[0].severity,
    span: at,
    message,
    related: many.map((f, i) => ({ span: f.span, message: `case ${ids[i]}: ${f.message.slice(0, f.message.indexOf(':'))}` })),
  };
  return [...findings.filter((f) => f.code !== 'k-exceeds-predictions'), gathered];
}

/** Findings of one code on one file's name listed in full, up to this many; the rest are counted in one more. */
const FILE_FINDINGS_LISTED = 3;

/**
 * The findings of cases read from a file a fixture names all sit on its name (a BEIR qrels file has a
 * grade-0 row per query or more): three of each code there, then one finding that counts the rest.
 */
export function capFileFindings(fixture: FixtureNode, findings: LocatedFinding[]): LocatedFinding[] {
  const refs = fixture.fileReferences?.list;
  if (!refs || refs.length === 0) return findings;
  const named = new Map(refs.map((r) => [`${r.path.span.start}:${r.path.span.end}`, r.path.value]));
  const seen = new Map<string, { first: LocatedFinding; count: number; path: string }>();
  const out: LocatedFinding[] = [];
  for (const f of findings) {
    const path = named.get(`${f.span.start}:${f.span.end}`);
    if (path === undefined) {
      out.push(f);
      continue;
    }
    const key = `${f.span.start}:${f.code}`;
    const known = seen.get(key);
    if (known) known.count++;
    else seen.set(key, { first: f, count: 1, path });
    if ((known?.count ?? 1) <= FILE_FINDINGS_LISTED) out.push(f);
  }
  for (const { first, count, path } of seen.values()) {
    if (count <= FILE_FINDINGS_LISTED) continue;
    const more = count - FILE_FINDINGS_LISTED;
    out.push({
      code: first.code,
      severity: first.severity,
      span: first.span,
      message: `${more} more ${first.code} finding${more === 1 ? '' : 's'} from "${path}", not listed (${count} in all).`,
    });
  }
  return out;
}
