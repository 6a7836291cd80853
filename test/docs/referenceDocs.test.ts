/**
 * docs/reference/ is made from the code's declarations (finding codes, knobs and presets, measure names,
 * settings, the commands' JSON): each checked-in page must equal what `npm run docs:reference` writes now.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, referencePages } from '../../scripts/reference/referencePages';

describe('docs/reference/', async () => {
  const pages = await referencePages();

  for (const { path, text } of pages) {
    it(`${path} is up to date`, () => {
      const file = join(REPO_ROOT, path);
      assert.ok(existsSync(file), `${path} is missing: run \`npm run docs:reference\` and commit it.`);
      // Compared as a whole, but the message names the first line that differs.
      const written = readFileSync(file, 'utf8');
      if (written === text) return;
      const a = written.split('\n');
      const b = text.split('\n');
      const line = a.findIndex((l, i) => l !== b[i]);
      assert.fail(
        `${path} is stale (line ${(line < 0 ? a.length : line) + 1} differs from the declarations): ` +
          'run `npm run docs:reference` and commit the result.',
      );
    });
  }

  it('holds only generated pages', () => {
    const made = pages.map((p) => p.path.split('/').pop()).sort();
    assert.deepEqual(readdirSync(join(REPO_ROOT, 'docs', 'reference')).sort(), made);
  });
});
