/**
 * `npm run test:vscode-api`: runs the VS Code API suite (test/vscode/suite) in the extension host of
 * the VS Code server inside code-server 4.100.3, the way VS Code's own repository runs
 * test/integration/browser: the server is started with the extension under development and the tests
 * module, the workbench is opened in headless Chromium (playwright-core) with the same two options in
 * its `payload` query, and the workbench calls `window.codeAutomationExit(code)` when the tests module
 * is done. The browser only hosts the workbench; the checks run in the (node) extension host.
 *
 * The suite appends JSON lines to RANKLENS_VSCODE_REPORT (a check starts, a check's result); this
 * runner reads them as they come and reports each check, and answers the suite's requests to read the
 * workbench (the status bar) through RANKLENS_VSCODE_PROBE_DIR.
 *
 * Usage: node out/test/vscode/codeServerRunner.js [--extension DIR] [--grep REGEX] [--verbose]
 *   --extension DIR  the extension to test (default: the repository; dist/ must be built)
 *   --grep REGEX     only the checks whose name matches
 *   --verbose        also print the workbench's and the server's log lines
 * Exit code: 0 when every check passed, 1 otherwise (a failed check, no check run, a timeout).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  chromiumArgs,
  chromiumPath,
  ensureCodeServer,
  freePort,
  isolatedEnv,
  removeDir,
  repoRoot,
  stopGroup,
  userSettings,
} from '../editor/harness';
import { PROBE_PREFIX, type CheckResult, type ProbeRequest, type ReportLine } from './suite/report';

export interface RunOptions {
  /** The extension folder (package.json + dist/); default the repository. */
  extensionPath?: string;
  /** Only the checks whose name matches this regular expression. */
  grep?: string;
  /** Called when the suite starts a check. */
  onStart?: (name: string) => void;
  /** Called with each check's result as the suite reports it. */
  onCheck?: (c: CheckResult) => void;
  /** Called with every log line of the workbench, the extension host and the server. */
  onLog?: (line: string) => void;
  /** Whole run, from starting the server to the suite's exit. */
  timeoutMs?: number;
}

export interface RunResult {
  /** What the workbench reported (the tests module's result), or null when it never did. */
  exitCode: number | null;
  checks: CheckResult[];
  /** Why the run failed outside the checks (a timeout, a crash), if it did. */
  error?: string;
  /** True when every check passed and at least one ran. */
  passed: boolean;
  /** The last lines logged by the server, the workbench and the extension host (for a failure's report). */
  logTail: string[];
  ms: number;
}

const LOG_TAIL_LINES = 60;

/** The VS Code server's entry inside code-server's cache folder. */
export function serverMain(codeServerBin: string): string {
  return join(dirname(dirname(codeServerBin)), 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js');
}

/** A file: path as the workbench addresses it on the server (the `vscode-remote` scheme). */
function remoteUri(authority: string, path: string): string {
  return `vscode-remote://${authority}${resolve(path).split('/').map(encodeURIComponent).join('/')}`;
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (child.exitCode === null) {
    const ok = await fetch(`${url}/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`the VS Code server did not answer ${url}/version within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the VS Code server exited with ${child.exitCode} before it answered`);
}

/** Reads what the suite asks for from the rendered workbench, and writes the answer where it waits. */
async function answerProbe(page: Page, request: ProbeRequest): Promise<void> {
  let answer: unknown;
  if (request.what === 'languageStatus') {
    // One status bar entry holds every language status item; its aria-label lists their texts.
    answer = await page
      .locator('#status\\.languageStatus')
      .first()
      .getAttribute('aria-label', { timeout: 2_000 })
      .catch(() => null);
  }
  if (request.what === 'statusBar') {
    // The text of every status bar entry (codicons are drawn, not written: "$(warning) no qrels" reads "no qrels").
    answer = await page.locator('#workbench\\.parts\\.statusbar .statusbar-item').allInnerTexts();
  }
  writeFileSync(`${request.file}.tmp`, JSON.stringify({ answer }));
  // Renamed into place, so the suite never reads half a file.
  renameSync(`${request.file}.tmp`, request.file);
}

/** Starts the server and the browser, runs the suite, and takes everything down again. */
export async function runInCodeServer(opts: RunOptions = {}): Promise<RunResult> {
  const started = Date.now();
  const logTail: string[] = [];
  const log = (line: string) => {
    logTail.push(line);
    if (logTail.length > LOG_TAIL_LINES) logTail.shift();
    opts.onLog?.(line);
  };
  const extensionPath = resolve(opts.extensionPath ?? repoRoot);
  const testsPath = join(__dirname, 'suite');
  if (!existsSync(join(extensionPath, 'dist', 'client.js')))
    throw new Error(`${extensionPath}/dist/client.js is missing: run npm run build`);
  if (!existsSync(join(testsPath, 'index.js'))) throw new Error(`${testsPath}/index.js is missing: run npm run compile-tests`);
  const codeServer = ensureCodeServer();

  const home = mkdtempSync(join(tmpdir(), 'ranklens-vscode-api-'));
  const userDataDir = join(home, 'user-data');
  const workspace = join(home, 'workspace');
  const probeDir = join(home, 'probe');
  const report = join(home, 'report.jsonl');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(probeDir);
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(userSettings, null, 2));
  // The examples (the suite checks every-finding.rank.json against its own expectFindings); the suite
  // writes its own fixtures next to them.
  cpSync(join(repoRoot, 'examples'), workspace, { recursive: true });
  writeFileSync(report, '');

  const port = await freePort();
  const authority = `127.0.0.1:${port}`;
  const url = `http://${authority}`;
  const env = {
    ...isolatedEnv(home),
    // The extension host inherits the server's environment: this is how the suite gets its settings.
    RANKLENS_VSCODE_REPORT: report,
    RANKLENS_VSCODE_PROBE_DIR: probeDir,
    RANKLENS_VSCODE_GREP: opts.grep ?? '',
  };
  const server = spawn(
    process.execPath,
    [
      serverMain(codeServer),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--without-connection-token',
      '--accept-server-license-terms',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--server-data-dir',
      join(home, 'server-data'),
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      join(home, 'extensions'),
      '--extensionDevelopmentPath',
      extensionPath,
      '--extensionTestsPath',
      testsPath,
    ],
    { detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Should this process end first (an error, Ctrl+C, a test timeout), the server's group goes with it.
  const killOnExit = () => {
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  };
  const killOnSignal = (signal: NodeJS.Signals) => {
    killOnExit();
    process.kill(process.pid, signal);
  };
  process.once('exit', killOnExit);
  process.once('SIGINT', killOnSignal);
  process.once('SIGTERM', killOnSignal);
  for (const stream of [server.stdout!, server.stderr!]) {
    stream.on('data', (d: Buffer) =>
      d
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((l) => log(`[server] ${l}`)),
    );
  }

  const checks: CheckResult[] = [];
  let reportRead = 0;
  // The report file is the record of the checks; read what is new of it, whole lines only.
  const readReport = () => {
    const text = readFileSync(report, 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    for (const line of text.slice(reportRead, end).split('\n').filter(Boolean)) {
      const r = JSON.parse(line) as ReportLine;
      if ('started' in r) {
        opts.onStart?.(r.started);
      } else {
        checks.push(r);
        opts.onCheck?.(r);
      }
    }
    reportRead = end;
  };
  const reading = setInterval(readReport, 100);

  let browser: Browser | undefined;
  let exitCode: number | null = null;
  let error: string | undefined;
  try {
    await waitForServer(url, server, 60_000);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    let finish!: (code: number) => void;
    let fail!: (why: string) => void;
    const done = new Promise<number>((res, rej) => {
      finish = res;
      fail = (why) => rej(new Error(why));
    });
    page.on('crash', () => fail('the workbench page crashed'));
    page.on('pageerror', (e) => log(`[page error] ${e.message}`));
    server.once('exit', (code) => fail(`the VS Code server exited with ${code} before the suite ended`));
    // The workbench forwards its log and the extension host's console here, and calls the exit hook with the
    // tests module's result, as in VS Code's test/integration/browser.
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      const text = args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
      if (text.startsWith(PROBE_PREFIX)) {
        void answerProbe(page, JSON.parse(text.slice(PROBE_PREFIX.length)) as ProbeRequest).catch((e) => log(`[probe] ${String(e)}`));
        return;
      }
      log(`[extension host ${type}] ${text}`);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => finish(code));
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remoteUri(authority, extensionPath)],
      ['extensionTestsPath', remoteUri(authority, testsPath)],
      ['skipWelcome', 'true'],
    ]);
    await page.goto(`${url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
    const timeoutMs = opts.timeoutMs ?? 300_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, rej) => {
      timer = setTimeout(() => rej(new Error(`the suite did not end within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      exitCode = await Promise.race([done, timeout]);
    } finally {
      clearTimeout(timer);
    }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  } finally {
    clearInterval(reading);
    await browser?.close().catch(() => undefined);
    await stopGroup(server);
    process.removeListener('exit', killOnExit);
    process.removeListener('SIGINT', killOnSignal);
    process.removeListener('SIGTERM', killOnSignal);
    readReport();
    removeDir(home);
  }
  const passed = error === undefined && exitCode === 0 && checks.length > 0 && checks.every((c) => c.ok);
  if (!error && checks.length === 0) error = 'the suite reported no check';
  return { exitCode, checks, error, passed, logTail, ms: Date.now() - started };
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  console.log('VS Code API suite in code-server 4.100.3 (VS Code 1.100.3), extension host + headless Chromium');
  const result = await runInCodeServer({
    extensionPath: argValue(args, '--extension'),
    grep: argValue(args, '--grep'),
    onLog: verbose ? (l) => console.log(`  ${l}`) : undefined,
    onCheck: (c) =>
      console.log(c.ok ? `  ✔ ${c.name} (${c.ms} ms)` : `  ✖ ${c.name} (${c.ms} ms)\n      ${c.error?.split('\n').join('\n      ')}`),
  });
  const failed = result.checks.filter((c) => !c.ok).length;
  console.log(
    `${result.checks.length} checks, ${result.checks.length - failed} passed, ${failed} failed; the tests module exited with ${result.exitCode ?? 'nothing'}; ${(result.ms / 1000).toFixed(1)} s`,
  );
  if (result.error) console.log(`error: ${result.error}`);
  if (!result.passed && !verbose) console.log(`last log lines:\n  ${result.logTail.join('\n  ')}`);
  process.exitCode = result.passed ? 0 : 1;
}

if (require.main === module) {
  main().catch((e) => {
    console.error('test:vscode-api failed:', e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
