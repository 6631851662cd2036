import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * Ends the process with SIGKILL `ms` from now, even when its main thread is blocked in native code by
 * then (a futex wait, a synchronous call that never returns): a timer of the main thread could not
 * fire, so the deadline runs in a thread of its own. Resolves once that thread holds the deadline;
 * the worker is unref'd and does not keep the process up.
 */
export async function forceExitAfter(ms: number): Promise<void> {
  const worker = new Worker(
    // A dynamic import runs whether the eval is taken as a script or as a module.
    `import('node:worker_threads').then(({ parentPort, workerData }) => {
       setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);
       parentPort.postMessage('armed');
     });`,
    { eval: true, workerData: { pid: process.pid, ms } },
  );
  worker.unref();
  await once(worker, 'message');
}
