import { Worker } from 'node:worker_threads';

/**
 * Ends the process with SIGKILL after `ms`, even when its main thread is blocked in native code (a
 * futex, a synchronous call that never returns): a timer of the main thread could not fire then, so
 * the deadline runs in a thread of its own. The worker is unref'd and does not keep the process up.
 */
export function forceExitAfter(ms: number): void {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);`,
    { eval: true, workerData: { pid: process.pid, ms } },
  );
  worker.unref();
}
