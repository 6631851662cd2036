import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../config';
import { s3Storage, type S3FileStorage } from '../infra/s3-storage';

/** s3rver accepts any signed request with these keys. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Settings that point the app at this server. */
  config: Partial<Config>;
  storage(options?: { publicUrl?: string; bucket?: string }): S3FileStorage;
  close(): Promise<void>;
}

/** A real S3-compatible server on 127.0.0.1 with one empty bucket, its objects in a temporary folder. */
export async function startS3Server(bucket = 'test-photos'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'dealer-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const opened: S3FileStorage[] = [];
  return {
    endpoint,
    bucket,
    config: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    },
    storage(options = {}) {
      const storage = s3Storage({
        bucket: options.bucket ?? bucket,
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        publicUrl: options.publicUrl,
        ...S3RVER_KEYS,
      });
      opened.push(storage);
      return storage;
    },
    async close() {
      for (const storage of opened) storage.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
