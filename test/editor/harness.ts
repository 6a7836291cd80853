/**
 * Real-editor harness: code-server 4.100.3 (VS Code 1.100.3, built by scripts/setup-code-server.sh into a
 * cache outside the repo) driven by Debian's headless Chromium through playwright-core.
 * Everything it starts runs in its own process group and is killed by stop().
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '..', '..', '..');
export const chromiumPath = process.env.RANKLENS_CHROMIUM ?? '/usr/bin/chromium';

/** Runs the (idempotent, cached) setup script and returns the code-server launcher path. */
export function ensureCodeServer(): string {
  const out = execFileSync('bash', [join(repoRoot, 'scripts', 'setup-code-server.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 15 * 60_000,
  });
  const lines = out.trim().split('\n');
  return lines[lines.length - 1];
}

/** Installs the Debian packages only (chromium, neovim, ripgrep), when missing and we are root. */
export function ensureDebianPackages(): void {
  execFileSync('bash', [join(repoRoot, 'scripts', 'setup-code-server.sh'), '--apt-only'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 10 * 60_000,
  });
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

/** Kills a whole process group (the child was spawned detached, so its pid is the group id). */
export function killGroup(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/** Waits for the group to end, escalating to SIGKILL after `graceMs`. */
export async function stopGroup(child: ChildProcess | undefined, graceMs = 3000): Promise<void> {
  if (!child?.pid) return;
  const pid = child.pid;
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  killGroup(child, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (alive() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  if (alive()) killGroup(child, 'SIGKILL');
}

export interface CodeServer {
  url: string;
  port: number;
  child: ChildProcess;
  home: string;
  userDataDir: string;
  extensionsDir: string;
  logFile: string;
  stop(): Promise<void>;
}

export const userSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'security.workspace.trust.enabled': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'git.enabled': false,
  'editor.hover.delay': 100,
  'editor.codeLens': true,
  'files.autoSave': 'off',
  'chat.commandCenter.enabled': false,
  'workbench.colorTheme': 'Default Light Modern',
};

/** Environment with XDG_* and HOME-ish folders inside `home`, so nothing is written to the real HOME. */
export function isolatedEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME']) {
    const dir = join(home, k.slice(4).toLowerCase());
    mkdirSync(dir, { recursive: true });
    env[k] = dir;
  }
  // code-server reads these; make sure none leaks in from a developer's shell.
  delete env.PASSWORD;
  delete env.HASHED_PASSWORD;
  delete env.VSCODE_PROXY_URI;
  return env;
}

/** Installs a .vsix into a fresh extensions dir with code-server's own CLI. */
export function installVsix(codeServer: string, vsix: string, extensionsDir: string, userDataDir: string, home: string): string {
  return execFileSync(
    codeServer,
    ['--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', vsix, '--force'],
    { encoding: 'utf8', env: isolatedEnv(home), timeout: 120_000, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

export interface StartOptions {
  codeServer: string;
  workspace: string;
  /** Install this .vsix before starting. */
  vsix?: string;
  /** Or symlink this folder (an unpacked extension) as `linkAs` into the extensions dir. */
  extensionFolder?: { path: string; linkAs: string };
  settings?: Record<string, unknown>;
}

export async function startCodeServer(opts: StartOptions): Promise<CodeServer> {
  const home = mkdtempSync(join(tmpdir(), 'ranklens-cs-'));
  const userDataDir = join(home, 'user-data');
  const extensionsDir = join(home, 'extensions');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...userSettings, ...opts.settings }, null, 2));
  if (opts.vsix) installVsix(opts.codeServer, opts.vsix, extensionsDir, userDataDir, home);
  if (opts.extensionFolder) {
    const { symlinkSync } = await import('node:fs');
    symlinkSync(opts.extensionFolder.path, join(extensionsDir, opts.extensionFolder.linkAs));
  }
  const port = await freePort();
  const logFile = join(home, 'code-server.log');
  const log = createWriteStream(logFile);
  const child = spawn(
    opts.codeServer,
    [
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      opts.workspace,
    ],
    { detached: true, env: isolatedEnv(home), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  // If the test process dies before stop() (a timeout, Ctrl+C), still take code-server down with it.
  const onExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', onExit);
  child.once('exit', () => process.removeListener('exit', onExit));
  const url = `http://127.0.0.1:${port}`;
  const cs: CodeServer = {
    url,
    port,
    child,
    home,
    userDataDir,
    extensionsDir,
    logFile,
    async stop() {
      await stopGroup(child);
      log.end();
    },
  };
  try {
    await waitForHealthz(url, child, 60_000);
  } catch (e) {
    await cs.stop();
    throw e;
  }
  return cs;
}

async function waitForHealthz(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  for (;;) {
    if (exited !== null) throw new Error(`code-server exited with ${exited} before /healthz answered`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Removes a temp folder, ignoring errors (files may still be held by a dying process). */
export function removeDir(dir: string | undefined): void {
  if (dir && existsSync(dir)) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      /* best effort */
    }
  }
}

/** The newest .vsix in the repo root, if any. */
export function findVsix(): string | undefined {
  const files = readdirSync(repoRoot)
    .filter((f) => f.endsWith('.vsix'))
    .sort();
  return files.length ? join(repoRoot, files[files.length - 1]) : undefined;
}
