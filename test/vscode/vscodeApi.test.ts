/**
 * The VS Code API suite (test/vscode/suite) in the extension host of code-server's VS Code server,
 * every check reported as a subtest; and the same runner against a deliberately broken build, which
 * must fail. Needs `npm run build` and `npm run compile-tests` (npm run test:vscode-api does both)
 * and scripts/setup-code-server.sh (run by the runner; cached).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeDir, repoRoot } from '../editor/harness';
import { runInCodeServer } from './codeServerRunner';
import type { CheckResult } from './suite/report';
import { buildSwappedLensExtension } from './swappedLensBuild';

/** The floor: the suite covers at least this many API-level checks. */
const MIN_CHECKS = 12;

describe("VS Code API suite in code-server's extension host", { timeout: 600_000 }, () => {
  it('runs every check of test/vscode/suite, and they pass', async (t) => {
    // One subtest per check, started when the suite starts the check and ended by its result.
    const waiting = new Map<string, (c: CheckResult) => void>();
    const subtests: Promise<void>[] = [];
    const result = await runInCodeServer({
      onStart: (name) => {
        const reported = new Promise<CheckResult>((res) => waiting.set(name, res));
        subtests.push(
          t.test(name, async () => {
            const c = await reported;
            if (!c.ok) throw new Error(c.error);
          }),
        );
      },
      onCheck: (c) => {
        waiting.get(c.name)?.(c);
        waiting.delete(c.name);
      },
    });
    // A check that started but never reported (the run broke off) fails with the run's error.
    for (const [name, end] of waiting) end({ name, ok: false, ms: 0, error: result.error ?? 'no result reported' });
    await Promise.all(subtests);
    const logs = `\nlast log lines:\n${result.logTail.join('\n')}`;
    assert.equal(result.error, undefined, logs);
    assert.ok(result.checks.length >= MIN_CHECKS, `${result.checks.length} checks ran, at least ${MIN_CHECKS} expected`);
    assert.deepEqual(
      result.checks.filter((c) => !c.ok).map((c) => c.name),
      [],
    );
    assert.equal(result.exitCode, 0, `the tests module exits with 0${logs}`);
    assert.equal(result.passed, true);
  });

  it("fails on a build whose code lenses show each other's titles", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ranklens-swapped-lens-'));
    try {
      await buildSwappedLensExtension(repoRoot, dir);
      // Only the case lens check: enough to see the broken build caught, without a second full run.
      const result = await runInCodeServer({ extensionPath: dir, grep: 'lens above case q1' });
      assert.equal(result.passed, false);
      assert.equal(result.exitCode, 1, 'the tests module exits with 1');
      assert.equal(result.checks.length, 1);
      const [lens] = result.checks;
      assert.equal(lens.ok, false);
      // Each case lens takes the next case's: q1's P@3 and R@3 lenses show q2's values (its R@3 with the spread mark).
      assert.match(lens.error ?? '', /P@3 0\.667, R@3 1\.000 in "P@3 0\.333 · R@3 0\.250 \$\(arrow-both\)"/);
    } finally {
      removeDir(dir);
    }
  });
});
