import type { Redis } from 'ioredis';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * Tells every node that shared data changed, so each can drop what it cached. Through Redis pub/sub
 * when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set, else in this
 * process only (the embedded database has one server). `connected` is false while a node may be
 * missing messages: a cache must not serve then.
 */
export interface ChangeBus {
  publish(): Promise<void>;
  onChange(listener: () => void): void;
  readonly connected: boolean;
  close(): Promise<void>;
}

const CHANNEL = 'dealer_public_changes';

export function createChangeBus(options: { redis?: Redis; databaseUrl?: string; logger?: Pick<Logger, 'warn'> }): ChangeBus {
  if (options.redis) return redisBus(options.redis, options.logger);
  if (options.databaseUrl) return postgresBus(options.databaseUrl, options.logger);
  return localBus();
}

function listeners() {
  const all = new Set<() => void>();
  return {
    add: (listener: () => void) => void all.add(listener),
    emit: () => all.forEach((listener) => listener()),
  };
}

function localBus(): ChangeBus {
  const subscribers = listeners();
  return {
    connected: true,
    publish: async () => subscribers.emit(),
    onChange: subscribers.add,
    close: async () => {},
  };
}

function redisBus(redis: Redis, logger?: Pick<Logger, 'warn'>): ChangeBus {
  const subscribers = listeners();
  const subscriber = redis.duplicate();
  let connected = false;
  subscriber.on('ready', () => {
    void subscriber.subscribe(CHANNEL).then(() => {
      connected = true;
      // Whatever was published while we were away is unknown: start clean.
      subscribers.emit();
    });
  });
  const down = () => {
    if (connected) logger?.warn('change bus (Redis) disconnected: shared caches bypassed until it is back');
    connected = false;
  };
  subscriber.on('close', down);
  subscriber.on('error', down);
  subscriber.on('message', (channel) => {
    if (channel === CHANNEL) subscribers.emit();
  });
  return {
    get connected() {
      return connected;
    },
    async publish() {
      // This node forgets at once; the others within a network round trip. A publish that fails means
      // Redis is away: the other nodes' subscriptions are down too, and they start clean when back.
      subscribers.emit();
      await redis.publish(CHANNEL, '1').catch(() => {});
    },
    onChange: subscribers.add,
    async close() {
      subscriber.disconnect();
    },
  };
}

/** The first wait before the PostgreSQL bus connects again; doubled after each failed try, up to the most. */
export const BUS_RETRY_FIRST_MS = 500;
export const BUS_RETRY_MAX_MS = 5000;

function postgresBus(url: string, logger?: Pick<Logger, 'warn'>): ChangeBus {
  const subscribers = listeners();
  let connected = false;
  let closed = false;
  /** The one connection that listens, or is being opened to; none while a retry waits. */
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failedTries = 0;
  const publisher = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 10_000 });
  publisher.on('error', () => {});
  // A connection lost while it publishes fails that publish only (the pool listens on idle ones).
  publisher.on('connect', (client) => client.on('error', () => {}));

  const connect = async () => {
    retry = undefined;
    if (closed) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    listener = client;
    client.on('notification', () => subscribers.emit());
    // One lost connection says so twice ('error', then 'end'): `lost` acts on the first only.
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      lost(client);
      return;
    }
    if (listener !== client) return;
    connected = true;
    failedTries = 0;
    // Whatever was published while we were away is unknown: start clean.
    subscribers.emit();
  };
  /** Drops `client` if it is still the listener and tries again once, later each time it fails. */
  const lost = (client: pg.Client) => {
    if (listener !== client) return;
    listener = undefined;
    void client.end().catch(() => {});
    if (connected) logger?.warn('change bus (PostgreSQL) disconnected: shared caches bypassed until it is back');
    connected = false;
    if (closed) return;
    const wait = Math.min(BUS_RETRY_MAX_MS, BUS_RETRY_FIRST_MS * 2 ** failedTries);
    failedTries += 1;
    retry = setTimeout(() => void connect(), wait);
    retry.unref();
  };
  void connect();

  return {
    get connected() {
      return connected;
    },
    async publish() {
      subscribers.emit();
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, '1']).catch(() => {});
    },
    onChange: subscribers.add,
    async close() {
      closed = true;
      connected = false;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
