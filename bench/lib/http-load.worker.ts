import { parentPort, workerData } from 'node:worker_threads';
import { runLoad, type LoadSpec } from './http-load.ts';

/** Worker-thread entry of `runLoadInWorker`: one load run, result posted back. */
const result = await runLoad(workerData as LoadSpec);
parentPort?.postMessage(result);
