import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, createBackup } from '../infra/backup';
import { DataDirBusyError } from '../infra/data-dir-lock';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run backup -- --out backups/dealer-YYYY-MM-DD.tar.gz');
  process.exit(1);
}
try {
  const { file, bytes, manifest, skipped } = await createBackup(loadConfig(), values.out);
  const photos = manifest.photos.store === 'local' ? `${manifest.photos.files} photo files` : `photos left in bucket ${manifest.photos.bucket}`;
  console.log(`Backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB; ${manifest.database} database, ${photos}).`);
  if (skipped.length > 0)
    console.warn(
      `Left out ${skipped.length} entries of the uploads folder that are not photos or avatars this application wrote (links, other files): ` +
        `${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', ...' : ''}`,
    );
} catch (error) {
  if (!(error instanceof BackupError || error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
