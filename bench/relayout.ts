/**
 * The same run lines in the layouts runs are found in: shuffled (every line anywhere), or
 * interleaved as parallel writers leave them (four queries at a time, in chunks of 100 lines whose
 * order is random). Seeded, and streamed: a 400 MB run never has to fit in memory as lines.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { readChunks } from '../shared/trec';
import { seeded } from './random';

export type Layout = 'grouped' | 'shuffled' | 'interleaved';

/** Writes the lines of the run at `from` to `to` in the layout asked for. */
export function relayout(from: string, to: string, layout: Exclude<Layout, 'grouped'>, seed: number): void {
  const rand = seeded(seed);
  const out = openSync(to, 'w');
  try {
    if (layout === 'shuffled') shuffle(from, out, to, rand);
    else interleave(from, out, rand);
  } finally {
    closeSync(out);
  }
}

// Each line goes to one of 64 buckets at random; each bucket is then shuffled whole: together a
// uniformly random order, with one bucket (a 64th of the file) in memory at a time.
function shuffle(from: string, out: number, to: string, rand: () => number): void {
  const buckets = Array.from({ length: 64 }, (_, i) => `${to}.part${i}`);
  const fds = buckets.map((b) => openSync(b, 'w'));
  const pending: string[][] = buckets.map(() => []);
  try {
    readChunks(from, (text) => {
      for (const line of text.split('\n')) if (line) pending[Math.floor(rand() * 64)].push(line);
      pending.forEach((lines, i) => {
        if (lines.length > 0) writeSync(fds[i], `${lines.join('\n')}\n`, null, 'latin1');
        lines.length = 0;
      });
    });
  } finally {
    for (const fd of fds) closeSync(fd);
  }
  for (const b of buckets) {
    const lines = readFileSync(b, 'latin1')
      .split('\n')
      .filter((l) => l);
    rmSync(b);
    for (let i = lines.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [lines[i], lines[j]] = [lines[j], lines[i]];
    }
    if (lines.length > 0) writeSync(out, `${lines.join('\n')}\n`, null, 'latin1');
  }
}

// Four writers, each with its query; every 100 lines one of the four (at random) flushes its chunk.
function interleave(from: string, out: number, rand: () => number): void {
  let group: string[][] = [];
  let current = '';
  const flush = () => {
    const queues = group.map((lines) =>
      Array.from({ length: Math.ceil(lines.length / 100) }, (_, i) => lines.slice(i * 100, i * 100 + 100)),
    );
    while (queues.some((q) => q.length > 0)) {
      const live = queues.filter((q) => q.length > 0);
      writeSync(out, `${live[Math.floor(rand() * live.length)].shift()!.join('\n')}\n`, null, 'latin1');
    }
    group = [];
  };
  readChunks(from, (text) => {
    for (const line of text.split('\n')) {
      if (!line) continue;
      const qid = line.slice(0, line.indexOf(' '));
      if (qid !== current) {
        current = qid;
        if (group.length === 4) flush();
        group.push([]);
      }
      group[group.length - 1].push(line);
    }
  });
  flush();
}
