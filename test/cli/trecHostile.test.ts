/**
 * `ranklens trec` on files trec_eval reads without complaint but a careless reader gets wrong.
 * Each expected stdout below is trec_eval 10.0-rc3's, byte for byte (run by hand on the same bytes).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from './ranklens';

/** Writes the files as bytes (each string a byte string) and runs `ranklens trec ARGS QRELS RUN`; stdout as bytes. */
function trec(files: { qrels: string; run: string }, args: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-hostile-'));
  const qrels = join(dir, 'q');
  const run = join(dir, 'r');
  writeFileSync(qrels, Buffer.from(files.qrels, 'latin1'));
  writeFileSync(run, Buffer.from(files.run, 'latin1'));
  const r = spawnSync(process.execPath, [CLI, 'trec', ...args, qrels, run], { stdio: ['ignore', 'pipe', 'pipe'] });
  return { code: r.status, stdout: r.stdout.toString('latin1'), stderr: r.stderr.toString('utf8').replaceAll(`${dir}/`, '') };
}

const line = (name: string, qid: string, value: string) => `${name.padEnd(22)}\t${qid}\t${value}\n`;

describe('ranklens trec reads hostile files as trec_eval does', () => {
  it('orders an emoji docid (F0 9F…) above one at U+E000 (EE 80 80) when they tie', () => {
    const r = trec(
      { qrels: '1 0 \xf0\x9f\x98\x80 1\n1 0 \xee\x80\x80 0\n', run: '1 Q0 \xee\x80\x80 1 1 t\n1 Q0 \xf0\x9f\x98\x80 2 1 t\n' },
      ['-q', '-m', 'relstring.3', '-m', 'recip_rank'],
    );
    assert.equal(r.stdout, line('recip_rank', '1', '1.0000') + line('relstring_3', '1', "'10'") + line('recip_rank', 'all', '1.0000'));
  });

  it('keeps Latin-1 and UTF-8 ids apart and prints a Latin-1 query id back as its bytes', () => {
    const r = trec(
      { qrels: 'caf\xe8 0 caf\xe9 1\ncaf\xe8 0 caf\xc3\xa9 0\n', run: 'caf\xe8 Q0 caf\xc3\xa9 1 2 t\ncaf\xe8 Q0 caf\xe9 2 1 t\n' },
      ['-q', '-m', 'relstring.2', '-m', 'num_rel'],
    );
    assert.equal(r.stdout, line('num_rel', 'caf\xe8', '1') + line('relstring_2', 'caf\xe8', "'01'") + line('num_rel', 'all', '1'));
    assert.equal(r.code, 0);
  });

  it('reads grades by their integer prefix (1e2 is 1, 0.5 and x are 0, 2.9 is 2) and says so', () => {
    const r = trec(
      { qrels: '1 0 a 1e2\n1 0 b 0.5\n1 0 c x\n1 0 d 2.9\n', run: '1 Q0 b 1 4 t\n1 Q0 c 2 3 t\n1 Q0 a 3 2 t\n1 Q0 d 4 1 t\n' },
      ['-q', '-m', 'relstring.4', '-m', 'num_rel', '-m', 'map'],
    );
    // Ranking b c a d with grades 0 0 1 2: AP = (1/3 + 2/4) / 2 = 0.4167.
    assert.equal(
      r.stdout
        .split('\n')
        .filter((l) => l.includes('\t1\t'))
        .join('\n'),
      [line('num_rel', '1', '2'), line('map', '1', '0.4167'), line('relstring_4', '1', "'0012'")].join('').trimEnd(),
    );
    assert.match(r.stderr, /^q:1:7 warning non-integer-grade trec_eval reads the grade "1e2" as 1/m);
    assert.equal(r.code, 0);
  });

  it("reads scores as atof does: 2abc and 0x2 are 2 and tie; a NaN lands where glibc's merge sort leaves it", () => {
    const ties = trec({ qrels: '1 0 a 1\n1 0 b 0\n', run: '1 Q0 b 1 2abc t\n1 Q0 a 2 0x2 t\n' }, ['-q', '-m', 'relstring.3']);
    assert.equal(ties.stdout, line('relstring_3', '1', "'01'"));
    assert.match(ties.stderr, /r:1:10 warning unusual-score trec_eval reads the score "2abc" as 2/);
    const nan = trec({ qrels: '1 0 a 1\n1 0 b 1\n1 0 c 0\n', run: '1 Q0 a 1 1 t\n1 Q0 b 2 nan t\n1 Q0 c 3 2 t\n' }, [
      '-q',
      '-m',
      'relstring.3',
      '-m',
      'recip_rank',
    ]);
    assert.equal(nan.stdout, line('recip_rank', '1', '0.5000') + line('relstring_3', '1', "'011'") + line('recip_rank', 'all', '0.5000'));
  });

  it('reads a byte-order mark as part of the first query id, as trec_eval does, and warns', () => {
    const files = { qrels: '1 0 a 1\n1 0 b 1\n2 0 a 1\n', run: '\xef\xbb\xbf1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n2 Q0 a 1 1 t\n' };
    const r = trec(files, ['-q', '-m', 'num_ret']);
    // The first line belongs to query "\uFEFF1", which the qrels do not judge: query 1 retrieves only b.
    assert.equal(r.stdout, line('num_ret', '1', '1') + line('num_ret', '2', '1') + line('num_ret', 'all', '2'));
    assert.match(
      r.stderr,
      /^r:1:1 warning byte-order-mark The file starts with a byte-order mark: trec_eval reads it as part of the first line's query id/m,
    );
    // Another preset skips the mark: query 1 retrieves a and b.
    const ranx = trec(files, ['-q', '-m', 'NumRet', '--convention', 'ranx']);
    assert.match(ranx.stdout, /^NumRet\s+\t1\t2$/m);
    assert.match(ranx.stderr, /warning byte-order-mark The file starts with a byte-order mark: skipped/);
  });

  it('reads CRLF line endings and blank run lines', () => {
    const r = trec({ qrels: '1 0 a 1\r\n1 0 b 0\r\n', run: '1 Q0 a 1 1 t\r\n\r\n  \r\n1 Q0 b 2 2 t\r\n' }, [
      '-q',
      '-m',
      'relstring.2',
      '-m',
      'runid',
    ]);
    assert.equal(r.stdout, line('relstring_2', '1', "'01'") + line('runid', 'all', 't'));
    assert.equal(r.stderr, '');
  });

  it('stops with an error, printing nothing, on an empty qrels or run, or when no query is in both', () => {
    const emptyRun = trec({ qrels: '1 0 a 1\n', run: '' });
    assert.deepEqual([emptyRun.code, emptyRun.stdout], [1, '']);
    assert.match(
      emptyRun.stderr,
      /^r:1:1 error empty-file The run holds no line to rank, so nothing is evaluated \(trec_eval stops on an empty run: "Cannot read results file"\)\.$/m,
    );
    const emptyQrels = trec({ qrels: '# nothing judged yet\n', run: '1 Q0 a 1 1 t\n' });
    assert.deepEqual([emptyQrels.code, emptyQrels.stdout], [1, '']);
    assert.match(emptyQrels.stderr, /^q:1:1 error empty-file The qrels hold no judgement/m);
    const disjoint = trec({ qrels: '1 0 a 1\n', run: '9 Q0 a 1 1 t\n' });
    assert.deepEqual([disjoint.code, disjoint.stdout], [1, '']);
    assert.match(disjoint.stderr, /error nothing-evaluated No query is both judged in the qrels and in the run/);
  });

  it('skips a judged query missing from the run and says where trec_eval would stop', () => {
    const r = trec({ qrels: '1 0 a 1\n3 0 a 1\n2 0 a 1\n', run: '1 Q0 a 1 3 t\n2 Q0 a 1 1 t\n' }, ['-q', '-m', 'num_ret']);
    // trec_eval prints queries 1 and 2, then stops at 3 ("result qid '3' not found in qrels", exit 4).
    assert.equal(r.stdout, line('num_ret', '1', '1') + line('num_ret', '2', '1') + line('num_ret', 'all', '2'));
    assert.match(
      r.stderr,
      /q:2:1 warning query-not-in-run 1 judged query has no line in the run: 3 \(line 2\); skipped \(--complete counts them as 0, as trec_eval -c\); trec_eval without -c stops at query 3/,
    );
  });

  it('gives a shuffled run the output of the same lines grouped, with one thread or three', () => {
    // 40 queries, three lines each: query i % 40, so each comes back after the 39 others (more than the 32 kept open).
    const lines = Array.from({ length: 120 }, (_, i) => `${i % 40} Q0 d${(i * 7) % 23} ${i} ${(i % 5) / 2} t`);
    const qrels = Array.from({ length: 40 }, (_, q) => `${q} 0 d${q % 23} 1\n${q} 0 d${(q + 7) % 23} 2\n`).join('');
    const grouped = trec({ qrels, run: `${[...lines].sort().join('\n')}\n` }, ['-q', '-m', 'all_trec']);
    const shuffled = `${lines.join('\n')}\n`;
    const one = trec({ qrels, run: shuffled }, ['-q', '-m', 'all_trec']);
    assert.equal(one.stdout, grouped.stdout);
    assert.match(
      one.stderr,
      /info scattered-query The run's lines are not grouped by query: each query's lines are kept \(compactly\) until the whole run is read/,
    );
    // Three threads cut this run in pieces of a few lines, none of which holds a query twice: the 40 queries, each met in
    // several pieces, are read again where their lines lie.
    const three = trec({ qrels, run: shuffled }, ['-q', '-m', 'all_trec', '--jobs', '3']);
    assert.equal(three.stdout, grouped.stdout);
    assert.match(
      three.stderr,
      /info scattered-query 40 queries have lines in several places of the run \(not one block per query\): read in a second pass/,
    );
  });

  it('says where a shuffled run lists a docid twice, with one thread or three (the store keeps no line numbers: the query is read again)', () => {
    // The run above, and query 5's d12 (line 6) once more on line 121.
    const lines = Array.from({ length: 120 }, (_, i) => `${i % 40} Q0 d${(i * 7) % 23} ${i} ${(i % 5) / 2} t`);
    const qrels = Array.from({ length: 40 }, (_, q) => `${q} 0 d${q % 23} 1\n${q} 0 d${(q + 7) % 23} 2\n`).join('');
    const run = `${[...lines, '5 Q0 d12 120 0.25 t'].join('\n')}\n`;
    for (const jobs of ['1', '3']) {
      const r = trec({ qrels, run }, ['--jobs', jobs]);
      assert.equal(r.code, 1, `jobs ${jobs}`);
      assert.match(
        r.stderr,
        /^r:121:1 error duplicate-prediction "d12" appears twice for query 5\. Nothing is evaluated: trec_eval stops here \("duplicate docs"\)\. Remove the repeated lines, or add --keep-going to evaluate the other queries \(a query that lists a docid twice is left out\), every mean marked as computed on partial files\. \(first occurrence: r:6:1\)$/m,
        `jobs ${jobs}`,
      );
    }
  });
});
