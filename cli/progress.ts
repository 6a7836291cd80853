/**
 * A progress bar on stderr for long runs, only when stderr is a terminal: pipes, files and CI logs
 * never see it. It appears after a short delay, so quick runs stay silent.
 */

export interface Progress {
  update(done: number, total: number): void;
  /** Erases the bar. */
  end(): void;
}

const DELAY_MS = 400;
const EVERY_MS = 100;
const WIDTH = 30;

/** A bar labelled `label`, counting bytes (unit 'MB') or items. */
export function progressBar(label: string, unit: 'MB' | 'files', stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update() {}, end() {} };
  const started = Date.now();
  let drawn = 0;
  let shown = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (now - started < DELAY_MS || now - drawn < EVERY_MS || total <= 0) return;
      drawn = now;
      shown = true;
      const share = Math.min(1, done / total);
      const filled = Math.round(share * WIDTH);
      const amount = unit === 'MB' ? `${(done / 1048576).toFixed(0)}/${(total / 1048576).toFixed(0)} MB` : `${done}/${total} files`;
      stream.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ${amount}\x1b[K`,
      );
    },
    end() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
