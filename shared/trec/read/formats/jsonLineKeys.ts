/**
 * Which key of a JSON row (a JSON line, a record of a list) holds each role, as the CLI finds it and
 * the editor too (shared/trecdoc): so no Node module here.
 */
import type { TrecFileKind } from '../problems';
import { COLUMN_NAMES, ColumnMap, ColumnRole } from './columnNames';
import type { RowValue } from './rowValues';

/** The keys of a JSON line that hold each role, found in its first object and kept while they fit. */
export class JsonLineKeys {
  private keys = new Map<ColumnRole, string | undefined>();
  /**
   * Whether a row held two keys for one role (qid and query_id): which one it is read by depends on
   * the rows before it (the key found before is kept), so a part of the file read apart from those
   * rows may read it otherwise (see ../../node/convertText.ts).
   */
  ambiguous = false;
  constructor(
    private kind: TrecFileKind,
    private map: ColumnMap,
  ) {}

  /** The key of `role` in `row`: the one found before when the row has it, else looked up. */
  key(row: Record<string, unknown>, role: ColumnRole): string | undefined {
    if (!this.ambiguous) this.ambiguous = this.candidates(row, role) > 1;
    const known = this.keys.get(role);
    if (known !== undefined && known in row) return known;
    const given = this.map[role];
    const found =
      given !== undefined && given in row
        ? given
        : (COLUMN_NAMES[role].find((n) => n in row) ?? Object.keys(row).find((k) => COLUMN_NAMES[role].includes(k.toLowerCase())));
    this.keys.set(role, found);
    return found;
  }

  // How many keys of the row may hold `role`: its given name, or one of its usual names in any case.
  private candidates(row: Record<string, unknown>, role: ColumnRole): number {
    let n = 0;
    for (const k of Object.keys(row)) if (k === this.map[role] || COLUMN_NAMES[role].includes(k.toLowerCase())) n++;
    return n;
  }

  /** The row's value for a role, undefined when it has no such key. */
  value(row: Record<string, unknown>, role: ColumnRole): RowValue | object {
    const k = this.key(row, role);
    return k === undefined ? undefined : (row[k] as RowValue | object);
  }

  /** The grade (qrels: relevance, …, else score) or the score (run). */
  measure(row: Record<string, unknown>): RowValue | object {
    if (this.kind === 'run') return this.value(row, 'score');
    const grade = this.value(row, 'grade');
    return grade !== undefined ? grade : this.value(row, 'score');
  }
}
