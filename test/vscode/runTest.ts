/**
 * `npm run test:vscode`: the same checks as the code-server test, inside a real desktop VS Code through
 * @vscode/test-electron and the VS Code API (vscode.executeCodeLensProvider, executeHoverProvider,
 * executeCodeActionProvider, languages.getDiagnostics).
 *
 * It needs a VS Code build: by default @vscode/test-electron downloads one (VS Code's update server,
 * which these build machines cannot reach, so it is not part of `npm test`); or point
 * VSCODE_EXECUTABLE at an installed VS Code (e.g. /usr/share/code/code), or set VSCODE_VERSION.
 * On a machine without a display, run it under xvfb-run.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { examplesDir, pickFixture } from '../editor/fixtureUnderTest';

async function main(): Promise<void> {
  const repoRoot = resolve(__dirname, '..', '..', '..');
  const fx = pickFixture(examplesDir(repoRoot));
  const workspace = mkdtempSync(join(tmpdir(), 'ranklens-vscode-ws-'));
  const userData = mkdtempSync(join(tmpdir(), 'ranklens-vscode-user-'));
  cpSync(examplesDir(repoRoot), workspace, { recursive: true });
  writeFileSync(join(workspace, fx.broken.fileName), fx.broken.text);
  try {
    await runTests({
      version: process.env.VSCODE_VERSION ?? '1.100.3',
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: resolve(__dirname, 'suite', 'index'),
      extensionTestsEnv: { RANKLENS_EXAMPLES: examplesDir(repoRoot) },
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', '--user-data-dir', userData],
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
