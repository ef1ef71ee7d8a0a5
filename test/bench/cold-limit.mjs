// The cold limit (issue 36): the fastest a cold answer gets on this machine, so that each cold
// row can be read as a ratio to it. Raw `node:http` doing, per request, the peer's indexed read
// (the same SQL, on the same SQLite file or PostgreSQL database) and `JSON.stringify`: no
// framework, no key check, no cache, nothing else. Plain JavaScript run by `node` alone, like
// baseline A and the peer. Each request's time in the server, from its arrival to its answer
// handed to the socket, is one log line on stdout as housecup writes its own
// (`{"msg":"request","url","ms"}`), which cold-peer.ts reads.
// With COLD_LIMIT_FASTIFY=1, the same read and stringify answered by a bare Fastify (defaults, no
// logger, no plugin), its time taken as housecup takes its own (Fastify's `elapsedTime`): what the
// framework itself adds to a cold answer.
//   PORT, HOST; DATABASE_PATH (SQLite) or DATABASE_URL (PostgreSQL); COLD_LIMIT_FASTIFY.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import pg from 'pg';

const require = createRequire(import.meta.url);
const HOUSES = 'gryffindor, slytherin, ravenclaw, hufflepuff';
const PROFILE = 'id, user_id, guild_id, name, house, year, job_id, galleons, created_at';

function openStore() {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    pg.types.setTypeParser(20, Number);
    return {
      all: async (text, values) => (await pool.query({ text, values })).rows,
      n: (i) => `$${i}`,
      close: () => pool.end(),
    };
  }
  // The SQLite build safe on this Node, as src/store/sqlite/driver.ts picks it.
  const major = Number(process.versions.node.split('.')[0]);
  const Database = require(major >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');
  const db = new Database(process.env.DATABASE_PATH, { readonly: true });
  db.pragma('busy_timeout = 5000');
  const statements = new Map();
  return {
    all: async (text, values) => {
      let statement = statements.get(text);
      if (!statement) {
        statement = db.prepare(text);
        statements.set(text, statement);
      }
      return statement.all(...values);
    },
    n: () => '?',
    close: async () => db.close(),
  };
}

const store = openStore();
const { all, n } = store;
const q = {
  points: `SELECT ${HOUSES} FROM house_points WHERE guild_id = ${n(1)}`,
  players: `SELECT ${PROFILE} FROM profiles WHERE guild_id = ${n(1)} ORDER BY user_id, id`,
  member: `SELECT ${PROFILE} FROM profiles WHERE guild_id = ${n(1)} AND user_id = ${n(2)} ORDER BY id`,
};

/** The body of a path: the read and its JSON, or null for a path it does not serve. */
async function answer(path) {
  const [, v1, area, guildId, userId, more] = path.split('/');
  if (v1 !== 'v1' || !guildId || more !== undefined) return null;
  if (area === 'points' && userId === undefined) {
    const [row] = await all(q.points, [guildId]);
    return row ? { ...row, status: 200 } : null;
  }
  if (area === 'players') {
    const results = userId
      ? await all(q.member, [guildId, userId])
      : await all(q.players, [guildId]);
    return results.length > 0 ? { results, count: results.length, status: 200 } : null;
  }
  return null;
}

/** The answer of `url` as text and status, as both servers send it. */
async function reply(url) {
  const body = await answer(url.split('?')[0]);
  return {
    status: body ? 200 : 404,
    text: JSON.stringify(body ?? { error: 'Not found', status: 404 }),
  };
}

const logLine = (url, ms) =>
  process.stdout.write(`${JSON.stringify({ msg: 'request', url, ms })}\n`);
const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';

if (process.env.COLD_LIMIT_FASTIFY === '1') {
  const app = Fastify();
  app.addHook('onResponse', (request, response, done) => {
    logLine(request.url, response.elapsedTime);
    done();
  });
  app.get('/*', (request, response) => {
    reply(request.url).then(
      ({ status, text }) => {
        response.code(status).type('application/json; charset=utf-8').send(text);
      },
      () => {
        response.code(500).send();
      },
    );
  });
  await app.listen({ port, host });
  process.once('SIGTERM', () =>
    app
      .close()
      .then(() => store.close())
      .then(() => process.exit(0)),
  );
} else {
  const server = createServer((request, response) => {
    const started = performance.now();
    const url = request.url ?? '/';
    response.once('finish', () => logLine(url, performance.now() - started));
    reply(url).then(
      ({ status, text }) => {
        response.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(text),
        });
        response.end(text);
      },
      () => {
        response.writeHead(500).end();
      },
    );
  });
  server.listen(port, host);
  process.once('SIGTERM', () => server.close(() => store.close().then(() => process.exit(0))));
}
