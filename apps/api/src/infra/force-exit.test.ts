import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const forceExitModule = fileURLToPath(new URL('./force-exit.ts', import.meta.url));

describe('forceExitAfter', () => {
  it('ends the process even while its main thread is blocked in a futex wait', async () => {
    // The main thread waits forever in Atomics.wait (a futex): its own timers can never fire.
    const program = `
      const { forceExitAfter } = await import(${JSON.stringify(forceExitModule)});
      await forceExitAfter(300);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { stdio: 'ignore' });
    // Were the deadline not kept, the test's own guard would end it with SIGTERM instead.
    const guard = setTimeout(() => child.kill('SIGTERM'), 60_000);
    const [code, signal] = await once(child, 'exit');
    clearTimeout(guard);
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
  }, 70_000);
});
