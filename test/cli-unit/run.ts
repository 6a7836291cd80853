/**
 * Runs a `ranklens` command line in this process, as dist/cli.js would in its own: main() from
 * cli/main.ts with process.stdout and process.stderr captured for the call (and the working folder
 * changed, when given). The same {code, stdout, stderr} as test/cli's spawned runs, so that mutation
 * testing sees which test reaches which line of cli/.
 */
import { Readable } from 'node:stream';
import { main } from '../../cli/main';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

type Write = typeof process.stdout.write;

/** `ranklens ARGS`: the exit code and everything written, decoded as UTF-8 like a spawned run's pipes. */
export async function ranklens(args: readonly string[], options: { cwd?: string; stdin?: string } = {}): Promise<Run> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const capture = (into: Buffer[]): Write => ((chunk: string | Uint8Array, encoding?: unknown, cb?: unknown) => {
    into.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk));
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') (done as () => void)();
    return true;
  }) as Write;
  const saved = { out: process.stdout.write, err: process.stderr.write, cwd: process.cwd(), stdin: Object.getOwnPropertyDescriptor(process, 'stdin') };
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  if (options.cwd) process.chdir(options.cwd);
  if (options.stdin !== undefined) Object.defineProperty(process, 'stdin', { value: Readable.from([Buffer.from(options.stdin)]), configurable: true });
  let code: number;
  try {
    code = await main([...args]);
  } finally {
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    if (options.cwd) process.chdir(saved.cwd);
    if (saved.stdin) Object.defineProperty(process, 'stdin', saved.stdin);
  }
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}
