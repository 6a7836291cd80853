/**
 * Small readers over the located tree that turn structural problems into findings: unknown and
 * repeated keys, wrong types, ids. The schema files compose them; nothing here knows a fixture field.
 */
import { parseFinding } from './fixtureFindings';
import { ItemIdValue, Located, LocatedFinding } from './fixtureModel';
import { MapEntry, MapNode, ScalarNode, TreeNode, describeNode, keyText } from './locatedTree';
import { closest } from './metricNames';

/** Keys that start with x- carry the user's own notes and are never flagged. */
export function isExtensionKey(key: string): boolean {
  return key.startsWith('x-');
}

/**
 * The known keys of a mapping (first occurrence of each). Unknown keys get a did-you-mean, repeated
 * keys point at the first one; both are ignored. A Map, never a plain object: keys are user text.
 */
export function readKeys(map: MapNode, allowed: readonly string[], where: string, problems: LocatedFinding[]): Map<string, MapEntry> {
  const known = new Map<string, MapEntry>();
  for (const entry of map.entries) {
    const key = keyText(entry);
    if (isExtensionKey(key)) continue;
    if (!allowed.includes(key)) {
      problems.push(unknownKey(entry, allowed, where));
      continue;
    }
    const first = known.get(key);
    if (first) problems.push(duplicateKey(entry, first, where));
    else known.set(key, entry);
  }
  return known;
}

function unknownKey(entry: MapEntry, allowed: readonly string[], where: string): LocatedFinding {
  const key = keyText(entry);
  const suggestion = closest(key, allowed, key.length <= 3 ? 1 : 2);
  const hint = suggestion ? ` Did you mean "${suggestion}"?` : ` Keys here: ${allowed.join(', ')} (and x-… for notes).`;
  return parseFinding('unknown-key', entry.key.span, `Unknown key "${key}" in ${where}; it is ignored.${hint}`,
    suggestion ? { data: { replacement: suggestion } } : {});
}

/** The finding for a key that repeats an earlier one in the same mapping. */
export function duplicateKey(entry: MapEntry, first: MapEntry, where: string): LocatedFinding {
  return parseFinding('duplicate-key', entry.key.span, `"${keyText(entry)}" appears twice in ${where}; the first one is used and this one is ignored.`,
    { related: [{ span: first.key.span, message: 'first occurrence' }] });
}

/** Reports a value of the wrong type; an unreadable value was reported by the parser already. */
export function wrongType(node: TreeNode, expected: string, effect: string, problems: LocatedFinding[]): void {
  if (node.kind === 'invalid') return;
  problems.push(parseFinding('wrong-type', node.span, `${expected}, not ${describeNode(node)}; ${effect}.`));
}

/** Whether a value is absent in all but name: JSON null, or a YAML key with nothing after it. */
export function isNull(node: TreeNode | undefined): boolean {
  return node === undefined || (node.kind === 'scalar' && node.value === null);
}

export function isString(node: TreeNode): node is ScalarNode & { value: string } {
  return node.kind === 'scalar' && typeof node.value === 'string';
}

export function isNumber(node: TreeNode): node is ScalarNode & { value: number } {
  return node.kind === 'scalar' && typeof node.value === 'number';
}

/** A string value with its span. */
export function located<T>(node: ScalarNode & { value: T }): Located<T> {
  return { value: node.value, span: node.span };
}

/**
 * An item or case id: a string or a number as written. A number whose text reads differently
 * (06, 1.0, 1e3, 12345678901234567890) is kept as the number and flagged, since that changes the id.
 */
export function readId(node: TreeNode, what: 'item' | 'case', effect: string, problems: LocatedFinding[]): Located<ItemIdValue> | undefined {
  if (isString(node)) return located(node);
  if (isNumber(node)) {
    const reads = String(node.value);
    if (reads !== node.text) {
      problems.push(parseFinding('id-not-as-written', node.span,
        `${node.text} is read as the number ${reads}, so this ${what} is "${reads}". Quote it ("${node.text}") to keep it as written.`,
        { data: { replacement: JSON.stringify(node.text) } }));
    }
    return located(node);
  }
  wrongType(node, `An ${what} id is a string or a number`, effect, problems);
  return undefined;
}
