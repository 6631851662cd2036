import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, restoreBackup } from '../infra/backup';
import { DataDirBusyError } from '../infra/data-dir-lock';

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- backups/dealer-YYYY-MM-DD.tar.gz   (into an empty DATA_DIR, or an empty database with DATABASE_URL)');
  process.exit(1);
}
try {
  const config = loadConfig();
  const { manifest, photos } = await restoreBackup(config, positionals[0]!);
  const where = manifest.database === 'pglite' ? `DATA_DIR ${config.DATA_DIR}` : 'the database in DATABASE_URL';
  console.log(`Restored the backup of ${manifest.createdAt} into ${where} with ${photos} photo files. Start the server with 'npm start'.`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
