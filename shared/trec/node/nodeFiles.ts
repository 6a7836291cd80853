/** The engine's files (TrecFiles) on Node: the disk. */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { TrecFiles } from '../evaluate/trecFiles';
import { readByteChunks } from './fileChunks';

/** Files on disk, each read by byte range (opened and closed on each call). */
export const NODE_FILES: Readonly<TrecFiles> = {
  size: (path) => statSync(path).size,
  readAt(path, at, into) {
    const fd = openSync(path, 'r');
    try {
      return readSync(fd, into, 0, into.length, at);
    } finally {
      closeSync(fd);
    }
  },
  readByteChunks,
};
