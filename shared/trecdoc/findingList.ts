/**
 * The findings of a TREC document, at most FINDINGS_LISTED per code: a run in the wrong format has a
 * malformed line per line, and a million diagnostics help no one. The rest are counted in one note
 * on the last one listed, as `ranklens trec` counts them (PROBLEMS_LISTED in shared/trec/read/problems.ts).
 */
import { FindingCode } from '../core/findingCodes';
import { LocatedFinding } from '../fixture/model/model';

/** Findings of one code listed at their place, up to this many per document. */
export const FINDINGS_LISTED = 100;

/** Collects findings, keeping the first FINDINGS_LISTED of each code. */
export class FindingList {
  private kept: LocatedFinding[] = [];
  private counts = new Map<FindingCode, number>();

  push(f: LocatedFinding): void {
    const n = (this.counts.get(f.code) ?? 0) + 1;
    this.counts.set(f.code, n);
    if (n <= FINDINGS_LISTED) this.kept.push(f);
  }

  /** The findings kept, then per code cut short one note at its last listed place saying how many more there were. */
  list(): LocatedFinding[] {
    const notes: LocatedFinding[] = [];
    for (const [code, n] of this.counts) {
      if (n <= FINDINGS_LISTED) continue;
      let last = this.kept[this.kept.length - 1];
      for (const f of this.kept) if (f.code === code) last = f;
      const more = n - FINDINGS_LISTED;
      notes.push({
        code,
        severity: last.severity,
        span: last.span,
        message: `… and ${more} more ${code} finding${more === 1 ? '' : 's'} after this one, not listed.`,
      });
    }
    return [...this.kept, ...notes];
  }
}
