import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawAnswer {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * GET with the request target sent exactly as written (`inject` and `fetch` normalize a URL first: a
 * fragment, `..` or a doubled `?` would never reach the server as a client can send them).
 */
export function rawGet(app: FastifyInstance, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: target, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
