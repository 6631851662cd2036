import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, SLOW_REQUEST_MS, type LoggerSettings } from './logger';
import { logFailedAndSlowRequests, requestLogOptions } from '../http/request-log';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, destination };
}

async function serve(settings: Omit<LoggerSettings, 'destination'>) {
  const { lines, destination } = capture();
  const logger = createLogger({ ...settings, destination });
  const app = Fastify({ loggerInstance: logger, ...requestLogOptions(logger) });
  logFailedAndSlowRequests(app as unknown as FastifyInstance);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { app, url, lines };
}

describe('createLogger', () => {
  it('below debug, logs a request only when it fails or is slow, saying which request it was', async () => {
    const { app, url, lines } = await serve({ level: 'info', format: 'json' });
    await fetch(`${url}/ok?x=1`);
    await fetch(`${url}/boom`);
    await fetch(`${url}/slow`);
    await app.close();
    const entries = lines.map(
      (l) => JSON.parse(l) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number } },
    );
    const requestLines = entries.filter((e) => e.msg === 'request completed' || e.msg === 'incoming request');
    expect(requestLines.map((e) => `${e.req?.method} ${e.req?.url} ${e.res?.statusCode}`)).toEqual([
      'GET /boom 500',
      'GET /slow 200',
    ]);
    expect(entries.some((e) => e.msg.startsWith('Server listening at'))).toBe(true);
  });

  it("makes a request's logger only when the request writes a line, and that line names the request", async () => {
    const { lines, destination } = capture();
    const logger = createLogger({ level: 'info', format: 'json', destination });
    const app = Fastify({ loggerInstance: logger, ...requestLogOptions(logger) });
    logFailedAndSlowRequests(app as unknown as FastifyInstance);
    app.get('/quiet', async (request) => {
      request.log.debug('below the level: nothing made, nothing written');
      return { ok: true };
    });
    app.get('/says', async (request) => {
      request.log.info({ note: 'kept' }, 'a line');
      return { ok: true };
    });
    const child = vi.spyOn(logger, 'child');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(child).not.toHaveBeenCalled();
    await app.inject({ method: 'GET', url: '/says' });
    expect(child).toHaveBeenCalledTimes(1);
    await app.close();
    const said = lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; note?: string }).filter((e) => e.msg === 'a line');
    expect(said).toEqual([expect.objectContaining({ note: 'kept', reqId: expect.any(String) })]);
    expect(lines.some((l) => l.includes('below the level'))).toBe(false);
  });

  it('at debug, logs every request in and out', async () => {
    const { app, url, lines } = await serve({ level: 'debug', format: 'json' });
    await fetch(`${url}/ok`);
    await app.close();
    const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages.filter((m) => m === 'incoming request' || m === 'request completed')).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('pretty: one readable line per entry, no listening line, secrets redacted', async () => {
    const { app, url, lines } = await serve({ level: 'info', format: 'pretty' });
    await fetch(`${url}/boom`);
    app.log.info({ user: { password: 'Sup3r-Secret!', refreshToken: 'tok-123' } }, 'an event');
    await app.close();
    const text = lines.join('\n');
    expect(text).not.toContain('Server listening');
    expect(text).not.toContain('{"level"');
    expect(lines.some((l) => /GET \/boom 500 in \d+ ms/.test(l))).toBe(true);
    expect(text).not.toContain('Sup3r-Secret!');
    expect(text).not.toContain('tok-123');
    expect(lines.every((l) => l.length < 2000)).toBe(true);
  });
});
