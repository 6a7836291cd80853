/**
 * Runs a `ranklens` command line in this process, as dist/cli.js would in its own: main() from
 * cli/main.ts with buffers for stdout, stderr and stdin (a CommandIo), in the given working folder.
 * The same {code, stdout, stderr} as test/cli's spawned runs, so that mutation testing sees which
 * test reaches which line of cli/.
 */
import { Readable } from 'node:stream';
import { main } from '../../cli/main';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `ranklens ARGS`: the exit code and everything written, decoded as UTF-8 like a spawned run's pipes. */
export async function ranklens(args: readonly string[], options: { cwd?: string; stdin?: string } = {}): Promise<Run> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const io = {
    stdout: (chunk: string | Uint8Array) => {
      out.push(Buffer.from(chunk));
    },
    stderr: (text: string) => {
      err.push(Buffer.from(text));
    },
    stdin: () => Readable.from([Buffer.from(options.stdin ?? '')]),
  };
  const saved = process.cwd();
  if (options.cwd) process.chdir(options.cwd);
  let code: number;
  try {
    code = await main([...args], io);
  } finally {
    if (options.cwd) process.chdir(saved);
  }
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}
