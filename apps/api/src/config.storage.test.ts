import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const bucket = { S3_BUCKET: 'dealer-photos', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

describe('photo storage settings', () => {
  it('keeps photos in DATA_DIR/uploads by default', () => {
    const config = loadConfig({});
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
  });

  it('takes a bucket with its keys, endpoint, path style and CDN address', () => {
    const config = loadConfig({
      ...bucket,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example.com/photos',
    });
    expect(config).toMatchObject({
      S3_BUCKET: 'dealer-photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: true,
      S3_PUBLIC_URL: 'https://cdn.example.com/photos',
    });
  });

  it.each([
    [{ S3_BUCKET: 'dealer-photos' }, 'S3_BUCKET="dealer-photos": needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: the access key of an account that may read and write the bucket'],
    [{ S3_BUCKET: 'dealer-photos', S3_ACCESS_KEY_ID: 'key' }, 'S3_BUCKET="dealer-photos": needs S3_SECRET_ACCESS_KEY'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET: must be set when S3_ENDPOINT is set (or remove them to keep photos in DATA_DIR/uploads)'],
    [{ S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_BUCKET: must be set when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set'],
    [{ ...bucket, S3_BUCKET: 'Dealer_Photos' }, 'S3_BUCKET="Dealer_Photos": must be 3 to 63 lowercase letters, digits, dots or hyphens, such as dealer-photos'],
    [{ ...bucket, S3_ENDPOINT: '127.0.0.1:9000' }, 'S3_ENDPOINT="127.0.0.1:9000": must be an http(s) URL such as http://127.0.0.1:9000'],
    [{ ...bucket, S3_PUBLIC_URL: 'ftp://cdn.example.com' }, 'S3_PUBLIC_URL="ftp://cdn.example.com": must be an http(s) URL such as https://cdn.example.com/photos'],
    [{ ...bucket, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE="yes": must be true or false'],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never prints the secret key', () => {
    try {
      loadConfig({ S3_SECRET_ACCESS_KEY: 'very-secret-value' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('very-secret-value');
    }
  });

  it('stops the server start, before any database work, when the bucket cannot be used', () => {
    const server = path.join(import.meta.dirname, 'server.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: {
        ...process.env,
        ...bucket,
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_FORCE_PATH_STYLE: 'true',
        // Never reached: the bucket is checked first.
        DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Cannot use the S3 bucket "dealer-photos" at http://127.0.0.1:9: ');
    expect(result.stderr).not.toContain('DATABASE_URL');
  });
});
