// Baseline A: the fastest a Node HTTP answer gets on this machine, so every other figure can be
// read as a ratio to it. Plain JavaScript, run by `node` alone: a TypeScript loader would add
// its own start-up time to A's and flatter the real server's start-up ratio.
import { createServer } from 'node:http';

// 111 bytes, the size of a small single-object answer of the API (e.g. /v1/points/:g).
const small = Buffer.from(
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
const large = Buffer.from(
  JSON.stringify({
    results,
    count: results.length,
    status: 200,
    padding: 'x'.repeat(21_700 - unpadded.length),
  }),
);
if (small.length !== 111) throw new Error(`baseline: small body is ${small.length} bytes, not 111`);

const headers = (body) => ({
  'content-type': 'application/json; charset=utf-8',
  'content-length': body.length,
});
const server = createServer((request, response) => {
  const body = request.url === '/large' ? large : small;
  response.writeHead(200, headers(body));
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ msg: 'baseline listening', port: address.port, large: large.length })}\n`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
