/**
 * The benchmark's TREC run written in the other formats `ranklens trec` reads (TSV with a header,
 * JSON lines, Parquet in row groups of 1,048,576 rows as pyarrow writes them: PLAIN and required
 * ('parquet'), or optional and dictionary-encoded, pyarrow's default ('parquet-dict')), line by line,
 * so that the same 10,000 × 1,000 run is timed in each against its TREC text.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { ParquetWriter } from '../test/helpers/parquetFile';

export const RUN_FORMATS = ['tsv', 'jsonl', 'parquet', 'parquet-dict'] as const;
export type RunFormat = (typeof RUN_FORMATS)[number];

const GROUP = 1 << 20;

/** Writes the TREC run at `from` as `format` at `to`. */
export function writeRunAs(from: string, to: string, format: RunFormat): void {
  const fd = openSync(to, 'w');
  try {
    if (format === 'parquet' || format === 'parquet-dict') {
      const dictionary = format === 'parquet-dict';
      const writer = new ParquetWriter(
        [
          { name: 'qid', type: 'string', optional: dictionary, dictionary },
          { name: 'docid', type: 'string', optional: dictionary, dictionary },
          { name: 'score', type: 'double', optional: dictionary, dictionary },
        ],
        (bytes) => {
          writeSync(fd, bytes);
        },
      );
      let q: string[] = [];
      let d: string[] = [];
      let s: number[] = [];
      eachTrecLine(from, (f) => {
        q.push(f[0]);
        d.push(f[2]);
        s.push(Number(f[4]));
        if (q.length === GROUP) {
          writer.rowGroup([q, d, s]);
          q = [];
          d = [];
          s = [];
        }
      });
      if (q.length > 0) writer.rowGroup([q, d, s]);
      writer.end();
      return;
    }
    let out: string[] = [format === 'tsv' ? 'qid\tdocid\tscore\n' : ''];
    let size = 0;
    eachTrecLine(from, (f) => {
      const line = format === 'tsv' ? `${f[0]}\t${f[2]}\t${f[4]}\n` : `{"qid": "${f[0]}", "docid": "${f[2]}", "score": ${f[4]}}\n`;
      out.push(line);
      size += line.length;
      if (size > 1 << 20) {
        writeSync(fd, out.join(''));
        out = [];
        size = 0;
      }
    });
    writeSync(fd, out.join(''));
  } finally {
    closeSync(fd);
  }
}

// Each line's fields (the benchmark's runs have one space between fields and no blank lines).
function eachTrecLine(path: string, onFields: (fields: string[]) => void): void {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(1 << 20);
    let rest = '';
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      const text = rest + buffer.toString('latin1', 0, n);
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) if (l !== '') onFields(l.split(' '));
    }
    if (rest !== '') onFields(rest.split(' '));
  } finally {
    closeSync(fd);
  }
}
