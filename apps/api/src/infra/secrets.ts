import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The JWT secret: configured, or generated once and kept in DATA_DIR so restarts keep sessions. */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets.json');
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { jwtSecret?: string };
    if (saved.jwtSecret) return saved.jwtSecret;
  } catch {
    // First start: fall through and create it.
  }
  const jwtSecret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  return jwtSecret;
}
