/** A located tree with its column-stored collections (flow lists and mappings of scalars) made into nodes, for deepEqual. */
import { TreeNode } from '../../shared/fixture/tree/locatedTree';

export function plainTree<T extends TreeNode | undefined>(node: T): T;
export function plainTree(node: TreeNode | undefined): TreeNode | undefined {
  if (!node) return node;
  switch (node.kind) {
    case 'seq':
      return { kind: 'seq', items: node.items.map((n) => plainTree(n)), span: node.span };
    case 'map':
      return { kind: 'map', entries: node.entries.map((e) => ({ key: e.key, value: plainTree(e.value), span: e.span })), span: node.span };
    default:
      return node;
  }
}
