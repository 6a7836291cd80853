/**
 * What reading a qrels or run file in any format gives the engine (a TREC text and where its lines
 * came from), and how it is read: the converters of each format (convertInput.ts, convertText.ts,
 * convertParquet.ts) share these types without importing one another.
 */
import type { ColumnMap, InputFormat } from '../read/formats/inputFormat';
import type { LineMap } from '../read/formats/trecLines';
import type { TrecProblem } from '../read/problems';

/** A qrels or run file as the engine reads it. */
export interface TrecInput {
  /** The TREC text to read: the file itself, or the temporary file it was written into. */
  path: string;
  format: InputFormat;
  /** For a file written as TREC text: each written line's place in the file, the rows that were not written, and whether nothing was. */
  map?: LineMap;
  problems: TrecProblem[];
  /** Rows that could not be written (each a malformed-line problem). */
  skipped: number;
  refused: boolean;
  /** A run's tag as the TREC text has it (the tag column's last, else the file's name). */
  tag?: string;
}

/** How a file is read: its format (detected when not given) and the names of its columns. */
export interface InputOptions {
  format?: InputFormat;
  columns?: ColumnMap;
  /** Threads to convert a text file in (as the evaluation's --jobs); by default, as many as the evaluation's for a file over PARALLEL_BYTES. */
  jobs?: number;
}
