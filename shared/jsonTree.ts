/**
 * Builds the located tree straight from jsonc-parser's visitor (the walk parseTree does, with its
 * error recovery), without an intermediate jsonc tree: a 16 MB fixture then costs one tree, not two.
 */
import { ParseError, visit } from 'jsonc-parser';
import { MapEntry, MapNode, ScalarNode, SeqNode, TreeNode } from './locatedTree';

interface Frame {
  node: MapNode | SeqNode;
  /** The key waiting for its value (maps only). */
  key?: ScalarNode;
  /** The entry this container is the value of, whose span ends with it. */
  entry?: MapEntry;
}

/**
 * The located tree of JSON text. source is the text the parser reads (over-deep values blanked to
 * "0"); text is the original, for scalars as written; a number starting at a dropped offset stands
 * for a dropped value.
 */
export function jsonTree(source: string, text: string, dropped: ReadonlySet<number>, errors: ParseError[]): TreeNode | undefined {
  const root: SeqNode = { kind: 'seq', items: [], span: { start: 0, end: 0 } };
  const stack: Frame[] = [{ node: root }];
  const open = (node: MapNode | SeqNode) => { stack.push({ node, entry: add(stack[stack.length - 1], node) }); };
  const close = (offset: number, length: number) => {
    const frame = stack.length > 1 ? stack.pop()! : undefined;
    if (!frame) return;
    frame.node.span.end = offset + length;
    if (frame.entry) frame.entry.span.end = offset + length;
  };
  visit(source, {
    onObjectBegin: (offset) => open({ kind: 'map', entries: [], span: { start: offset, end: offset } }),
    onArrayBegin: (offset) => open({ kind: 'seq', items: [], span: { start: offset, end: offset } }),
    onObjectEnd: close,
    onArrayEnd: close,
    onObjectProperty: (name, offset, length) => {
      stack[stack.length - 1].key = { kind: 'scalar', value: name, text: text.slice(offset, offset + length), span: { start: offset, end: offset + length } };
    },
    onLiteralValue: (value, offset, length) => { add(stack[stack.length - 1], literal(value, offset, length, text, dropped)); },
    onError: (error, offset, length) => { errors.push({ error, offset, length }); },
  }, { allowTrailingComma: true, disallowComments: false });
  return root.items[0];
}

/** Appends a value to the open container; returns the new map entry, if the container is a map. */
function add(frame: Frame, value: TreeNode): MapEntry | undefined {
  if (frame.node.kind === 'seq') {
    frame.node.items.push(value);
    return undefined;
  }
  // A value with no key only follows a syntax error, which was reported.
  if (!frame.key) return undefined;
  const entry = { key: frame.key, value, span: { start: frame.key.span.start, end: value.span.end } };
  frame.node.entries.push(entry);
  frame.key = undefined;
  return entry;
}

function literal(value: unknown, offset: number, length: number, text: string, dropped: ReadonlySet<number>): TreeNode {
  const span = { start: offset, end: offset + length };
  const raw = text.slice(span.start, span.end);
  if (typeof value === 'number') {
    if (dropped.has(offset)) return { kind: 'invalid', span };
    // From the text: numbers past the double range (1e999) read as ±Infinity, as in JavaScript.
    return { kind: 'scalar', value: Number(raw), text: raw, span };
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return { kind: 'scalar', value, text: raw, span };
  return { kind: 'invalid', span };
}
