import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';

/**
 * Reading and writing the tar.gz files of a backup with tar-stream, which hands over each entry's
 * header before its content: every entry is judged (its type and its name) before a byte of it is
 * written, so a link, a device or a name that climbs out of the folder is refused, never unpacked.
 * Files are written only into a fresh staging folder of the caller's, and only by name there.
 */

/** What one file of an archive held: its size and SHA-256, as the manifest records them. */
export interface ArchivedFile {
  bytes: number;
  sha256: string;
}

/** Thrown for an archive that cannot be accepted; the message says which entry and why. */
export class ArchiveRefused extends Error {}

export interface EntryRules {
  /** Whether a folder of this (normalised, relative) name may be in the archive. */
  folder(name: string): boolean;
  /** Whether a file of this name may be in the archive; a string says why not. */
  file(name: string): true | string;
  /** The largest a file of this name may be (its header says its size before any byte is read). */
  maxBytes?(name: string): number;
  /** Checks a file's first bytes (at least 12 when it has them); a string says why it is refused. */
  content?(name: string, head: Buffer): true | string;
}

const TYPE_NAMES: Record<string, string> = {
  symlink: 'a symbolic link',
  link: 'a hard link',
  'character-device': 'a device',
  'block-device': 'a device',
  fifo: 'a named pipe',
};

/**
 * The entry's name relative to the archive's top: "./x", "/x" and "x" are one name. Null for a
 * name that could reach outside the folder it is unpacked into, or is not plain.
 */
export function entryName(raw: string): string | null {
  const name = raw.replace(/^(\.?\/)+/, '').replace(/\/+$/, '');
  if (name === '' || name === '.') return '';
  const parts = name.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || !/^[A-Za-z0-9_.-]+$/.test(part))) return null;
  return name;
}

/**
 * Unpacks the tar.gz `source` into the empty folder `into` (which the caller made), judging each
 * entry by `rules` first. Returns every file written, by name, with its size and checksum. A name
 * seen twice is refused: in tar the last copy wins, which would let an archive swap what was checked.
 */
export async function unpackChecked(source: string, into: string, rules: EntryRules): Promise<Map<string, ArchivedFile>> {
  const files = new Map<string, ArchivedFile>();
  const seen = new Set<string>();
  const extract = tar.extract();
  // tar-stream's streams are streamx ones: fed by pipe, read by iteration, errors passed on by hand.
  const input = createReadStream(source);
  const gunzip = createGunzip();
  const fail = (error: Error) => extract.destroy(error);
  input.on('error', fail);
  gunzip.on('error', fail);
  input.pipe(gunzip).pipe(extract);
  try {
    for await (const entry of extract) {
      const { header } = entry;
      const name = entryName(header.name);
      if (name === null) throw new ArchiveRefused(`${JSON.stringify(header.name)} is not a plain name inside the archive`);
      if (seen.has(name)) throw new ArchiveRefused(`${name} is in the archive twice`);
      seen.add(name);
      if (header.type === 'directory') {
        if (name !== '' && !rules.folder(name)) throw new ArchiveRefused(`the folder ${name} is not part of a backup`);
        await mkdir(path.join(into, name), { recursive: true });
        entry.resume();
        continue;
      }
      if (header.type !== 'file' && header.type !== 'contiguous-file')
        throw new ArchiveRefused(`${name} is ${TYPE_NAMES[header.type ?? ''] ?? `of type ${header.type}`}; a backup holds only files and folders`);
      const allowed = rules.file(name);
      if (allowed !== true) throw new ArchiveRefused(`${name}: ${allowed}`);
      const maxBytes = rules.maxBytes?.(name) ?? Infinity;
      if ((header.size ?? 0) > maxBytes) throw new ArchiveRefused(`${name} is larger than ${maxBytes} bytes`);
      files.set(name, await writeEntry(entry as AsyncIterable<Buffer>, path.join(into, name), (head) => rules.content?.(name, head) ?? true));
    }
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  return files;
}

/** Writes one entry's content to `file` (a new file: never through anything already there). */
async function writeEntry(content: AsyncIterable<Buffer>, file: string, check: (head: Buffer) => true | string): Promise<ArchivedFile> {
  await mkdir(path.dirname(file), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  let head = Buffer.alloc(0);
  let checked = false;
  const judge = () => {
    checked = true;
    const verdict = check(head);
    if (verdict !== true) throw new ArchiveRefused(`${path.basename(file)}: ${verdict}`);
  };
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!checked) {
        head = Buffer.concat([head, chunk]).subarray(0, 12);
        if (head.length >= 12) {
          try {
            judge();
          } catch (error) {
            done(error as Error);
            return;
          }
        }
      }
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      try {
        if (!checked) judge();
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  await pipeline(content, inspect, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  return { bytes, sha256: hash.digest('hex') };
}

/** One file to put in an archive: its name there and where its content is. */
export type PackedFile = { name: string; data: Buffer } | { name: string; file: string; bytes: number };

/**
 * Writes a tar.gz of regular files only to `target`: the archive's names are given, so nothing on
 * disk (a link, a stray file) decides what goes in. `last` makes the final file from the size and
 * checksum of each one before it (a manifest).
 */
export async function packFiles(target: string, files: PackedFile[], last: (written: Map<string, ArchivedFile>) => PackedFile): Promise<void> {
  const pack = tar.pack();
  const written = new Map<string, ArchivedFile>();
  const packed = async function* () {
    yield* pack as AsyncIterable<Buffer>;
  };
  const out = pipeline(packed, createGzip(), createWriteStream(target, { flags: 'w', mode: 0o600 }));
  // A write that fails (a full disk) ends the output: waits on the pack give way to its error.
  const closedEarly = out.then(() => {
    throw new Error('the archive was closed before all files were in it');
  });
  closedEarly.catch(() => undefined);
  const untilWritten = <T>(step: Promise<T>) => Promise.race([step, closedEarly]);
  try {
    for (let i = 0; i <= files.length; i += 1) {
      const item = i < files.length ? files[i]! : last(written);
      const hash = createHash('sha256');
      if ('data' in item) {
        hash.update(item.data);
        await untilWritten(
          new Promise<void>((resolve, reject) =>
            pack.entry({ name: item.name, size: item.data.length, type: 'file', mode: 0o644 }, item.data, (error) => (error ? reject(error) : resolve())),
          ),
        );
        written.set(item.name, { bytes: item.data.length, sha256: hash.digest('hex') });
      } else {
        let settle!: (error?: Error | null) => void;
        const finished = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
        const entry = pack.entry({ name: item.name, size: item.bytes, type: 'file', mode: 0o644 }, (error) => settle(error));
        for await (const chunk of createReadStream(item.file) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          if (!entry.write(chunk)) await untilWritten(new Promise<void>((resolve) => entry.once('drain', () => resolve())));
        }
        entry.end(undefined);
        await untilWritten(finished);
        written.set(item.name, { bytes: item.bytes, sha256: hash.digest('hex') });
      }
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    await out.catch(() => undefined);
    throw error;
  }
  await out;
}
