import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput, ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';
import { contentTypeOf, IMMUTABLE_CACHE, isSafeKey, type FileStorage, type StoredEntry } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Absent for AWS itself; the address of any other S3-compatible store (MinIO, R2, Spaces...). */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket-in-the-path addresses (endpoint/bucket/key), which most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Where clients fetch files (a CDN in front of the bucket); without it the API serves /uploads itself. */
  publicUrl?: string;
  /** Prefix of the URLs the API serves itself. */
  publicPrefix?: string;
}

export interface S3FileStorage extends FileStorage {
  readonly bucket: string;
  /** Fails with a readable message when the bucket cannot be reached with these settings. */
  check(): Promise<void>;
  close(): void;
}

type Sdk = typeof S3Sdk;

/** The HTTP status of an S3 service error (the SDK's S3ServiceException), else undefined. */
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

const isMissing = (error: unknown) =>
  statusOf(error) !== undefined &&
  ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound' || statusOf(error) === 404);

function assertSafe(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

async function toBuffer(data: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  const chunks: Buffer[] = [];
  for await (const chunk of data) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Photos and avatars in an S3-compatible bucket, one object per key. */
export function s3Storage(options: S3StorageOptions): S3FileStorage {
  // The SDK costs some 20 MB of memory: loaded on first use, so a server without a bucket never has it.
  let connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(clientOptions) })));
  const send = async <T>(command: (sdk: Sdk) => object): Promise<T> => {
    const { sdk, client } = await connect();
    return (await client.send(command(sdk) as never)) as T;
  };
  const clientOptions = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's newer default checksums (CRC32 on every upload) are not understood by every
    // S3-compatible store; objects are checked only where the protocol requires it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering must fail the request (its files are then removed), not hold it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  } as const;
  const { bucket } = options;
  const publicBase = options.publicUrl?.replace(/\/+$/, '');
  const publicPrefix = options.publicPrefix ?? '/uploads';
  const where = `the S3 bucket "${bucket}"${options.endpoint ? ` at ${options.endpoint}` : ` in ${options.region}`}`;

  async function entries(prefix: string): Promise<StoredEntry[]> {
    const folder = `${assertSafe(prefix).replace(/\/+$/, '')}/`;
    const out: StoredEntry[] = [];
    let token: string | undefined;
    do {
      const page = await send<ListObjectsV2CommandOutput>(
        (sdk) => new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) out.push({ key: item.Key, modifiedMs: item.LastModified?.getTime() ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  return {
    bucket,
    description: where,
    async put(key, data) {
      // Read whole before sending: a source that fails mid-way then sends nothing, and a PUT either
      // stores the whole object or none of it.
      const body = await toBuffer(data);
      await send(
        (sdk) =>
          new sdk.PutObjectCommand({
            Bucket: bucket,
            Key: assertSafe(key),
            Body: body,
            ContentLength: body.length,
            ContentType: contentTypeOf(key),
            CacheControl: IMMUTABLE_CACHE,
          }),
      );
    },
    async remove(key) {
      // Deleting a missing object succeeds in S3.
      await send((sdk) => new sdk.DeleteObjectCommand({ Bucket: bucket, Key: assertSafe(key) }));
    },
    async exists(key) {
      try {
        await send((sdk) => new sdk.HeadObjectCommand({ Bucket: bucket, Key: assertSafe(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    url: (key) => (publicBase ? `${publicBase}/${key}` : `${publicPrefix}/${key}`),
    async list(prefix) {
      return (await entries(prefix)).map((e) => e.key);
    },
    entries,
    async read(key) {
      if (!isSafeKey(key)) return null;
      try {
        const object = await send<GetObjectCommandOutput>(
          (sdk) => new sdk.GetObjectCommand({ Bucket: bucket, Key: key }),
        );
        if (!(object.Body instanceof Readable)) throw new Error(`${where} answered without a readable body for ${key}`);
        return {
          body: object.Body,
          // By the key, never the object's own type: whoever can write to the bucket must not pick it.
          contentType: contentTypeOf(key),
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async check() {
      try {
        await send((sdk) => new sdk.HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        const reason =
          status === 404
            ? 'the bucket does not exist'
            : status === 403 || status === 401
              ? 'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'
              : (error as Error).message || (error as Error).name;
        throw new Error(`Cannot use ${where}: ${reason}`);
      }
    },
    close() {
      void connection?.then(({ client }) => client.destroy());
    },
  };
}
