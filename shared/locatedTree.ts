/**
 * The generic located tree both parsers produce before validation: JSON and YAML reduced to
 * mappings, lists and scalars, each with its span. One validator (fixtureSchema.ts) reads it, so
 * JSON and YAML share every structural check.
 */
import { Span } from './fixtureModel';

export type TreeNode = ScalarNode | MapNode | SeqNode | InvalidNode;

export interface ScalarNode {
  kind: 'scalar';
  value: string | number | boolean | null;
  /** The scalar as written in the source ("0.50", "06", ".nan", "\"a\""). */
  text: string;
  span: Span;
}

export interface MapEntry {
  key: ScalarNode;
  value: TreeNode;
  /** From the key through the value. */
  span: Span;
}

export interface MapNode {
  kind: 'map';
  entries: MapEntry[];
  span: Span;
}

export interface SeqNode {
  kind: 'seq';
  items: TreeNode[];
  span: Span;
}

/** A value the parser could not read and has already reported (syntax error, too deep, alias cap). */
export interface InvalidNode {
  kind: 'invalid';
  span: Span;
}

/** How a value reads in a message: "a list", "the string \"x\"", "the number 5", "null". */
export function describeNode(node: TreeNode): string {
  switch (node.kind) {
    case 'map': return 'a mapping';
    case 'seq': return 'a list';
    case 'invalid': return 'an unreadable value';
    case 'scalar': {
      const v = node.value;
      if (v === null) return 'null';
      if (typeof v === 'string') return `the string ${JSON.stringify(clip(v))}`;
      if (typeof v === 'number') return `the number ${node.text}`;
      return String(v);
    }
  }
}

/** A short span at the start of a node, for findings about the node as a whole (a missing key). */
export function headSpan(node: TreeNode): Span {
  if (node.kind === 'map' && node.entries.length > 0) return node.entries[0].key.span;
  if (node.kind === 'seq' && node.items.length > 0) return { start: node.span.start, end: node.items[0].span.start };
  return { start: node.span.start, end: Math.min(node.span.end, node.span.start + 1) };
}

/** The key of an entry as text: mapping keys may be numbers (YAML) or, in odd YAML, booleans and null. */
export function keyText(entry: MapEntry): string {
  return String(entry.key.value);
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}
