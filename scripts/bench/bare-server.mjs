// The bench's reference "constant route": a bare Fastify server (no plugins, no hooks) in its own process,
// so the list requests are compared with what Fastify itself serves on this machine.
import Fastify from 'fastify';

const app = Fastify();
app.get('/constant', async () => ({ status: 'SUCCESS', data: { ok: true } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare server listening');
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
