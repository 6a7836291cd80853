/**
 * The `ranklens` command: check fixtures, evaluate TREC files, compare presets, infer conventions. Built by esbuild into
 * dist/cli.js. The same bundle also serves as the worker thread of `trec` (see shared/trec/node/trecWorker.ts), so
 * the command only starts on the main thread.
 */
import { isMainThread } from 'node:worker_threads';
import { CHECK_HELP, checkCommand } from './check';
import { COMPARE_HELP, compareCommand } from './compare';
import { DIFF_HELP, diffCommand } from './diff';
import { INFER_HELP, inferCommand } from './infer';
import { TREC_HELP, trecCommand } from './trec';
import { CommandIo, PROCESS_IO, watchOutputStreams } from './io';
import { EXIT, UsageError } from './usage';
import { VERSION } from '../shared/version';

const HELP = `Usage: ranklens COMMAND [options]

Commands:
  check PATH...        evaluate fixtures (files, folders, globs): tables, findings, expectations
  trec QRELS RUN       evaluate a TREC run against TREC qrels, like trec_eval
  trec QRELS RUN RUN…  compare runs: means side by side, paired significance tests
  diff QRELS RUN RUN…  compare runs query by query: which queries won and lost, and why
  compare PATH...      every preset's means side by side, marking where they disagree
  infer PATH...        which conventions reproduce the fixtures' expected values

Every command takes --format FORMAT: text (the default), json (the JSON report; --json is the
same), and the other formats its --help lists (markdown, latex, csv; junit, sarif, github for check).

ranklens COMMAND --help tells more; ranklens --version prints the version. Exit codes: 0 clean, 1 an error finding, 2 a usage problem.`;

const COMMANDS: Record<string, { run: (argv: string[], io: CommandIo) => Promise<number>; help: string }> = {
  check: { run: checkCommand, help: CHECK_HELP },
  trec: { run: trecCommand, help: TREC_HELP },
  diff: { run: diffCommand, help: DIFF_HELP },
  compare: { run: compareCommand, help: COMPARE_HELP },
  infer: { run: inferCommand, help: INFER_HELP },
};

/** Runs a command line (without "node" and the script); returns the exit code. */
export async function main(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    // No command is a usage error: the help goes where usage errors go, so that `ranklens | …` reads nothing.
    io.stderr(`ranklens: no command given.\n${HELP}\n`);
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${HELP}\n`);
    return EXIT.ok;
  }
  if (name === '--version' || name === '-V') {
    io.stdout(`${VERSION}\n`);
    return EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) return usage(io, `Unknown command "${name}".`, HELP);
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError || isParseArgsError(e)) return usage(io, (e as Error).message, `See ranklens ${name} --help.`);
    throw e;
  }
}

function usage(io: CommandIo, message: string, hint: string): number {
  io.stderr(`ranklens: ${message}\n${hint}\n`);
  return EXIT.usage;
}

// node:util parseArgs reports unknown options and missing values with ERR_PARSE_ARGS_* codes.
function isParseArgsError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

if (isMainThread && require.main === module) {
  // A broken pipe decides the exit code whenever it comes, before or after the command's own.
  let ended: number | undefined;
  watchOutputStreams((why) => {
    ended = why === 'reader-gone' ? EXIT.brokenPipe : EXIT.usage;
    process.exitCode = ended;
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = ended ?? code;
    },
    (e: unknown) => {
      // One line, never a stack trace: whatever went wrong, the user reads what, not where in the bundle.
      PROCESS_IO.stderr(`ranklens: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = ended ?? EXIT.usage;
    },
  );
}
