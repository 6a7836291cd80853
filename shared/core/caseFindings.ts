/** The edge cases of one case, as findings that say what happens to its numbers under the convention. */
import { CaseInput } from './caseInput';
import { Convention, isRelevantGrade } from './conventions';
import { FINDING_CODES, LayerCode } from './findingCodes';
import { Finding, FindingPart } from './findings';
import { MetricSpec, metricName } from './metricNames';
import { SINGLE_ITEM_FAMILIES } from './metrics/dispatch';
import { RankedCase, compareText } from './ranking';

function finding(code: LayerCode<'case'>, message: string, part: FindingPart, related?: Finding['related']): Finding {
  return { code, severity: FINDING_CODES[code].severity, message, part, ...(related ? { related } : {}) };
}

/** Findings about a case's labels, predictions, scores and cutoffs; rc is the case ranked under conv. */
export function caseFindings(input: CaseInput, rc: RankedCase, specs: readonly MetricSpec[], conv: Convention): Finding[] {
  const out: Finding[] = [];
  let relevantLabels = 0;
  for (const l of input.labels) if (Number.isFinite(l.grade) && isRelevantGrade(l.grade, conv.relevanceThreshold)) relevantLabels++;
  const signed =
    conv.negativeGains === 'signed' && input.labels.some((l) => l.grade < 0) && specs.some((s) => s.family === 'DCG' || s.family === 'nDCG')
      ? "; DCG and nDCG are still computed from the negative gains (negativeGains=signed: scikit-learn 1.2's dcg_score and ndcg_score, which divides by the ideal's negative DCG; ndcg_score refuses negative grades from 1.4)"
      : '';
  const emptyEffect =
    (conv.emptyLabels === 'nan'
      ? 'every metric is NaN and left out of the means (emptyLabels=nan)'
      : 'every metric is 0 and counts in the means (emptyLabels=zero)') + signed;
  if (relevantLabels === 0 && input.predictions.length === 0) {
    out.push(finding('empty-case', `No relevant labels and no predictions: ${emptyEffect}.`, { kind: 'case' }));
  } else if (relevantLabels === 0) {
    const why = input.labels.length === 0 ? 'No labels' : 'No label is relevant (every grade is at or below the threshold)';
    out.push(finding('empty-labels', `${why}: ${emptyEffect}.`, { kind: 'labels' }));
  } else if (input.predictions.length === 0) {
    out.push(
      finding(
        'empty-predictions',
        conv.emptyPredictions === 'nan'
          ? 'No predictions: every metric of this case is NaN and left out of the means (emptyPredictions=nan).'
          : conv.emptyPredictions === 'precision-nan'
            ? 'No predictions: P, AP, F1 and the set precisions of this case are NaN and left out of the means, every other metric is 0 (emptyPredictions=precision-nan).'
            : 'No predictions: every metric of this case is 0.',
        { kind: 'predictions' },
      ),
    );
  }

  if (relevantLabels > 0 && input.predictions.length === 1 && conv.singleItem === 'refuse') {
    const refused = specs.filter((s) => SINGLE_ITEM_FAMILIES.has(s.family)).map(metricName);
    if (refused.length > 0) {
      out.push(
        finding(
          'single-item-row',
          `Only one prediction: scikit-learn's dcg_score and ndcg_score refuse a row of one item, so ${refused.join(', ')} ${refused.length === 1 ? 'is' : 'are'} NaN and left out of the means (singleItem=refuse).`,
          { kind: 'predictions' },
        ),
      );
    }
  }

  labelFindings(input, conv, out);
  predictionFindings(input, rc, conv, out);

  const n = input.predictions.length - rc.duplicates;
  const maxK = largestCutoff(specs);
  // With no relevant label every value is fixed by emptyLabels, so the cutoff changes nothing; nor does
  // it in a case the convention refuses (every value NaN).
  if (!rc.rejected && relevantLabels > 0 && n > 0 && maxK > n && specs.some((s) => s.family === 'P' && (s.k ?? 0) > n)) {
    const effect =
      conv.precisionDenominator === 'k'
        ? `P@${maxK} still divides by ${maxK} (precisionDenominator=k), so it is at most ${(n / maxK).toFixed(3)}`
        : `P@${maxK} divides by the ${n} prediction${n === 1 ? '' : 's'} instead (precisionDenominator=min-k-predicted)`;
    out.push(
      finding('k-exceeds-predictions', `k = ${maxK} is larger than the ${n} prediction${n === 1 ? '' : 's'}: ${effect}.`, {
        kind: 'predictions',
      }),
    );
  }
  return out;
}

/** The index of the first label with the same id as label `index`, if it comes before it. */
function earlier(labels: CaseInput['labels'], index: number): number | undefined {
  for (let j = 0; j < index; j++) if (labels[j].id === labels[index].id) return j;
  return undefined;
}

function largestCutoff(specs: readonly MetricSpec[]): number {
  let max = 0;
  for (const s of specs) if (s.k !== null && s.k !== undefined && s.k > max) max = s.k;
  return max;
}

function labelFindings(input: CaseInput, conv: Convention, out: Finding[]): void {
  // Most cases label a few items: comparing with the earlier ones costs less than a map per case.
  const labels = input.labels;
  const first = labels.length > 8 ? new Map<string, number>() : undefined;
  labels.forEach((label, index) => {
    const part: FindingPart = { kind: 'label', index };
    const seen = first ? first.get(label.id) : earlier(labels, index);
    if (seen !== undefined) {
      out.push(
        finding(
          'duplicate-label',
          `"${label.id}" is labeled twice; the first grade (${input.labels[seen].grade}) is used and this one is ignored.`,
          part,
          [{ part: { kind: 'label', index: seen }, message: 'first label of this item' }],
        ),
      );
      return;
    }
    first?.set(label.id, index);
    if (!Number.isFinite(label.grade)) {
      out.push(
        finding('non-finite-grade', `The grade of "${label.id}" is ${label.grade}: the label is ignored, as if it were not there.`, part),
      );
    } else if (label.grade <= 0 && conv.relevanceThreshold !== 'listed') {
      const message =
        label.grade === 0
          ? `"${label.id}" has grade 0: judged non-relevant, never a hit and no gain (it counts only as judged: bpref, infAP, Judged@k).`
          : conv.negativeGains === 'signed'
            ? `"${label.id}" has a negative grade (${label.grade}): never a hit, and DCG and nDCG count its gain as negative, in the ranking and at the end of the ideal (negativeGains=signed: scikit-learn's dcg_score; its ndcg_score warns and, from 1.4, refuses negative grades).`
            : `"${label.id}" has a negative grade (${label.grade}): never a hit and no gain; bpref, infAP and Judged@k take it as unjudged (trec_eval's reading: in the pool but not judged; scikit-learn refuses negative grades).`;
      out.push({ ...finding('non-positive-grade', message, part), severity: label.grade < 0 ? 'warning' : 'info' });
    }
  });
}

function predictionFindings(input: CaseInput, rc: RankedCase, conv: Convention, out: Finding[]): void {
  if (rc.duplicates > 0) duplicateFindings(input, conv, out);
  if (rc.unusualScores > 0) scoreFindings(input, conv, out);
  if (rc.keys) tieFindings(input, rc, rc.keys, conv, out);
}

function scoreFindings(input: CaseInput, conv: Convention, out: Finding[]): void {
  input.predictions.forEach((p, index) => {
    if (p.score === undefined) return;
    const part: FindingPart = { kind: 'prediction', index };
    if (!Number.isFinite(p.score)) {
      const effect = Number.isNaN(p.score) ? 'it is ranked last' : p.score > 0 ? 'it is ranked first' : 'it is ranked last';
      out.push(finding('non-finite-score', `The score of "${p.id}" is ${p.score}: ${effect}.`, part));
    } else if (p.score === 0 && conv.zeroScores === 'drop') {
      out.push(
        finding(
          'non-positive-score',
          `The score of "${p.id}" is 0: it is not recommended and is dropped before ranking (zeroScores=drop, RecPack).`,
          part,
        ),
      );
    } else if (p.score <= 0) {
      out.push(
        finding(
          'non-positive-score',
          `The score of "${p.id}" is ${p.score}; ranking only compares scores, so this changes nothing unless a pipeline drops scores ≤ 0.`,
          part,
        ),
      );
    }
  });
}

function duplicateFindings(input: CaseInput, conv: Convention, out: Finding[]): void {
  const effect = {
    error: 'duplicates=error refuses the case, so its metrics are NaN and left out (trec_eval stops with an error)',
    first: 'only the first occurrence is ranked (duplicates=first)',
    count: 'every occurrence counts as a hit, so recall can exceed 1 (duplicates=count)',
    'no-credit': 'the repeat keeps its rank but gains nothing and is not a hit (duplicates=no-credit, Haystack)',
  }[conv.duplicates];
  const first = new Map<string, number>();
  input.predictions.forEach((p, index) => {
    const seen = first.get(p.id);
    if (seen === undefined) {
      first.set(p.id, index);
      return;
    }
    out.push({
      ...finding(
        'duplicate-prediction',
        `"${p.id}" is predicted again (first at position ${seen + 1}): ${effect}.`,
        { kind: 'prediction', index },
        [{ part: { kind: 'prediction', index: seen }, message: 'first prediction of this item' }],
      ),
      severity: conv.duplicates === 'error' ? 'error' : 'warning',
    });
  });
}

const TIE_RULE: Readonly<Record<Convention['ties'], string>> = {
  input: 'they keep the order written (ties=input)',
  'id-desc': 'they are ordered by id descending as text (ties=id-desc, trec_eval)',
  'id-asc': 'they are ordered by id ascending (ties=id-asc)',
  average: 'DCG and nDCG average their gains; other metrics keep the order written (ties=average, scikit-learn)',
  pessimistic: 'relevant items go after the others they tie with (ties=pessimistic)',
  optimistic: 'relevant items go before the others they tie with (ties=optimistic, TensorFlow Recommenders)',
  'pessimistic-each': 'each is credited at the last rank of the group (ties=pessimistic-each, LightFM, Cornac)',
};

// Ranked order puts equal scores side by side, so tied groups are adjacent runs of rc.order.
function tieFindings(input: CaseInput, rc: RankedCase, keys: Float64Array, conv: Convention, out: Finding[]): void {
  let grade: Map<string, number> | undefined;
  const order = rc.order;
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && keys[order[end]] === keys[order[start]]) end++;
    if (end - start > 1 && Number.isFinite(keys[order[start]])) {
      if (!grade) {
        grade = new Map();
        for (const l of input.labels) if (!grade.has(l.id)) grade.set(l.id, l.grade);
      }
      const members = Array.from(order.subarray(start, end)).sort((a, b) => a - b);
      const grades = new Set(members.map((i) => grade!.get(input.predictions[i].id) ?? 0));
      if (grades.size > 1) out.push(tieFinding(input, members, keys[order[start]], conv));
    }
    start = end;
  }
}

function tieFinding(input: CaseInput, members: number[], score: number, conv: Convention): Finding {
  const ids = members.map((i) => input.predictions[i].id);
  const shown =
    [...ids]
      .sort(compareText)
      .slice(0, 5)
      .map((id) => `"${id}"`)
      .join(', ') + (ids.length > 5 ? ', …' : '');
  return finding(
    'score-ties',
    `${members.length} items share the score ${score} but differ in grade (${shown}): ${TIE_RULE[conv.ties]}; another tie rule gives other values.`,
    { kind: 'prediction', index: members[0] },
    members.slice(1).map((i) => ({ part: { kind: 'prediction', index: i } as FindingPart, message: `also scored ${score}` })),
  );
}
