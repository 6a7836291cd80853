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

/** The process's stdout, stderr and stdin. */
export const PROCESS_IO: CommandIo = {
  stdout: (chunk) => {
    process.stdout.write(chunk);
  },
  stderr: (text) => {
    process.stderr.write(text);
  },
  stdin: () => process.stdin,
};
