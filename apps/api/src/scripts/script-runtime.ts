import { loadConfig, type Config } from '../config';
import { assertDataDirFree, DataDirBusyError } from '../infra/data-dir-lock';
import { openRuntime, type Runtime } from '../runtime';

/**
 * What a command-line tool (create-admin, seed, migrate) opens: the configured database, unless a
 * running server holds the embedded one, which a second process would corrupt.
 */
export async function openScriptRuntime(action: string): Promise<{ config: Config; runtime: Runtime }> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    try {
      assertDataDirFree(config.DATA_DIR, action);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }
  return { config, runtime: await openRuntime(config) };
}
