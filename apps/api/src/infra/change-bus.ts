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
  publish(topic?: ChangeTopic): Promise<void>;
  onChange(listener: () => void, topic?: ChangeTopic): void;
  readonly connected: boolean;
  close(): Promise<void>;
}

/**
 * What changed: the public listings (the default; the vehicle answers and pages), the workshop's
 * places (its availability answers), the workshop's calendar itself (its place counts, its services'
 * durations, its closure days: what every availability answer is worked out from, changed by staff
 * rarely), or the accounts and their sessions (who a signed-in request's token stands for: a sign-out,
 * a suspension, a role). A cache listens to the one that makes it stale, so a booking does not empty the
 * listings' caches or the calendar's, and a price change does not empty the availability answers.
 */
export const CHANGE_TOPICS = ['listings', 'workshop', 'calendar', 'accounts'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** The bus as one topic's cache sees it (the `changes` option of a bounded cache). */
export function changesOf(bus: Pick<ChangeBus, 'onChange' | 'connected'>, topic: ChangeTopic): { onChange(listener: () => void): void; readonly connected: boolean } {
  return {
    onChange: (listener) => bus.onChange(listener, topic),
    get connected() {
      return bus.connected;
    },
  };
}

const CHANNEL = 'dealer_public_changes';
/** A message's topic; an older node's message ('1') meant the listings. */
const topicOf = (message: string | undefined): ChangeTopic => CHANGE_TOPICS.find((topic) => topic === message) ?? 'listings';

export function createChangeBus(options: { redis?: Redis; databaseUrl?: string; logger?: Pick<Logger, 'warn'> }): ChangeBus {
  if (options.redis) return redisBus(options.redis, options.logger);
  if (options.databaseUrl) return postgresBus(options.databaseUrl, options.logger);
  return localBus();
}

function listeners() {
  const byTopic = new Map<ChangeTopic, Set<() => void>>(CHANGE_TOPICS.map((topic) => [topic, new Set()]));
  return {
    add: (listener: () => void, topic: ChangeTopic = 'listings') => void byTopic.get(topic)!.add(listener),
    emit: (topic: ChangeTopic) => byTopic.get(topic)!.forEach((listener) => listener()),
    /** After a time away from the bus, when any message may have been missed. */
    emitAll: () => byTopic.forEach((all) => all.forEach((listener) => listener())),
  };
}

function localBus(): ChangeBus {
  const subscribers = listeners();
  return {
    connected: true,
    publish: async (topic = 'listings') => subscribers.emit(topic),
    onChange: subscribers.add,
    close: async () => {},
  };
}

function redisBus(redis: Redis, logger?: Pick<Logger, 'warn'>): ChangeBus {
  const subscribers = listeners();
  // Subscribed again by us on each 'ready', where a failure is handled: ioredis' own resubscription
  // leaves its promise unhandled when the connection drops again before the command is written.
  const subscriber = redis.duplicate({ autoResubscribe: false });
  let connected = false;
  let closed = false;
  subscriber.on('ready', () => {
    subscriber.subscribe(CHANNEL).then(
      () => {
        connected = true;
        // Whatever was published while we were away is unknown: start clean.
        subscribers.emitAll();
      },
      // The subscription failed (Redis just back and slow to answer within the command timeout, or gone
      // again): left alone, the rejection was unhandled and this node deaf to the others. Connect again,
      // and subscribe again once ready.
      () => {
        if (!closed) subscriber.disconnect(true);
      },
    );
  });
  const down = () => {
    if (connected) logger?.warn('change bus (Redis) disconnected: shared caches bypassed until it is back');
    connected = false;
  };
  subscriber.on('close', down);
  subscriber.on('error', down);
  subscriber.on('message', (channel, message: string) => {
    if (channel === CHANNEL) subscribers.emit(topicOf(message));
  });
  return {
    get connected() {
      return connected;
    },
    async publish(topic = 'listings') {
      // This node forgets at once; the others within a network round trip. A publish that fails means
      // Redis is away: the other nodes' subscriptions are down too, and they start clean when back.
      subscribers.emit(topic);
      await redis.publish(CHANNEL, topic).catch(() => {});
    },
    onChange: subscribers.add,
    async close() {
      closed = true;
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
    client.on('notification', (message) => subscribers.emit(topicOf(message.payload)));
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
    subscribers.emitAll();
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
    async publish(topic = 'listings') {
      subscribers.emit(topic);
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, topic]).catch(() => {});
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
