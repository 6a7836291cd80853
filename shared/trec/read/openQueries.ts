/**
 * The queries a streaming run reader has open: a block of lines for each query whose lines may
 * still come. Parallel writers leave a few queries' lines interleaved, so a query is not over when
 * another starts; it is taken to be over once `size` other queries have been read since its last
 * line. Its block is then handed over (the query read least recently first), with where its lines
 * lie in the file; a line of it after that means the run is not grouped (see RunReader).
 */
import { BlockColumns, RunBlock } from '../store/runBlock';

/** Where a query's lines lie: from the start of its first line to the end of its last (or a little past), and its first line's number. */
export interface QuerySpan {
  start: number;
  end: number;
  line: number;
}

export class OpenQueries {
  private blocks: BlockColumns[] = [];
  private queryIn: number[] = []; // per slot: its query, −1 when free
  private lastUse: number[] = [];
  private spans: QuerySpan[] = [];
  private slotOf = new Int32Array(64).fill(-1); // per query number: its slot, −1 when not open
  private tick = 0;

  /** @param onClose receives each block handed over (reused afterwards), its query's number and span. */
  constructor(
    private size: number,
    private onClose: (block: RunBlock, query: number, span: QuerySpan) => void,
  ) {}

  /** The block of `query` (a number) if it is open, as the one being read now; else undefined. */
  find(query: number): BlockColumns | undefined {
    const slot = query < this.slotOf.length ? this.slotOf[query] : -1;
    if (slot < 0) return undefined;
    this.lastUse[slot] = ++this.tick;
    return this.blocks[slot];
  }

  /**
   * A block for `query` (qid its id), whose first line, number `line`, starts at byte `at`: the query
   * read least recently is handed over if all are taken.
   */
  open(query: number, qid: string, at: number, line: number): BlockColumns {
    if (query >= this.slotOf.length) this.grow(query);
    const slot = this.blocks.length < this.size ? this.blocks.push(new BlockColumns()) - 1 : this.leastRecent();
    if (this.queryIn[slot] >= 0) this.close(slot);
    this.queryIn[slot] = query;
    this.slotOf[query] = slot;
    this.spans[slot] = { start: at, end: at, line };
    this.lastUse[slot] = ++this.tick;
    this.blocks[slot].reset(qid);
    return this.blocks[slot];
  }

  /** The reader moved on from `query` at byte `at`: its lines so far end there. */
  leave(query: number, at: number): void {
    const slot = query < this.slotOf.length ? this.slotOf[query] : -1;
    if (slot >= 0) this.spans[slot].end = at;
  }

  /** Hands over every open block, in the order their queries were last read; `at`: where the current query's lines end. */
  closeAll(current: number, at: number): void {
    this.leave(current, at);
    const open = [...this.blocks.keys()].filter((s) => this.queryIn[s] >= 0).sort((a, b) => this.lastUse[a] - this.lastUse[b]);
    for (const slot of open) this.close(slot);
  }

  private close(slot: number): void {
    const query = this.queryIn[slot];
    this.queryIn[slot] = -1;
    this.slotOf[query] = -1;
    this.onClose(this.blocks[slot], query, this.spans[slot]);
  }

  private leastRecent(): number {
    let best = 0;
    for (let s = 1; s < this.lastUse.length; s++) if (this.lastUse[s] < this.lastUse[best]) best = s;
    return best;
  }

  private grow(query: number): void {
    const more = new Int32Array(2 * query + 2).fill(-1);
    more.set(this.slotOf);
    this.slotOf = more;
  }
}
