/**
 * A fixture that names its qrels and runs as files, in code-server 4.100.3 with ranklens.vsix, at
 * 1,600 px: eval.rank.json is examples/referenced-files.rank.json, beside a copy of examples/files/
 * (BEIR/MTEB qrels TSV, a gzipped TREC run, a Parquet run). The server reads the files from disk: the
 * lenses carry trec_eval's values for both systems; bm25.run.gz rewritten on disk is read again and
 * its lens follows; a fixture naming a file that is not there gets file-reference-unreadable on the
 * name. The picture of eval.rank.json with its lenses is docs/fixture-files-editor.png (written when
 * missing or with RANKLENS_UPDATE_SCREENSHOT=1; every run writes test-results/fixture-files-editor.png).
 *
 * The expected values are trec_eval 10.0-rc3's (`trec_eval -m P.3 -m map -m recip_rank -m
 * ndcg_cut.10`) on the same files as TREC text: bm25 P@3 0.5556, AP 0.7222, RR 0.8333, nDCG@10
 * 0.7703; dense 0.5556, 0.8889, 1, 0.9567; bm25 with q3's d8 scored below d6: 0.5556, 0.8889, 1,
 * 0.8933 (q3's nDCG@10 becomes 1: (0.7602 + 0.9197 + 1) / 3).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath, ensureCodeServer, repoRoot, startCodeServer, type CodeServer } from './harness';
import { T, Workbench } from './workbench';

const BM25_Q3_SWAPPED = `q1 Q0 d2 1 12.5 bm25
q1 Q0 d9 2 11.0 bm25
q1 Q0 d1 3 11.0 bm25
q1 Q0 d3 4 8.25 bm25
q2 Q0 d5 1 3.5 bm25
q2 Q0 d7 2 3.1 bm25
q2 Q0 d4 3 2.0 bm25
q3 Q0 d8 1 5 bm25
q3 Q0 d6 2 7 bm25
q4 Q0 d1 1 1.0 bm25
`;

const BROKEN = '{\n  "qrels": "files/dev-qrels.tsv",\n  "run": "files/none.run"\n}\n';

describe('a fixture naming its qrels and runs as files, in code-server with ranklens.vsix', { timeout: 600_000 }, () => {
  const vsix = process.env.RANKLENS_VSIX ?? join(repoRoot, 'ranklens.vsix');
  let cs: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let workspace: string;
  let wb: Workbench;

  before(async () => {
    assert.ok(existsSync(vsix), `${vsix} is missing: run npm run package`);
    const codeServer = ensureCodeServer();
    workspace = join(mkdtempSync(join(tmpdir(), 'ranklens-fixture-files-')), 'eval');
    mkdirSync(join(workspace, 'files'), { recursive: true });
    copyFileSync(join(repoRoot, 'examples', 'referenced-files.rank.json'), join(workspace, 'eval.rank.json'));
    for (const name of ['dev-qrels.tsv', 'bm25.run.gz', 'dense.parquet'])
      copyFileSync(join(repoRoot, 'examples', 'files', name), join(workspace, 'files', name));
    writeFileSync(join(workspace, 'broken.rank.json'), BROKEN);
    cs = await startCodeServer({ codeServer, workspace, vsix });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    page = await browser.newPage({ viewport: { width: 1600, height: 560 } });
    wb = new Workbench(page);
    await wb.open(`${cs.url}/?folder=${encodeURIComponent(workspace)}`);
  });

  after(async () => {
    if (page) {
      mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
      await page.screenshot({ path: join(repoRoot, 'test-results', 'fixture-files-last.png') }).catch(() => undefined);
    }
    await browser?.close().catch(() => undefined);
    await cs?.stop();
  });

  it("shows both systems' trec_eval values, read from the TSV qrels, the gzipped run and the Parquet run; the picture", async () => {
    await wb.openFile('eval.rank.json');
    const bm25 = 'bm25 (baseline, 3 cases): P@3 0.556 · AP 0.722 · RR 0.833 · nDCG@10 0.770';
    const lenses = await wb.waitForLens((t) => t.includes(bm25), 'of bm25 read from its files');
    const shown = lenses.flatMap((line) => line.split(/\s+\|\s+/)).map((l) => l.trim());
    assert.ok(
      shown.some((l) => /^dense vs bm25: P@3 0\.556 · AP 0\.889 [▲▼]?\s*· RR 1\.000 [▲▼]?\s*· nDCG@10 0\.957/.test(l)),
      `dense's lens with its Parquet run's values: ${JSON.stringify(shown)}`,
    );
    // The side bar hidden (Ctrl+B), so that the picture shows the lenses whole.
    await page.keyboard.press('Control+B');
    await page.locator('.part.sidebar').waitFor({ state: 'hidden', timeout: T.ui });
    const shot = await page.screenshot({ fullPage: false });
    mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
    writeFileSync(join(repoRoot, 'test-results', 'fixture-files-editor.png'), shot);
    const docShot = join(repoRoot, 'docs', 'fixture-files-editor.png');
    if (!existsSync(docShot) || process.env.RANKLENS_UPDATE_SCREENSHOT === '1') writeFileSync(docShot, shot);
  });

  it('reads the run again when it changes on disk, and its lens follows', async () => {
    writeFileSync(join(workspace, 'files', 'bm25.run.gz'), gzipSync(BM25_Q3_SWAPPED));
    await wb.waitForLens(
      (t) => t.includes('bm25 (baseline, 3 cases): P@3 0.556 · AP 0.889 · RR 1.000 · nDCG@10 0.893'),
      'of bm25 read again from disk',
    );
  });

  it('a file that is not there: file-reference-unreadable on its name, no number', async () => {
    await wb.openFile('broken.rank.json');
    const problems = await wb.problems('broken.rank.json', (p) => p.some((x) => x.code === 'file-reference-unreadable'));
    const unreadable = problems.find((p) => p.code === 'file-reference-unreadable')!;
    // `  "run": "files/none.run"`: the path's string starts at column 10 of line 3.
    assert.deepEqual([unreadable.line, unreadable.column], [3, 10]);
    assert.match(unreadable.message, /The run file "files\/none\.run" cannot be read: there is no such file/);
  });
});
