import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database lives inside one process: a second program opening the same folder (a second
 * server, a backup, create-admin) would corrupt it. The server holds this lock while it runs; the
 * other programs refuse to touch a folder whose lock belongs to a live process.
 */
const LOCK_FILE = 'server.lock';

export class DataDirBusyError extends Error {}

/** The pid of the live process holding the folder, or undefined when it is free (or its holder died). */
export function dataDirHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Refuses with a message that says what to do when a running server holds the folder. */
export function assertDataDirFree(dataDir: string, action: string): void {
  const pid = dataDirHolder(dataDir);
  if (pid === undefined) return;
  throw new DataDirBusyError(
    `A server (process ${pid}) is running on ${path.resolve(dataDir)}, and the embedded database allows one process at a time. ` +
      `Stop it, ${action}, then start it again. (With DATABASE_URL, PostgreSQL allows this while the servers run.)`,
  );
}

/** Takes the folder for this process until `release` (or the process's exit) gives it back. */
export function lockDataDir(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const content = JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() });
  try {
    // 'wx' creates the file or fails: of two servers starting at once, one wins.
    writeFileSync(file, content, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    assertDataDirFree(dataDir, 'or give this one another DATA_DIR');
    // The holder died without releasing (kill -9, power loss): its lock is stale.
    rmSync(file, { force: true });
    writeFileSync(file, content, { flag: 'wx' });
  }
  const release = () => {
    try {
      if (Number(JSON.parse(readFileSync(file, 'utf8')).pid) === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return { release };
}
