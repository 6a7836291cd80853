/**
 * `npm start`, the README's main job, fits one screen: npm's header and everything the start
 * script's commands print (after the build, which prints nothing) in at most 40 lines of at most 100
 * columns, with the numbers the README quotes. The commands run as package.json writes them, except
 * the build (test:cli runs after it; rebuilding here would rewrite dist/ under the other CLI tests).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  scripts: Record<string, string>;
};
const BUILD = 'npm run -s build && ';

/** What `npm start` prints: npm's header (a blank line, two lines, a blank line), then the commands' output. */
function npmStart(): { code: number | null; lines: string[] } {
  const script = pkg.scripts.start;
  assert.ok(script.startsWith(BUILD), `the start script builds first, silently: ${script}`);
  // The nested `npm run -s NAME` prints only what NAME prints: run its text in its place.
  const commands = script.slice(BUILD.length).replace(/npm run -s ([\w:-]+)/g, (_, name: string) => pkg.scripts[name]);
  const r = spawnSync(commands, { cwd: ROOT, shell: true, encoding: 'utf8' });
  const header = ['', `> ${pkg.name}@${pkg.version} start`, `> ${script}`, ''];
  return { code: r.status, lines: [...header, ...`${r.stdout}${r.stderr}`.replace(/\n$/, '').split('\n')] };
}

describe('npm start', () => {
  const { code, lines } = npmStart();
  const text = lines.join('\n');

  it('exits 0', () => {
    assert.equal(code, 0, text);
  });

  it("fits in 40 lines of 100 columns, npm's header included", () => {
    assert.ok(lines.length <= 40, `${lines.length} lines:\n${text}`);
    const wide = lines.filter((l) => [...l].length > 100);
    assert.deepEqual(wide, []);
  });

  it("leads with trec_eval's numbers, the default, then shows where seed000 disagrees and the knob that makes each difference", () => {
    // AP@5 = (1/2 + 2/4) ÷ 3 relevant = 0.333 or ÷ 2 hits = 0.500; nDCG@5 = 1.0616 / 2.1309 = 0.498 with the
    // ideal from all three labels, 1.0616 / 1.6309 = 0.651 from the top 5's two relevant items. trec_eval 10.0
    // on the same case prints P_5 0.4000, map_cut_5 0.3333, ndcg_cut_5 0.4982.
    assert.match(
      text,
      /\(fixture 1 of 4\) — convention trec_eval \(built-in\)\ncase\s+P@5\s+AP@5\s+nDCG@5\nu1\s+0\.400\s+0\.333\s+0\.498$/m,
    );
    assert.match(text, /\(fixture 2 of 4\) — convention seed000 \(fixture\)\ncase\s+P@5\s+AP@5\s+nDCG@5\nu1\s+0\.400\s+0\.500\s+0\.651$/m);
    assert.match(
      text,
      /convention trec_eval \+ apDenominator=hits \(fixture\)\ncase\s+P@5\s+AP@5\s+nDCG@5\nu1\s+0\.400\s+0\.500\s+0\.498$/m,
    );
    assert.match(text, /convention trec_eval \+ ideal=top-k \(fixture\)\ncase\s+P@5\s+AP@5\s+nDCG@5\nu1\s+0\.400\s+0\.333\s+0\.651$/m);
    assert.match(text, /^1 file: 0 errors, 0 warnings, 0 notes — ok$/m);
  });

  it('points to the rest', () => {
    assert.match(text, /^Every preset side by side: node dist\/cli\.js compare docs\/start\.rank\.yaml$/m);
    assert.match(text, /^More: docs\/README\.md/m);
  });
});
