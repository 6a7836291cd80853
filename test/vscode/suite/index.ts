/**
 * The VS Code API suite. Runs inside VS Code's extension host, loaded as the extensionTestsPath module
 * by either runner: codeServerRunner.ts (code-server's VS Code server + headless Chromium; `npm run
 * test:vscode-api`, part of `npm test`) or runTest.ts (@vscode/test-electron, desktop VS Code; `npm
 * run test:vscode`). No test framework: each check is an async function, run in order; each result is
 * printed (`ok - …` / `not ok - …`) and recorded for the runner (report.ts); run() rejects when any
 * failed, which makes the extension host exit with 1.
 *
 * RANKLENS_VSCODE_GREP (a regular expression) runs only the checks whose name matches.
 */
import type { Check } from './check';
import { commandChecks } from './commandChecks';
import { diagnosticChecks } from './diagnosticChecks';
import { lensChecks } from './lensChecks';
import { canProbe, record } from './report';
import { settingChecks } from './settingChecks';
import { statusChecks } from './statusChecks';
import { trecChecks, trecStatusChecks } from './trecChecks';

/** Every check, in the order they run. The status bar is read off the page, which only the code-server runner can. */
function allChecks(): Check[] {
  return [
    ...commandChecks,
    ...lensChecks,
    ...diagnosticChecks,
    ...settingChecks,
    ...trecChecks,
    ...(canProbe() ? [...statusChecks, ...trecStatusChecks] : []),
  ];
}

export async function run(): Promise<void> {
  const grep = process.env.RANKLENS_VSCODE_GREP ? new RegExp(process.env.RANKLENS_VSCODE_GREP, 'i') : undefined;
  const checks = allChecks().filter((c) => !grep || grep.test(c.name));
  if (checks.length === 0) throw new Error(`no check matches ${String(grep)}`);
  if (!canProbe())
    console.log(
      `# the status bar check needs the code-server runner (npm run test:vscode-api): ${[...statusChecks, ...trecStatusChecks].map((c) => c.name).join('; ')}`,
    );
  const failures: string[] = [];
  for (const check of checks) {
    const started = Date.now();
    record({ started: check.name });
    try {
      await check.run();
      record({ name: check.name, ok: true, ms: Date.now() - started });
      console.log(`ok - ${check.name}`);
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      failures.push(`${check.name}: ${error}`);
      record({ name: check.name, ok: false, ms: Date.now() - started, error });
      console.log(`not ok - ${check.name}\n  ${error}`);
    }
  }
  if (failures.length) throw new Error(`${failures.length} of ${checks.length} checks failed:\n${failures.join('\n')}`);
}
