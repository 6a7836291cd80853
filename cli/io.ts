/**
 * Where a command writes its report and reads a run piped in: the process's streams, or (in the
 * in-process tests of test/cli-unit) buffers. Every command takes one and writes nowhere else.
 */
import { Readable } from 'node:stream';

export interface CommandIo {
  stdout(chunk: string | Uint8Array): void;
  stderr(text: string): void;
  stdin(): Readable;
}

/**
 * The process's stdout, stderr and stdin. Once the reader of stdout or stderr has gone (`| head`
 * read what it wanted and closed the pipe), writes to that stream are dropped: see watchBrokenPipes.
 */
export const PROCESS_IO: CommandIo = {
  stdout: (chunk) => {
    if (!process.stdout.destroyed) process.stdout.write(chunk);
  },
  stderr: (text) => {
    if (!process.stderr.destroyed) process.stderr.write(text);
  },
  stdin: () => process.stdin,
};

/** A stream error that means its reader has gone: EPIPE on Linux and macOS (Windows also says EOF). */
function readerGone(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || code === 'EOF' || code === 'ERR_STREAM_DESTROYED';
}

/** Why a stream stopped taking output: its reader has gone (a closed pipe), or the write failed otherwise. */
export type OutputEnd = 'reader-gone' | 'failed';

/**
 * Node ignores SIGPIPE, so a write to a closed pipe fails with EPIPE, which an unwatched stream throws
 * as an uncaught error: a stack trace and exit 1. Watched, the command ends quietly instead: the
 * stream is dropped (PROCESS_IO writes nothing more to it), the command finishes, its temporary files
 * removed, and `ended` says why so that the caller sets the exit code. Any other write error (a full
 * disk) is said in one line on stderr, with no stack trace.
 */
export function watchOutputStreams(
  ended: (why: OutputEnd) => void,
  streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr],
): void {
  for (const stream of streams) {
    stream.on('error', (e: unknown) => {
      stream.destroy();
      if (readerGone(e)) {
        ended('reader-gone');
        return;
      }
      if (stream !== process.stderr && !process.stderr.destroyed) process.stderr.write(`ranklens: cannot write the output: ${String(e)}\n`);
      ended('failed');
    });
  }
}
