/**
 * What the engine needs from the platform it runs on to read the qrels and the run: files read by
 * byte range. The engine itself stays free of Node; Node's files are ../node/nodeFiles.ts.
 */

/** A byte range of a file: from a line start to a line start (or the end of the file). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Calls onBytes with a file's bytes in pieces of whole lines (see ../node/fileChunks.ts readByteChunks). */
export type ReadByteChunks = (
  path: string,
  onBytes: (bytes: Uint8Array, end: number, offset: number) => boolean | void,
  onProgress?: (done: number, total: number) => void,
  range?: ByteRange,
) => void;

/** Files read by byte range. */
export interface TrecFiles {
  /** The file's size in bytes. */
  size(path: string): number;
  /** Reads the file's bytes from byte `at` into `into`, as many as fit; returns how many (fewer at the end, 0 past it). */
  readAt(path: string, at: number, into: Uint8Array): number;
  /**
   * Calls onBytes with the file's bytes (or the range's) in pieces of whole lines, bytes[0, end),
   * each ending with a line break (a last line without one is given one); `offset` is where
   * bytes[0] is in the file. The buffer is reused: onBytes copies what it keeps. Stops when onBytes
   * returns false.
   */
  readByteChunks: ReadByteChunks;
}
