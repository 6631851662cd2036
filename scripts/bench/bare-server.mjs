// The bench's reference routes: a bare Fastify server (no plugins, no hooks) in its own process, so the list
// requests are compared with what Fastify itself serves on this machine. `/constant` answers a tiny JSON object
// (issue 12's reference); `/page` answers the bytes last PUT to it as they are: the bench gives it our own page
// 1 of the list, so it is a precomputed 12-vehicle page as issue 30 describes its reference.
import Fastify from 'fastify';

const app = Fastify({ bodyLimit: 1024 * 1024 });
let page = '{}';
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
app.get('/constant', async () => ({ status: 'SUCCESS', data: { ok: true } }));
app.put('/page', async (request) => {
  page = request.body;
  return { ok: true };
});
app.get('/page', (_request, reply) => reply.type('application/json; charset=utf-8').send(page));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare server listening');
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
