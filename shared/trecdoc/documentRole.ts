/**
 * Which documents are TREC runs and qrels by their name and text, as the editor decides it for a file
 * not already given a TREC language: its name against the ranklens.trec.* patterns, else a `qrels`
 * rule of its project configuration, and then its text, which must read as a TREC line or as a TSV,
 * CSV, JSON-lines or JSON table of that role; a fixture or a ranklens.config.json never is. One rule, read by the VS Code client (which document it hands
 * the server) and the server (which file a rule names).
 */
import { CONFIG_FILE, FoundConfig, configuredQrelsPaths, configuredQrelsRule } from '../evaluation';
import { matchesFixturePattern } from '../fixture/files/filePatterns';
import { TrecFileRole, startsAsTrec, trecFileRole } from '../fixture/files/trecFilePatterns';
import { readsAsTable } from './tableRows';
import { COLUMN_ROLES, ColumnMap } from '../trec/read/formats/columnNames';

/**
 * Whether a path is never a run or qrels, whatever pattern or rule names it: a fixture by its name
 * (*.rank.json, *.rank.yaml, …) or a project configuration (ranklens.config.json), which a broad
 * pattern such as "*.json" would otherwise name.
 */
export function neverTrecFile(path: string): boolean {
  return matchesFixturePattern(path) || path.slice(path.replace(/\\/g, '/').lastIndexOf('/') + 1) === CONFIG_FILE;
}

/** A file's role by the `qrels` rules of its configuration: a run when a rule's glob matches it, qrels when a rule names it as its qrels. */
export function configuredTrecRole(config: FoundConfig | undefined, path: string): TrecFileRole | undefined {
  if (!config?.config.qrels) return undefined;
  if (configuredQrelsRule(config, path)) return 'run';
  return configuredQrelsPaths(config).some((q) => samePath(q, path)) ? 'qrels' : undefined;
}

/**
 * A document's role when its name is named (by the patterns, else by a `qrels` rule of `config`) and
 * its text (its first lines suffice) reads as a TREC line or a table of that role, its columns found
 * by `columns` (ranklens.trec.columns) and the usual names; undefined otherwise.
 */
export function namedTrecRole(
  path: string,
  text: string,
  patterns: { runs: readonly string[]; qrels: readonly string[] },
  config: FoundConfig | undefined,
  columns: ColumnMap = {},
): TrecFileRole | undefined {
  if (neverTrecFile(path)) return undefined;
  const role = trecFileRole(path, patterns.runs, patterns.qrels) ?? configuredTrecRole(config, path);
  return role && (startsAsTrec(text, role) || readsAsTable(text, path, role, columns)) ? role : undefined;
}

/**
 * The column map of a ranklens.trec.columns value as a client sends it: each known role (query, doc,
 * score, grade, rank, tag) given a non-empty column name, as --columns takes them; anything else is
 * left out, so a malformed setting maps nothing.
 */
export function columnMapOf(raw: unknown): ColumnMap {
  const map: ColumnMap = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return map;
  for (const role of COLUMN_ROLES) {
    const name: unknown = (raw as Record<string, unknown>)[role];
    if (typeof name === 'string' && name.trim() !== '') map[role] = name.trim();
  }
  return map;
}

/** Whether two file paths are the same ("/"-separated; a Windows drive letter in either case). */
export function samePath(a: string, b: string): boolean {
  const norm = (p: string) => p.replace(/\\/g, '/').replace(/^\/?([A-Za-z]):/, (_, d: string) => `/${d.toLowerCase()}:`);
  return norm(a) === norm(b);
}
