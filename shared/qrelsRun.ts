/**
 * The qrels/run shape of ranx and pytrec_eval: {"qrels": {q: {doc: grade}}, "run": {q: {doc: score}}}.
 * Each qrels query becomes a case, as trec_eval reads it: a query only in the run is ignored, a query
 * only in the qrels is evaluated with no predictions.
 */
import { readLabels, readPredictions } from './caseSchema';
import { parseFinding } from './fixtureFindings';
import { CaseNode, LocatedFinding, Span } from './fixtureModel';
import { MapEntry, MapNode, TreeNode, headSpan, keyText } from './locatedTree';
import { duplicateKey, isNull, readId, wrongType } from './treeReader';

/** The cases of a qrels/run fixture; root is the fixture mapping (for findings about a missing half). */
export function readQrelsRun(qrels: MapEntry | undefined, run: MapEntry | undefined, root: MapNode, problems: LocatedFinding[]): { cases: CaseNode[]; span: Span | null } {
  if (!qrels) problems.push(parseFinding('missing-key', headSpan(root), 'No "qrels": without judgments there is no case, and every query in "run" is ignored.'));
  if (!run) problems.push(parseFinding('missing-key', headSpan(root), 'No "run": every query in "qrels" is evaluated with no predictions.'));
  const queries = qrels ? queryMap(qrels.value, '"qrels" takes a mapping query → {doc: grade}', problems) : [];
  const runs = run ? runByQuery(run.value, problems) : new Map<string, MapEntry>();

  const judged = new Set(queries.map(keyText));
  for (const [query, entry] of runs) {
    if (!judged.has(query)) {
      problems.push(parseFinding('query-not-in-qrels', entry.key.span, `Query "${query}" has no qrels, so it is ignored, as trec_eval does.`));
    }
  }
  const cases = queries.flatMap((entry) => queryCase(entry, runs.get(keyText(entry)), problems) ?? []);
  return { cases, span: qrels && !isNull(qrels.value) ? qrels.value.span : null };
}

function queryMap(node: TreeNode, expected: string, problems: LocatedFinding[]): MapEntry[] {
  if (node.kind === 'map') return node.entries;
  if (!isNull(node)) wrongType(node, expected, 'it is ignored', problems);
  return [];
}

function runByQuery(node: TreeNode, problems: LocatedFinding[]): Map<string, MapEntry> {
  const byQuery = new Map<string, MapEntry>();
  for (const entry of queryMap(node, '"run" takes a mapping query → {doc: score}', problems)) {
    const first = byQuery.get(keyText(entry));
    if (first) problems.push(duplicateKey(entry, first, '"run"'));
    else byQuery.set(keyText(entry), entry);
  }
  return byQuery;
}

function queryCase(entry: MapEntry, run: MapEntry | undefined, problems: LocatedFinding[]): CaseNode | undefined {
  const written = readId(entry.key, 'case', 'the query is skipped', problems);
  if (!written) return undefined;
  const labels = readLabels(entry.value, false, problems);
  const predictions = readPredictions(run?.value, false, problems);
  return {
    id: { value: String(written.value), span: written.span }, span: entry.span,
    labels: labels.items, labelsSpan: labels.span, labelsForm: labels.form,
    predictions: predictions.items, predictionsSpan: predictions.span, predictionsForm: predictions.form,
    expect: [], expectSpan: null,
  };
}
