import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertDataDirFree, DataDirBusyError, dataDirHolder, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dealer-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the data folder lock', () => {
  it('is taken and given back by one process', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    // The holder itself is not in its own way.
    expect(() => assertDataDirFree(dir, 'run the backup')).not.toThrow();
    lock.release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses a folder held by a live process, naming it and what to do', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid }));
    expect(dataDirHolder(dir)).toBe(process.ppid);
    expect(() => lockDataDir(dir)).toThrow(DataDirBusyError);
    expect(() => assertDataDirFree(dir, 'run the backup')).toThrow(
      new RegExp(`A server \\(process ${process.ppid}\\) is running on .*Stop it, run the backup, then start it again`),
    );
  });

  it('takes over the lock of a process that died without releasing it', () => {
    const dir = tempDir();
    // No process has pid 2^22 + 1 on Linux (pid_max is at most 2^22).
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: 4_194_305 }));
    expect(dataDirHolder(dir)).toBeUndefined();
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('ignores a damaged lock file', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), 'garbage');
    expect(dataDirHolder(dir)).toBeUndefined();
  });
});
