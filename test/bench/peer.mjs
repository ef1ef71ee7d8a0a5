// The peer (issue 24): the API's endpoints written the obvious way, as a competent developer
// would write them first, in an afternoon: Fastify with its logger at `info`, @fastify/rate-limit
// keyed by API key, the key's SHA-256 looked up in the store on every request, one prepared
// query per answer, `reply.send(object)` through a response schema, no answer cache. The bench
// loads it beside housecup on the same database (SQLite file or PostgreSQL), so that every row
// also reads "× peer": what housecup is worth against the service a user would otherwise write.
// Never slowed on purpose; plain JavaScript run by `node` alone, like baseline A.
//   PORT, HOST; DATABASE_PATH (SQLite) or DATABASE_URL (PostgreSQL); REDIS_URL (and
//   REDIS_KEY_PREFIX): the rate limit's counts in Redis, with the plugin's own store (ioredis).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import Redis from 'ioredis';
import pg from 'pg';

const require = createRequire(import.meta.url);
const HOUSES = ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'];
const PROFILE = 'id, user_id, guild_id, name, house, year, job_id, galleons, created_at';
const JOB = 'id, guild_id, name, description, salary';
// The ledger read off the history as a window: each house's points beside the row before's.
const HOUSE_ROWS = HOUSES.map((house, ord) => `SELECT ${ord} AS ord, '${house}' AS house`).join(
  ' UNION ALL ',
);
const POINTS = `coalesce(CASE o.ord ${HOUSES.map((house, ord) => `WHEN ${ord} THEN h.${house}`).join(' ')} END, 0)`;
const CHANGES = `SELECT h.id * 4 + o.ord AS id, h.at, h.id AS row_id, o.ord, o.house, ${POINTS} AS total,
    coalesce(lag(${POINTS}) OVER (PARTITION BY o.ord ORDER BY h.at, h.id), 0) AS before,
    h.source, h.by_user, h.for_user, h.reason, h.undone
  FROM points_history AS h CROSS JOIN (${HOUSE_ROWS}) AS o WHERE h.guild_id = `;
const LEDGER = `id, at, house, total - before AS delta, total, coalesce(source, 'game') AS source,
  by_user AS "by", for_user AS "for", reason, undone`;

/** The store as four queries, each returning rows; SQLite or PostgreSQL alike. */
function openStore() {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    // Integers come back as numbers, as the API writes them (bigint columns are strings in pg).
    pg.types.setTypeParser(20, Number);
    const all = async (text, values) => (await pool.query({ text, values })).rows;
    const n = (i) => `$${i}`;
    return { all, n, close: () => pool.end() };
  }
  // The SQLite build safe on this Node, as src/store/sqlite/driver.ts picks it.
  const major = Number(process.versions.node.split('.')[0]);
  const Database = require(major >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');
  const db = new Database(process.env.DATABASE_PATH, { readonly: true });
  db.pragma('busy_timeout = 5000');
  const statements = new Map();
  const all = async (text, values) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement.all(...values);
  };
  return { all, n: () => '?', close: () => db.close() };
}

const store = openStore();
const { all, n } = store;
const q = {
  key: `SELECT id, guilds, rate_limit FROM api_keys WHERE digest = ${n(1)} AND revoked_at IS NULL`,
  points: `SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = ${n(1)}`,
  premium: `SELECT expires_at FROM premium WHERE guild_id = ${n(1)}`,
  players: `SELECT ${PROFILE} FROM profiles WHERE guild_id = ${n(1)} ORDER BY user_id, id`,
  member: `SELECT ${PROFILE} FROM profiles WHERE guild_id = ${n(1)} AND user_id = ${n(2)} ORDER BY id`,
  jobs: `SELECT ${JOB} FROM jobs WHERE guild_id = ${n(1)} ORDER BY id`,
  log: `SELECT ${LEDGER} FROM (${CHANGES}${n(1)}) AS c
    WHERE total <> before AND (source IS NULL OR source <> 'baseline')
    ORDER BY at DESC, row_id DESC, ord DESC LIMIT ${n(2)}`,
};

const app = Fastify({ logger: { level: 'info' } });
// As @fastify/rate-limit's documentation shows it: an ioredis client, the plugin's Lua script.
const redis = process.env.REDIS_URL
  ? new Redis(process.env.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 })
  : undefined;

// Who is asking: the key's digest looked up on every request (the obvious way: no key cache).
app.decorateRequest('apiKey', null);
app.addHook('preHandler', async (request, reply) => {
  const header = request.headers.authorization ?? '';
  const key = header.startsWith('Bearer ') ? header.slice(7) : header;
  const digest = createHash('sha256').update(key).digest('hex');
  const [row] = key ? await all(q.key, [digest]) : [];
  if (!row) return reply.code(401).send({ error: 'Invalid API key', status: 401 });
  const guilds = typeof row.guilds === 'string' ? JSON.parse(row.guilds) : row.guilds;
  const guildId = request.params?.guildId;
  if (guildId && Array.isArray(guilds) && !guilds.includes(guildId)) {
    return reply.code(403).send({ error: 'This key cannot read this server', status: 403 });
  }
  request.apiKey = { id: row.id, digest, rateLimit: row.rate_limit };
});
// Keyed by API key, after the key is known; a key with its own limit keeps it (0: none).
await app.register(rateLimit, {
  hook: 'preHandler',
  keyGenerator: (request) => request.apiKey?.digest ?? request.ip,
  max: (request) => {
    const own = request.apiKey?.rateLimit;
    return own === 0 ? Number.MAX_SAFE_INTEGER : (own ?? 600);
  },
  timeWindow: 60_000,
  ...(redis ? { redis, nameSpace: process.env.REDIS_KEY_PREFIX ?? 'peer-rate-limit-' } : {}),
});

const error = {
  type: 'object',
  properties: { error: { type: 'string' }, status: { type: 'integer' } },
};
const nullableInteger = { type: ['integer', 'null'] };
const profile = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    user_id: { type: 'string' },
    guild_id: { type: 'string' },
    name: { type: 'string' },
    house: { type: ['string', 'null'] },
    year: nullableInteger,
    job_id: nullableInteger,
    galleons: { type: 'integer' },
    created_at: { type: 'string' },
  },
};
const job = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    guild_id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    salary: { type: 'integer' },
  },
};
const list = (item) => ({
  type: 'object',
  properties: {
    results: { type: 'array', items: item },
    count: { type: 'integer' },
    status: { type: 'integer' },
  },
});
const schema = (ok) => ({ response: { 200: ok, 404: error } });
const points = {
  type: 'object',
  properties: {
    ...Object.fromEntries(HOUSES.map((house) => [house, { type: 'integer' }])),
    status: { type: 'integer' },
  },
};
const premium = {
  type: 'object',
  properties: {
    guildId: { type: 'string' },
    premium: { type: 'boolean' },
    status: { type: 'integer' },
  },
};

const entry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: 'string' },
    house: { type: 'string' },
    delta: { type: 'integer' },
    total: { type: 'integer' },
    source: { type: 'string' },
    by: { type: ['string', 'null'] },
    for: { type: ['string', 'null'] },
    reason: { type: ['string', 'null'] },
    undone: { type: 'boolean' },
  },
};
const log = {
  type: 'object',
  properties: {
    guildId: { type: 'string' },
    results: { type: 'array', items: entry },
    count: { type: 'integer' },
    next: { type: ['integer', 'null'] },
    status: { type: 'integer' },
  },
};

app.get('/v1/players', async () => ({
  area: 'players',
  methods: [
    { path: '/v1/players/:guildId', description: "The guild's player profiles" },
    { path: '/v1/players/:guildId/:userId', description: "A member's profiles" },
  ],
  status: 200,
}));

app.get('/v1/points/:guildId', { schema: schema(points) }, async (request, reply) => {
  const [row] = await all(q.points, [request.params.guildId]);
  if (!row)
    return reply.code(404).send({ error: 'No house points found on this serve', status: 404 });
  return { ...row, status: 200 };
});
app.get(
  '/v1/premium/:guildId',
  { schema: { response: { 200: premium, 404: premium } } },
  async (request, reply) => {
    const { guildId } = request.params;
    const [row] = await all(q.premium, [guildId]);
    const expires = row?.expires_at;
    const active = row !== undefined && (expires === null || Date.parse(expires) > Date.now());
    return reply
      .code(active ? 200 : 404)
      .send({ guildId, premium: active, status: active ? 200 : 404 });
  },
);
app.get('/v1/players/:guildId', { schema: schema(list(profile)) }, async (request, reply) => {
  const results = await all(q.players, [request.params.guildId]);
  if (results.length === 0)
    return reply.code(404).send({ error: 'No player found on this server', status: 404 });
  return { results, count: results.length, status: 200 };
});
app.get(
  '/v1/players/:guildId/:userId',
  { schema: schema(list(profile)) },
  async (request, reply) => {
    const results = await all(q.member, [request.params.guildId, request.params.userId]);
    if (results.length === 0)
      return reply.code(404).send({ error: 'No player found on this server', status: 404 });
    return { results, count: results.length, status: 200 };
  },
);
app.get('/v1/jobs/:guildId', { schema: schema(list(job)) }, async (request, reply) => {
  const results = await all(q.jobs, [request.params.guildId]);
  if (results.length === 0)
    return reply.code(404).send({ error: 'No job found on this server', status: 404 });
  return { results, count: results.length, status: 200 };
});

// The ledger, newest first: a page of `limit` entries (100 by default), the next from its last id.
app.get(
  '/v1/points/:guildId/log',
  {
    schema: {
      querystring: {
        type: 'object',
        properties: { limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } },
      },
      response: { 200: log },
    },
  },
  async (request) => {
    const { guildId } = request.params;
    const { limit } = request.query;
    const rows = await all(q.log, [guildId, limit]);
    const results = rows.map((row) => ({ ...row, undone: Number(row.undone) === 1 }));
    const next = results.length === limit ? (results.at(-1)?.id ?? null) : null;
    return { guildId, results, count: results.length, next, status: 200 };
  },
);

const close = async () => {
  await app.close();
  await store.close();
  await redis?.quit();
  process.exit(0);
};
process.once('SIGTERM', close);
process.once('SIGINT', close);
await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '127.0.0.1' });
