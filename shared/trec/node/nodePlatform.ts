/** The platform evaluateTrec runs on under Node: the disk, the machine's cores, worker threads. */
import { availableParallelism } from 'node:os';
import { TrecPlatform } from '../evaluate/evaluateTrec';
import { NODE_FILES } from './nodeFiles';
import { WorkerRunner } from './trecWorker';

/** Node's TrecPlatform: the disk, availableParallelism(), a worker thread per WorkerRunner. */
export const NODE_PLATFORM: Readonly<TrecPlatform> = {
  files: NODE_FILES,
  cores: availableParallelism,
  startWorker: (setup) => new WorkerRunner(setup),
};
