import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ChangeBus } from './infra/change-bus';
import type { Clock } from './infra/clock';
import type { FileStorage } from './infra/storage';
import type { TokenSigner } from './infra/tokens';

/** What the app is built from: services take the parts they need (`Pick<AppDeps, ...>`), so tests pass fakes. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  storage: FileStorage;
  tokens: TokenSigner;
  redis?: Redis;
  /** Tells every node that public data changed, so each drops what it cached. */
  changes: ChangeBus;
}
