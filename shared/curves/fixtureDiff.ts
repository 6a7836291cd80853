/**
 * A fixture's systems compared case by case, in the shape of `ranklens diff --json` that the Compare
 * Runs view draws (diffHtml.ts): each system's value per case on one measure, the difference against
 * the first system (the baseline), wins, ties and losses, the paired test as the fixture's
 * `significance:` says (paired t and Holm, α = 0.05 by default), and the cases that changed most,
 * or those asked for, as their two rankings side by side with each item's judgment.
 */
import { metricName, parseMetricSpec } from '../core/metricNames';
import { means } from '../core/means';
import { RankedCase, rankCase } from '../core/ranking';
import { CaseNode } from '../fixture/model/model';
import { caseInput, evaluateCaseNode, evaluationScratch } from '../evaluation/caseEvaluation';
import { QueryMoves, documentMoves } from '../evaluation/documentMoves';
import type { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { PairDiff, QueryDiff, mostChanged, queryDiffs } from '../evaluation/queryDiff';
import { fixtureCompareOptions } from '../evaluation/systemComparison';
import { DiffReportView, ExplainedView } from './diffHtml';

export interface FixtureDiffOptions {
  /** The measure (any metric name Ranklens reads); by default the fixture's first headline metric. */
  measure?: string;
  /** |b − a| ≤ tie is a tie (default 0). */
  tie?: number;
  /** Cases explained each way (default 5). */
  top?: number;
  /** The depth the rankings are shown to for a measure without a cutoff (default 10). */
  depth?: number;
  /** Cases explained whatever their difference. */
  cases?: readonly string[];
}

/** The report, or a sentence saying why there is none (fewer than two systems, a measure Ranklens does not read). */
export function fixtureDiff(fe: FixtureEvaluation, options: FixtureDiffOptions = {}): DiffReportView | { message: string } {
  const systems = fe.fixture.systems;
  if (!systems || systems.length < 2) return { message: 'This fixture compares no systems: give it `runs:` or predictions per system.' };
  const name = options.measure ?? fe.names[fe.headline[0] ?? 0];
  const parsed = parseMetricSpec(name);
  if (!parsed.spec) return { message: parsed.message ?? `${name} is not a measure.` };
  const spec = parsed.spec;
  const measure = metricName(spec);
  const conv = fe.convention.convention;
  const tie = options.tie ?? 0;
  const top = options.top ?? 5;
  const depth = spec.k ?? options.depth ?? 10;
  const scratch = evaluationScratch();
  // Per system: case id → its node and value (the first case of an id, as the fixture's comparison pairs them).
  const byId = systems.map((system) => {
    const cases = new Map<string, { node: CaseNode; value: number }>();
    for (const node of system.cases) {
      if (cases.has(node.id.value)) continue;
      const value = evaluateCaseNode(node, [spec], [measure], conv, undefined, scratch).evaluation.values[0];
      cases.set(node.id.value, { node, value });
    }
    return cases;
  });
  const ids = [...new Set(byId.flatMap((m) => [...m.keys()]))];
  const values = byId.map((m) => Float64Array.from(ids, (id) => m.get(id)?.value ?? NaN));
  const compare = fixtureCompareOptions(fe.fixture);
  const pairs = queryDiffs(ids, values, tie, compare);
  const names = systems.map((s) => s.name.value);
  const ranked = (s: number, id: string): RankedCase | undefined => {
    const node = byId[s].get(id)?.node;
    return node && !node.broken ? rankCase(caseInput(node), conv) : undefined;
  };
  const explained = (p: PairDiff, q: QueryDiff): ExplainedView =>
    explainedView(q, documentMoves(q.qid, ranked(p.a, q.qid), ranked(p.b, q.qid), q.diff, spec, conv, depth));
  return {
    measure: { name: measure, trecEval: null },
    convention: { name: fe.convention.name },
    tie,
    top,
    depth,
    runs: byId.map((m, s) => {
      const cases = [...m.entries()];
      return {
        name: names[s],
        mean: finite(
          means(
            cases.map(([, c]) => [c.value]),
            1,
          ).mean[0],
        ),
        queries: cases.map(([id, c]) => ({ id, value: finite(c.value) })),
        partial: null,
      };
    }),
    comparisons: pairs.map((p) => {
      const t = p.test;
      const changed = mostChanged(p, top);
      const asked = (options.cases ?? []).map((id) => p.queries.find((q) => q.qid === id)).filter((q) => q !== undefined);
      return {
        a: names[p.a],
        b: names[p.b],
        diff: finite(t.diff),
        ci: t.ci.map(finite),
        pAdjusted: finite(t.pAdjusted),
        significant: t.significant,
        paired: t.n,
        unpaired: t.leftOut,
        wins: p.wins,
        ties: p.ties,
        losses: p.losses,
        queries: p.queries.map((q) => ({ id: q.qid, a: finite(q.a), b: finite(q.b), diff: finite(q.diff), outcome: q.outcome })),
        largestGains: changed.gains.map((q) => explained(p, q)),
        largestLosses: changed.losses.map((q) => explained(p, q)),
        requested: asked.map((q) => explained(p, q)),
      };
    }),
    significance: { test: compare.test, correction: compare.test === 'tukey' ? 'none' : compare.correction, alpha: compare.alpha },
  };
}

function explainedView(q: QueryDiff, m: QueryMoves): ExplainedView {
  const ranked = (d: QueryMoves['topA'][number]) => ({ docid: d.docid, judgment: d.judgment.kind, grade: d.judgment.grade });
  return {
    id: q.qid,
    a: finite(q.a),
    b: finite(q.b),
    diff: finite(q.diff),
    depth: m.k,
    additive: m.additive,
    shownEffect: m.shownEffect === null ? null : finite(m.shownEffect),
    documents: m.moves.map((d) => ({
      docid: d.docid,
      change: d.change,
      judgment: d.judgment.kind,
      grade: d.judgment.grade,
      rankA: d.rankA,
      rankB: d.rankB,
      effect: d.effect === null ? null : finite(d.effect),
    })),
    unjudgedEntered: m.unjudgedEntered,
    topA: m.topA.map(ranked),
    topB: m.topB.map(ranked),
  };
}

// NaN and infinities are null, as in the JSON report.
function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
