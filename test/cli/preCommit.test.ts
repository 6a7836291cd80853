/**
 * The pre-commit hook (.pre-commit-hooks.yaml): a well-formed manifest whose `files` pattern takes the
 * fixture names and nothing else, and whose entry checks the files it is given with `ranklens check`
 * (dist/ is built here, so the entry skips its own build).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { tempFiles } from './ranklens';

const ROOT = join(__dirname, '..', '..', '..');

interface Hook {
  id: string;
  name: string;
  entry: string;
  language: string;
  files: string;
  types: string[];
  require_serial?: boolean;
}

describe('.pre-commit-hooks.yaml', () => {
  const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
  const hook = hooks.find((h) => h.id === 'ranklens-check')!;

  it('declares ranklens-check as a script whose entry is an executable file of the repository', () => {
    assert.equal(hooks.length, 1);
    assert.deepEqual([hook.name, hook.language, hook.types], ['ranklens check', 'script', ['file']]);
    accessSync(join(ROOT, hook.entry), constants.X_OK);
  });

  it('passes the fixture files, by the names the editor and the command know', () => {
    // pre-commit matches `files` with Python's re.search on the path; this pattern means the same in JavaScript.
    const files = new RegExp(hook.files);
    const taken = ['a.rank.json', 'dir/b.rank.yaml', 'c.rank.yml'];
    const left = ['a.json', 'rank.json', 'a.rank.json.bak', 'a.rank.jsonc', 'notes.md'];
    assert.deepEqual(
      taken.filter((f) => files.test(f)),
      taken,
    );
    assert.deepEqual(
      left.filter((f) => files.test(f)),
      [],
    );
  });

  it('runs ranklens check on the files it is given: exit 1 on a wrong expect value, 0 when right', () => {
    const dir = tempFiles({
      'bad.rank.yaml': 'cases:\n  u1: { labels: [a], predictions: [a, b], expect: { P@1: 0.5 } }\n',
      'good.rank.yaml': 'cases:\n  u1: { labels: [a], predictions: [a, b], expect: { P@1: 1 } }\n',
    });
    const run = (...files: string[]) => spawnSync(join(ROOT, hook.entry), files, { cwd: dir, encoding: 'utf8' });
    // `  u1: { labels: [a], predictions: [a, b], expect: { P@1: 0.5 } }`: the 0.5 starts at column 58.
    const bad = run('bad.rank.yaml', 'good.rank.yaml');
    assert.equal(bad.status, 1);
    assert.match(
      bad.stdout,
      /^bad\.rank\.yaml:2:58 error expect-mismatch Expected P@1 = 0\.5, computed 1\.0000: not within ±0\.05 \(1 decimal written\)\.$/m,
    );
    assert.equal(run('good.rank.yaml').status, 0);
  });
});
