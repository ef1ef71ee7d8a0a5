// The constant answers of the baselines, A (baseline.mjs) and F (fastify-baseline.mjs): one
// module, so that the two always send the same bytes with the same headers.

// 111 bytes, the size of a small single-object answer of the API (e.g. /v1/points/:g).
export const small = Buffer.from(
  JSON.stringify({
    gryffindor: 1240,
    slytherin: 1185,
    ravenclaw: 960,
    hufflepuff: 1012,
    status: 200,
    padding: 'abcdefghijklmno',
  }),
);
// 21,700 bytes: the size of a list of some 110 player profiles.
const profile = (i) => ({
  id: i,
  user_id: String(200000000000000000n + BigInt(i) * 7919n),
  guild_id: '1133557799224466880',
  name: `Player number ${i}`,
  house: 'ravenclaw',
  year: 1 + (i % 7),
  job_id: 1 + (i % 6),
  galleons: 1000 + i,
  created_at: '2026-09-01T10:00:00.000Z',
});
const results = Array.from({ length: 110 }, (_, i) => profile(i + 1));
const unpadded = JSON.stringify({ results, count: results.length, status: 200, padding: '' });
export const large = Buffer.from(
  JSON.stringify({
    results,
    count: results.length,
    status: 200,
    padding: 'x'.repeat(21_700 - unpadded.length),
  }),
);
if (small.length !== 111) throw new Error(`baseline: small body is ${small.length} bytes, not 111`);

export const CONTENT_TYPE = 'application/json; charset=utf-8';
