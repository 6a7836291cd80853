/**
 * The qrels ranklens.config.json pairs with run files (its `qrels` rules), for `ranklens diff` given
 * only runs: used when every file given is a run that the nearest configuration pairs with one and
 * the same qrels file, and none of them is that file.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { configuredQrels, findProjectConfig } from '../shared/evaluation';

/** The configured qrels path (as the config resolves it) when every path is a run it pairs with the same qrels; undefined otherwise. */
export function qrelsForRuns(paths: readonly string[]): string | undefined {
  let shared: string | undefined;
  for (const path of paths) {
    const absolute = resolve(path).replace(/\\/g, '/');
    const found = findProjectConfig(absolute, (p) => {
      try {
        return readFileSync(p, 'utf8');
      } catch {
        return undefined;
      }
    });
    const qrels = found && configuredQrels(found, absolute);
    if (!qrels || qrels === absolute || (shared !== undefined && qrels !== shared)) return undefined;
    shared = qrels;
  }
  return shared;
}
