/**
 * A qrels or run file a fixture names (`"run": "runs/bm25.run.gz"`), read as `ranklens trec` reads it:
 * gunzipped, written as TREC text from its rows when it is in another format (convertInput.ts), then
 * read by the qrels and run readers with the same options (a byte-order mark, a header line, C's
 * numbers under trec_eval's preset, a docid twice), each problem placed on the line of the file it
 * came from. The fixture layer builds its cases from the queries (shared/fixture/schema/referencedCases.ts).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Buffer } from 'node:buffer';
import { idFromBytes } from '../read/byteText';
import { Convention } from '../../core/conventions';
import { byteOrderMark, HEAD_BYTES } from '../read/byteOrderMark';
import { binaryFile, headerLine } from '../read/fileShape';
import { TrecFileKind, TrecProblem } from '../read/problems';
import { QrelsReader } from '../read/qrelsReader';
import { RunQuery, RunReader, duplicateProblems, joinBlocks, runQuery } from '../read/runReader';
import { InputOptions, trecInput } from './convertInput';
import { plainFile, UnreadableInput } from './inputFiles';
import { readWhole } from './nodeFiles';

/** A referenced file's queries in file order (ids decoded as UTF-8 when they are), its problems, or why nothing was read. */
export interface ReferencedFile {
  queries: { qid: string; ids: string[]; values: number[] }[];
  problems: TrecProblem[];
  error?: string;
}

/** How a referenced file is read: the fixture's convention (trec_eval's preset reads numbers as C does) and the format and columns given. */
export interface ReferencedFileOptions {
  asTrecEval: boolean;
  convention: Convention;
  input?: InputOptions;
}

/** Reads a qrels or run file at `path` for a fixture; never throws (a file that cannot be read is an `error`). */
export async function readReferencedFile(path: string, kind: TrecFileKind, options: ReferencedFileOptions): Promise<ReferencedFile> {
  let dir: string | undefined;
  const scratch = () => (dir ??= mkdtempSync(join(tmpdir(), 'ranklens-fixture-')));
  try {
    if (!statSync(path).isFile()) return unread('it is not a file');
    const plain = await plainFile(path, kind, scratch);
    const input = await trecInput(plain, kind, scratch, options.input, path.endsWith('.gz') ? path.slice(0, -3) : path);
    const refusal = input.problems.find((p) => p.code === 'format-error');
    if (refusal) return unread(refusal.what ?? refusal.message);
    // A large file is converted by parts in several threads: a folder of them, read as one text.
    const bytes = withFinalBreak(readWhole(input.path));
    const head = bytes.subarray(0, HEAD_BYTES);
    const binary = binaryFile(head, kind);
    if (binary) return unread(binary.what ?? binary.message);
    const mark = byteOrderMark(head, kind, options.asTrecEval);
    const header = headerLine(head, kind, mark.skip, options.asTrecEval);
    const read = kind === 'qrels' ? readQrels(bytes, mark.skip, header?.line, options) : readRun(bytes, mark.skip, header?.offset, options);
    const placed = read.problems.map((p) => (input.map ? { ...p, line: input.map.source(p.line) } : p));
    const problems = [...input.problems, ...[mark.problem, header?.problem].filter((p): p is TrecProblem => p !== undefined), ...placed];
    return { queries: read.queries, problems };
  } catch (e) {
    return unread(e instanceof UnreadableInput ? e.message : describeError(e));
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

function unread(error: string): ReferencedFile {
  return { queries: [], problems: [], error };
}

function describeError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'ENOENT') return 'there is no such file';
  if (err.code === 'EACCES') return 'permission denied';
  if (err.code === 'EISDIR') return 'it is a folder';
  return err.message ?? String(e);
}

// The readers take whole lines: a last line without its line break gets one.
function withFinalBreak(bytes: Buffer): Buffer {
  return bytes.length === 0 || bytes[bytes.length - 1] === 10 ? bytes : Buffer.concat([bytes, Buffer.from('\n')]);
}

function readQrels(bytes: Uint8Array, from: number, headerLineNumber: number | undefined, options: ReferencedFileOptions) {
  const reader = new QrelsReader({
    asTrecEval: options.asTrecEval,
    duplicateSeverity: options.convention.duplicates === 'error' ? 'error' : 'warning',
    headerLine: headerLineNumber,
  });
  reader.feed(bytes, from);
  const table = reader.end().byQuery();
  const queries = [...table.queries].map(([qid, q]) => ({ qid: idFromBytes(qid), ids: q.ids.map(idFromBytes), values: q.grades }));
  return { queries, problems: table.problems };
}

function readRun(bytes: Uint8Array, from: number, headerAt: number | undefined, options: ReferencedFileOptions) {
  const byQid = new Map<string, RunQuery>();
  const reader = new RunReader(
    (block) => {
      const q = runQuery(block);
      const earlier = byQid.get(q.qid);
      if (earlier) joinBlocks(earlier, q);
      else byQid.set(q.qid, q);
    },
    { asTrecEval: options.asTrecEval, mode: 'collect', headerAt },
  );
  reader.feed(bytes, from);
  const { problems } = reader.end();
  const queries = [...byQid.values()].map((q) => ({
    qid: idFromBytes(q.qid),
    ids: q.predictions.map((p) => idFromBytes(p.id)),
    values: q.predictions.map((p) => p.score ?? NaN),
  }));
  return { queries, problems: [...problems, ...[...byQid.values()].flatMap((q) => duplicateProblems(q, options.convention))] };
}
