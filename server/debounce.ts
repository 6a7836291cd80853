/** Per-document debounce: only the last call in a burst of edits runs; 0 ms runs at once (tests). */
export class Debouncer {
  private timers = new Map<string, NodeJS.Timeout>();

  constructor(private delayMs: number) {}

  schedule(key: string, run: () => void): void {
    this.cancel(key);
    if (this.delayMs <= 0) { run(); return; }
    this.timers.set(key, setTimeout(() => { this.timers.delete(key); run(); }, this.delayMs));
  }

  cancel(key: string): void {
    const t = this.timers.get(key);
    if (t) { clearTimeout(t); this.timers.delete(key); }
  }
}
