/**
 * The paths the docs name are true: every `shared/…`, `server/…`, `test/…` (and the like) written in
 * backticks in README.md and docs/ is a file or folder of the repository, so "where to add" in
 * docs/dev/ARCHITECTURE.md cannot drift from the code. Globs and compiled outputs (out/, dist/) are
 * not checked.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';

const repoRoot = join(__dirname, '..', '..', '..');
const TOP = /^(shared|server|client|cli|test|bench|scripts|schemas|docs|examples)\//;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

/** The repository paths a Markdown text names in backticks (a path may be followed by `:line` or words). */
export function namedPaths(markdown: string): string[] {
  const paths: string[] = [];
  for (const [, code] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const path = code.split(/[\s:(]/)[0].replace(/[.,;]+$/, '');
    if (TOP.test(path) && !/[*?{]/.test(path)) paths.push(path);
  }
  return paths;
}

describe('paths named in the docs', () => {
  it('reads a path out of backticks, leaving globs and prose aside', () => {
    assert.deepEqual(namedPaths('see `shared/core/hash.ts`, `test/core/seed*.test.ts`, `npm test` and `server/main.ts:12`.'), [
      'shared/core/hash.ts',
      'server/main.ts',
    ]);
  });

  for (const file of [join(repoRoot, 'README.md'), ...markdownFiles(join(repoRoot, 'docs'))]) {
    it(`are files or folders of the repository: ${relative(repoRoot, file)}`, () => {
      const missing = namedPaths(readFileSync(file, 'utf8')).filter((p) => !existsSync(join(repoRoot, p)));
      assert.deepEqual(missing, []);
    });
  }
});
