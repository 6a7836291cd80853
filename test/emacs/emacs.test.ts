/**
 * The Emacs snippet of docs/guide/editor.md, as written there, in Debian's Emacs (28, with
 * elpa-eglot): eglot starts `ranklens-language-server --stdio` (the npm bin, here a wrapper around
 * dist/server.js) for a YAML fixture, and flymake shows the server's diagnostics.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackages, repoRoot } from '../editor/harness';

/** The ```elisp block of the editor guide. */
function readmeSnippet(): string {
  const m = /```elisp\n([\s\S]*?)```/.exec(readFileSync(join(repoRoot, 'docs', 'guide', 'editor.md'), 'utf8'));
  assert.ok(m, 'the editor guide has an elisp snippet');
  return m[1];
}

describe("Emacs with the editor guide's snippet", () => {
  it('starts the server through eglot and shows its diagnostic for a failed expectation', () => {
    ensureDebianPackages();
    const dir = mkdtempSync(join(tmpdir(), 'ranklens-emacs-'));
    try {
      mkdirSync(join(dir, 'bin'));
      const bin = join(dir, 'bin', 'ranklens-language-server');
      writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" "${join(repoRoot, 'dist', 'server.js')}" "$@"\n`);
      chmodSync(bin, 0o755);
      writeFileSync(join(dir, 'snippet.el'), readmeSnippet());
      // P@3 = 2/3, written as 0.5: one expect-mismatch on line 7.
      writeFileSync(
        join(dir, 'demo.rank.yaml'),
        'k: [3]\nmetrics: [P@k]\ncases:\n  u1:\n    labels: [a, c]\n    predictions: [a, b, c]\n    expect: { P@3: 0.5 }\n',
      );
      execFileSync('git', ['init', '-q', dir]);
      const out = join(dir, 'out.txt');
      const r = spawnSync('emacs', ['--batch', '-Q', '-l', join(repoRoot, 'test', 'emacs', 'init.el')], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...process.env,
          HOME: dir,
          PATH: `${join(dir, 'bin')}:${process.env.PATH}`,
          RANKLENS_SNIPPET: join(dir, 'snippet.el'),
          RANKLENS_FILE: join(dir, 'demo.rank.yaml'),
          RANKLENS_OUT: out,
        },
      });
      assert.equal(r.status, 0, r.stderr);
      const lines = readFileSync(out, 'utf8').trim().split('\n');
      assert.equal(lines[0], 'server: ranklens');
      assert.equal(lines.length, 2, lines.join('\n'));
      // eglot shows the server name and the code in brackets; the message names both values.
      assert.match(lines[1], /^eglot-error 7 ranklens \[expect-mismatch\]: .*P@3.*0\.5.*0\.6667?/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
