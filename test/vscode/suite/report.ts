/**
 * How the suite reports to whoever runs it, and how it asks the code-server runner to read the
 * rendered workbench. Both go through the environment the extension host inherits from its server:
 * RANKLENS_VSCODE_REPORT (a file: one JSON line per check) and RANKLENS_VSCODE_PROBE_DIR (where the
 * runner writes its answers). Under @vscode/test-electron neither is set: the console lines are the report.
 */
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface CheckResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

/** A line of the report: a check starting, or its result. */
export type ReportLine = { started: string } | CheckResult;

/** What the suite can ask the runner to read off the workbench page. */
export interface ProbeRequest {
  what: 'languageStatus' | 'statusBar';
  /** Where the runner writes `{ "answer": … }`. */
  file: string;
}

/** A console line starting with this is a probe request for the runner, not a log line. */
export const PROBE_PREFIX = '##ranklens-probe ';

/** Appends a line (a check starting, or its result) to the report file, when a runner asked for one. */
export function record(line: ReportLine): void {
  const file = process.env.RANKLENS_VSCODE_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** True when a runner can read the workbench for the suite (the code-server runner can). */
export function canProbe(): boolean {
  return Boolean(process.env.RANKLENS_VSCODE_PROBE_DIR);
}

let probes = 0;

/** Asks the runner to read `what` off the rendered workbench; resolves with its answer. */
export async function probe(what: ProbeRequest['what'], timeoutMs = 10_000): Promise<unknown> {
  const dir = process.env.RANKLENS_VSCODE_PROBE_DIR;
  if (!dir) throw new Error('no runner to read the workbench (RANKLENS_VSCODE_PROBE_DIR is not set)');
  const file = join(dir, `probe-${process.pid}-${++probes}.json`);
  const request: ProbeRequest = { what, file };
  console.log(`${PROBE_PREFIX}${JSON.stringify(request)}`);
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`the runner did not answer the ${what} probe within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const { answer } = JSON.parse(readFileSync(file, 'utf8')) as { answer: unknown };
  rmSync(file, { force: true });
  return answer;
}
