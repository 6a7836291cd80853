/**
 * `npm run test:vscode`: the VS Code API suite (test/vscode/suite, the one `npm run test:vscode-api`
 * runs in code-server's extension host) inside a real desktop VS Code through @vscode/test-electron.
 *
 * It needs a VS Code build: by default @vscode/test-electron downloads one (VS Code's update server,
 * which these build machines cannot reach, so it is not part of `npm test`); or point
 * VSCODE_EXECUTABLE at an installed VS Code (e.g. /usr/share/code/code), or set VSCODE_VERSION.
 * On a machine without a display, run it under xvfb-run.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { examplesDir } from '../editor/fixtureUnderTest';

async function main(): Promise<void> {
  const repoRoot = resolve(__dirname, '..', '..', '..');
  const workspace = mkdtempSync(join(tmpdir(), 'ranklens-vscode-ws-'));
  const userData = mkdtempSync(join(tmpdir(), 'ranklens-vscode-user-'));
  // The suite writes its own fixtures next to the examples (it reads every-finding.rank.json).
  cpSync(examplesDir(repoRoot), workspace, { recursive: true });
  try {
    await runTests({
      version: process.env.VSCODE_VERSION ?? '1.100.3',
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: resolve(__dirname, 'suite', 'index'),
      launchArgs: [
        workspace,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--user-data-dir',
        userData,
      ],
    });
  } finally {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(userData, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('test:vscode failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
