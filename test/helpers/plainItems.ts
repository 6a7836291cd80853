/**
 * A JSON.stringify replacer that writes each case's labels and predictions as objects, so that two
 * parses compare whatever item store their items sit in (a spliced case has a store of its own).
 */
import { ItemList, labelNodes, predictionNodes } from '../../shared/fixture/model/itemList';

function isItemList(value: unknown): value is ItemList {
  return typeof value === 'object' && value !== null && 'store' in value && 'first' in value && 'count' in value;
}

export function plainItems(key: string, value: unknown): unknown {
  if (!isItemList(value)) return value;
  return key === 'labels' ? labelNodes(value) : predictionNodes(value);
}
