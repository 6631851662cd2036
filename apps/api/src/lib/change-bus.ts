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
      // This node forgets at once; the others within a network round trip.
      subscribers.emit();
      await redis.publish(CHANNEL, '1').catch(() => down());
    },
    onChange: subscribers.add,
    async close() {
      subscriber.disconnect();
    },
  };
}

function postgresBus(url: string, logger?: Pick<Logger, 'warn'>): ChangeBus {
  const subscribers = listeners();
  let connected = false;
  let closed = false;
  let listener: pg.Client | undefined;
  const publisher = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 10_000 });
  publisher.on('error', () => {});

  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', () => subscribers.emit());
    client.on('error', () => reconnect(client));
    client.on('end', () => reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      listener = client;
      connected = true;
      subscribers.emit();
    } catch {
      reconnect(client);
    }
  };
  const reconnect = (client: pg.Client) => {
    if (listener && listener !== client) return;
    if (connected) logger?.warn('change bus (PostgreSQL) disconnected: shared caches bypassed until it is back');
    connected = false;
    listener = undefined;
    void client.end().catch(() => {});
    if (!closed) setTimeout(() => void connect(), 1000).unref();
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
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
