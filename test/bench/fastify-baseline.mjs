// Baseline F: bare Fastify with its defaults (no logger, no plugins) answering A's constant
// bodies, so that a row can be read against what the framework itself leaves as well as against
// node:http (A). Answered synchronously with a Buffer, the cheapest way Fastify sends a body, as
// housecup answers a cache hit. Plain JavaScript, run by `node` alone, like A.
import Fastify from 'fastify';
import { CONTENT_TYPE, large, small } from './constant-bodies.mjs';

const app = Fastify();
app.get('/', (_request, reply) => {
  reply.type(CONTENT_TYPE).send(small);
});
app.get('/large', (_request, reply) => {
  reply.type(CONTENT_TYPE).send(large);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ msg: 'fastify baseline listening', port: app.server.address().port, large: large.length })}\n`,
);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
