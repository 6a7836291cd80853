/**
 * When to evaluate a document after an edit. A fixed wait (it was 150 ms) delays every edit, though
 * evaluating even 10,000 cases takes some 25 ms. So the wait follows what an evaluation of the document
 * costs: an edit after a quiet spell is evaluated at once (on the next turn of the event loop, once the
 * messages already received are applied), and edits that come faster than evaluations finish wait
 * until the typing pauses for as long as an evaluation takes. Either way only the last edit of a burst
 * runs: evaluations never queue up behind one another, and each evaluates the document as it is then.
 */

/** Never wait longer than the old fixed debounce. */
const MAX_WAIT_MS = 150;
/** What a first evaluation is assumed to cost, before one was measured. */
const FIRST_COST_MS = 10;

interface State {
  timer?: ReturnType<typeof setTimeout>;
  /** Smoothed cost of an evaluation, in ms. */
  cost: number;
  /** When the last evaluation ended (performance.now()). */
  ended: number;
}

export class Debouncer {
  private states = new Map<string, State>();

  /** fixedMs: a fixed wait instead (0 runs at once: tests that need every version evaluated). */
  constructor(private fixedMs?: number) {}

  schedule(key: string, run: () => void): void {
    if (this.fixedMs !== undefined && this.fixedMs <= 0) {
      this.cancel(key);
      run();
      return;
    }
    const state = this.states.get(key) ?? { cost: FIRST_COST_MS, ended: -Infinity };
    this.states.set(key, state);
    const inBurst = state.timer !== undefined || performance.now() - state.ended < state.cost;
    if (state.timer !== undefined) clearTimeout(state.timer);
    state.timer = setTimeout(
      () => {
        state.timer = undefined;
        const start = performance.now();
        run();
        state.ended = performance.now();
        state.cost = 0.5 * state.cost + 0.5 * (state.ended - start);
      },
      this.waitMs(state, inBurst),
    );
  }

  /** 0 after a quiet spell; during a burst, about one evaluation's cost. */
  private waitMs(state: State, inBurst: boolean): number {
    if (this.fixedMs !== undefined) return this.fixedMs;
    return inBurst ? Math.min(MAX_WAIT_MS, Math.max(1, state.cost)) : 0;
  }

  cancel(key: string): void {
    const state = this.states.get(key);
    if (state?.timer !== undefined) {
      clearTimeout(state.timer);
      state.timer = undefined;
    }
  }

  /** Forgets a document (closed). */
  drop(key: string): void {
    this.cancel(key);
    this.states.delete(key);
  }
}
