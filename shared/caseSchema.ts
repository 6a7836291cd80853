/**
 * Reads cases from the located tree: a list of cases with ids or a mapping id → case; in each,
 * labels (list or id → grade), predictions (ranked list or id → score) and expect (metric → value).
 */
import { CaseNode, ExpectNode, ItemIdValue, LabelNode, Located, LocatedFinding, PredictionNode, Span } from './fixtureModel';
import { parseFinding } from './fixtureFindings';
import { MapEntry, MapNode, TreeNode, headSpan, keyText } from './locatedTree';
import { duplicateKey, isNull, isNumber, isString, located, readId, readKeys, wrongType } from './treeReader';

const LISTED_CASE_KEYS = ['id', 'labels', 'predictions', 'expect', 'description'];
const MAPPED_CASE_KEYS = ['labels', 'predictions', 'expect', 'description'];

/** The cases of a fixture's "cases" value. */
export function readCases(node: TreeNode, problems: LocatedFinding[]): CaseNode[] {
  if (isNull(node)) return [];
  if (node.kind === 'seq') return node.items.flatMap((item, i) => listedCase(item, i, problems) ?? []);
  if (node.kind === 'map') return node.entries.flatMap((entry) => mappedCase(entry, problems) ?? []);
  wrongType(node, '"cases" takes a list of cases with ids or a mapping id → case', 'no case is read', problems);
  return [];
}

function listedCase(item: TreeNode, index: number, problems: LocatedFinding[]): CaseNode | undefined {
  if (item.kind !== 'map') {
    wrongType(item, 'A case is a mapping with id, labels, predictions and expect', 'it is skipped', problems);
    return undefined;
  }
  const keys = readKeys(item, LISTED_CASE_KEYS, 'a case', problems);
  const idEntry = keys.get('id');
  const written = idEntry ? readId(idEntry.value, 'case', 'the case is numbered instead', problems) : undefined;
  let id: Located<string>;
  if (written) id = { value: String(written.value), span: written.span };
  else {
    id = { value: `#${index + 1}`, span: headSpan(item) };
    if (!idEntry) problems.push(parseFinding('missing-key', id.span, `This case has no "id"; it is called "#${index + 1}" (its place in the list).`));
  }
  return caseBody(id, item.span, keys, problems);
}

function mappedCase(entry: MapEntry, problems: LocatedFinding[]): CaseNode | undefined {
  const written = readId(entry.key, 'case', 'the case is skipped', problems);
  if (!written) return undefined;
  const id = { value: String(written.value), span: written.span };
  if (isNull(entry.value)) return caseBody(id, entry.span, new Map(), problems);
  if (entry.value.kind !== 'map') {
    wrongType(entry.value, 'A case is a mapping with labels, predictions and expect', 'it is skipped', problems);
    return undefined;
  }
  const keys = readKeys(entry.value, MAPPED_CASE_KEYS, `case "${id.value}"`, problems);
  return caseBody(id, entry.span, keys, problems);
}

function caseBody(id: Located<string>, span: Span, keys: Map<string, MapEntry>, problems: LocatedFinding[]): CaseNode {
  const labels = readLabels(keys.get('labels')?.value, true, problems);
  const predictions = readPredictions(keys.get('predictions')?.value, true, problems);
  const expect = readExpect(keys.get('expect')?.value, problems);
  const description = keys.get('description')?.value;
  if (description && !isNull(description) && !isString(description)) {
    wrongType(description, '"description" is text', 'it is ignored', problems);
  }
  return {
    id, span,
    labels: labels.items, labelsSpan: labels.span, labelsForm: labels.form,
    predictions: predictions.items, predictionsSpan: predictions.span, predictionsForm: predictions.form,
    expect: expect.items, expectSpan: expect.span,
  };
}

interface Read<T> {
  items: T[];
  span: Span | null;
  form: 'list' | 'map' | null;
}

const NONE = { items: [], span: null, form: null };

/** How labels and predictions differ: the number an item carries, and what a bad entry costs. */
interface ItemsKind {
  name: 'labels' | 'predictions';
  listShape: string;
  mapShape: string;
  number: 'grade' | 'score';
  badId: string;
  badNumber: (id: string) => string;
}

const LABELS: ItemsKind = {
  name: 'labels', number: 'grade',
  listShape: '"labels" takes a list of relevant ids or a mapping id → grade', mapShape: 'A query\'s qrels is a mapping id → grade',
  badId: 'this label is ignored', badNumber: (id) => `the label "${id}" is ignored`,
};
const PREDICTIONS: ItemsKind = {
  name: 'predictions', number: 'score',
  listShape: '"predictions" takes a ranked list of ids or a mapping id → score', mapShape: 'A query\'s run is a mapping id → score',
  badId: 'this prediction is left out of the ranking', badNumber: (id) => `"${id}" is left out of the ranking`,
};

/** Labels: a list of relevant ids (grade 1) or a mapping id → grade; listForm false allows only the mapping (qrels). */
export function readLabels(node: TreeNode | undefined, listForm: boolean, problems: LocatedFinding[]): Read<LabelNode> {
  return readItems(node, listForm, LABELS, problems, (id, grade, span) => ({ id, grade, span }));
}

/** Predictions: a ranked list of ids or a mapping id → score (ranked by score); listForm false allows only the mapping (run). */
export function readPredictions(node: TreeNode | undefined, listForm: boolean, problems: LocatedFinding[]): Read<PredictionNode> {
  return readItems(node, listForm, PREDICTIONS, problems, (id, score, span) => ({ id, score, span }));
}

type Make<T> = (id: Located<ItemIdValue>, value: Located<number> | null, span: Span) => T;

function readItems<T>(node: TreeNode | undefined, listForm: boolean, kind: ItemsKind, problems: LocatedFinding[], make: Make<T>): Read<T> {
  if (node === undefined || isNull(node)) return NONE;
  if (node.kind === 'seq' && listForm) {
    const items = node.items.flatMap((item) => {
      const id = readId(item, 'item', kind.badId, problems);
      return id ? [make(id, null, item.span)] : [];
    });
    return { items, span: node.span, form: 'list' };
  }
  if (node.kind === 'map') {
    const items = node.entries.flatMap((e) => {
      const id = readId(e.key, 'item', kind.badId, problems);
      if (!id) return [];
      if (isNumber(e.value)) return [make(id, located(e.value), e.span)];
      wrongType(e.value, `A ${kind.number} is a number`, kind.badNumber(String(id.value)), problems);
      return [];
    });
    return { items, span: node.span, form: 'map' };
  }
  wrongType(node, listForm ? kind.listShape : kind.mapShape, `the case has no ${kind.name}`, problems);
  return NONE;
}

function readExpect(node: TreeNode | undefined, problems: LocatedFinding[]): Read<ExpectNode> {
  if (node === undefined || isNull(node)) return NONE;
  if (node.kind !== 'map') {
    wrongType(node, '"expect" takes a mapping metric → expected value', 'nothing is checked', problems);
    return NONE;
  }
  return { items: expectEntries(node, problems), span: node.span, form: 'map' };
}

function expectEntries(node: MapNode, problems: LocatedFinding[]): ExpectNode[] {
  const out: ExpectNode[] = [];
  const first = new Map<string, MapEntry>();
  for (const e of node.entries) {
    const metric = { value: keyText(e), span: e.key.span };
    const earlier = first.get(metric.value);
    if (earlier) {
      problems.push(duplicateKey(e, earlier, '"expect"'));
      continue;
    }
    first.set(metric.value, e);
    const v = e.value;
    // null, or YAML's .nan, means NaN: JSON cannot write NaN.
    if (v.kind === 'scalar' && (v.value === null || Number.isNaN(v.value))) {
      out.push({ metric, value: { value: null, span: v.span }, text: v.text || 'null', span: e.span });
    } else if (isNumber(v)) {
      out.push({ metric, value: located(v), text: v.text, span: e.span });
    } else {
      wrongType(v, 'An expected value is a number, or null for NaN', `${metric.value} is not checked`, problems);
    }
  }
  return out;
}
