/**
 * Turns a composed YAML document into the located tree. Aliases are expanded here, under a budget:
 * every use of *anchor copies the anchored nodes (with the alias's span, so findings land where the
 * case uses them), and a file may not copy more than maxAliasNodes in all (alias bombs).
 */
import { Alias, Node, Pair, isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import { parseFinding } from './fixtureFindings';
import { FixtureLimits } from './fixtureLimits';
import { LocatedFinding, Span } from './fixtureModel';
import { MapEntry, ScalarNode, TreeNode } from './locatedTree';

/** What aliases have copied so far in a file: the cap holds for the whole file, not per document. */
export interface AliasBudget {
  copied: number;
  /** Aliases dropped for the cap; only the first is reported. */
  refused: number;
  /** The too-many-aliases finding, which counts the aliases dropped after it. */
  reported?: LocatedFinding;
}

interface Context {
  text: string;
  limits: FixtureLimits;
  problems: LocatedFinding[];
  budget: AliasBudget;
  /** Anchored nodes seen so far, in document order, with the number of tree nodes each builds. */
  anchors: Map<string, Anchored>;
  /**
   * What each alias resolved to where it is written. A copy re-reads the aliases inside it and must
   * reach the same anchor (a later &name does not count) and the same budget decision.
   */
  resolved: Map<Alias, Anchored | 'dropped'>;
  /** Tree nodes built so far, copies included. */
  built: number;
}

type YamlItem = Node | Pair | null | undefined;

interface Anchored {
  node: Node;
  size: number;
}

/** The located tree of a YAML document's contents; budget is shared by the documents of one file. */
export function yamlTree(contents: Node, text: string, limits: FixtureLimits, problems: LocatedFinding[], budget: AliasBudget): TreeNode {
  const ctx: Context = { text, limits, problems, budget, anchors: new Map(), resolved: new Map(), built: 0 };
  return convert(contents, ctx, 1, undefined, { start: 0, end: 0 });
}

/** Adds to the too-many-aliases finding how many more aliases were dropped after it. */
export function countDroppedAliases(budget: AliasBudget): void {
  if (!budget.reported || budget.refused < 2) return;
  const more = budget.refused - 1;
  budget.reported.message += ` ${more} more alias${more > 1 ? 'es were' : ' was'} dropped in this file.`;
}

/**
 * depth: how many collections hold the node, itself included. copyAt: the alias being expanded;
 * every node of a copy takes its span. nullAt: where an absent node (key: with no value) sits.
 */
function convert(node: YamlItem, ctx: Context, depth: number, copyAt: Span | undefined, nullAt: Span): TreeNode {
  if (node === null || node === undefined) return { kind: 'scalar', value: null, text: '', span: copyAt ?? nullAt };
  const span = copyAt ?? nodeSpan(node, ctx.text);
  const collection = isMap(node) || isSeq(node) || isPair(node);
  if (collection && depth > ctx.limits.maxDepth) {
    ctx.problems.push(parseFinding('too-deep', span, `Aliases nest lists and mappings deeper than ${ctx.limits.maxDepth} levels here, so this value is dropped.`));
    return { kind: 'invalid', span };
  }
  if (isAlias(node)) return alias(node, ctx, depth, span);
  const before = ctx.built++;
  const tree = build(node, ctx, depth, copyAt, span);
  // Registered after its contents, so an alias inside its own anchor (&a [*a]) finds nothing.
  if (!isPair(node) && node.anchor && !copyAt) ctx.anchors.set(node.anchor, { node: node as Node, size: ctx.built - before });
  return tree;
}

function build(node: Node | Pair, ctx: Context, depth: number, copyAt: Span | undefined, span: Span): TreeNode {
  if (isScalar(node)) return scalar(node.value, node.range, ctx.text, span);
  if (isMap(node)) return { kind: 'map', span, entries: node.items.flatMap((p) => entry(p, ctx, depth, copyAt) ?? []) };
  if (isSeq(node)) return { kind: 'seq', span, items: node.items.map((i) => convert(i as YamlItem, ctx, depth + 1, copyAt, span)) };
  // A single pair in a flow list ([a: 1]) is a one-entry mapping.
  if (isPair(node)) return { kind: 'map', span, entries: [entry(node, ctx, depth, copyAt)].flatMap((e) => e ?? []) };
  return { kind: 'invalid', span };
}

function entry(pair: Pair, ctx: Context, depth: number, copyAt: Span | undefined): MapEntry | undefined {
  const valueStart = (pair.value as Node | null)?.range?.[0] ?? 0;
  const key = convert(pair.key as YamlItem, ctx, depth + 1, copyAt, { start: valueStart, end: valueStart });
  const keyEnd = { start: key.span.end, end: key.span.end };
  const value = convert(pair.value as YamlItem, ctx, depth + 1, copyAt, keyEnd);
  if (key.kind !== 'scalar') {
    if (key.kind !== 'invalid') ctx.problems.push(parseFinding('wrong-type', key.span, 'A key is a string or a number, not a list or mapping; this entry is ignored.'));
    return undefined;
  }
  return { key, value, span: copyAt ?? { start: key.span.start, end: Math.max(key.span.end, value.span.end) } };
}

function alias(node: Alias, ctx: Context, depth: number, span: Span): TreeNode {
  const target = ctx.resolved.get(node) ?? resolve(node, ctx, span);
  ctx.resolved.set(node, target);
  if (target === 'dropped') return { kind: 'invalid', span };
  return convert(target.node, ctx, depth, span, span);
}

// Where the alias is written (never inside a copy): its anchor so far, within the budget. The
// anchor's size already counts the aliases inside it, so only these first resolutions are charged.
function resolve(node: Alias, ctx: Context, span: Span): Anchored | 'dropped' {
  const target = ctx.anchors.get(node.source);
  if (!target) {
    ctx.problems.push(parseFinding('syntax-error', span, `YAML syntax: unknown alias *${node.source}; an alias must come after its anchor &${node.source}.`));
    return 'dropped';
  }
  const budget = ctx.budget;
  if (budget.copied + target.size > ctx.limits.maxAliasNodes) {
    if (budget.refused++ === 0) {
      budget.reported = parseFinding('too-many-aliases', span,
        `Aliases would copy more than ${ctx.limits.maxAliasNodes.toLocaleString('en-US')} nodes into this file (an alias bomb?), so *${node.source} is dropped here.`);
      ctx.problems.push(budget.reported);
    }
    return 'dropped';
  }
  budget.copied += target.size;
  return target;
}

function scalar(value: unknown, range: readonly number[] | null | undefined, text: string, span: Span): ScalarNode {
  const raw = range ? text.slice(range[0], range[1]) : '';
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return { kind: 'scalar', value, text: raw, span };
  }
  if (typeof value === 'bigint') return { kind: 'scalar', value: Number(value), text: raw, span };
  // YAML 1.1 timestamps, binary and other typed scalars read as the text they were written as.
  return { kind: 'scalar', value: raw, text: raw, span };
}

/** A node's span, without the trailing newlines and spaces `yaml` counts into block collections. */
function nodeSpan(node: Node | Pair, text: string): Span {
  if (isPair(node)) {
    const key = node.key as Node | null;
    const value = node.value as Node | null;
    const start = key?.range?.[0] ?? value?.range?.[0] ?? 0;
    const end = value ? nodeSpan(value, text).end : key ? nodeSpan(key, text).end : start;
    return { start, end: Math.max(start, end) };
  }
  const range = node.range;
  if (!range) return { start: 0, end: 0 };
  let end = range[1];
  while (end > range[0] && isSpace(text.charCodeAt(end - 1))) end--;
  return { start: range[0], end };
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}
