// Baseline A: the fastest a Node HTTP answer gets on this machine, so every other figure can be
// read as a ratio to it. Plain JavaScript, run by `node` alone: a TypeScript loader would add
// its own start-up time to A's and flatter the real server's start-up ratio.
import { createServer } from 'node:http';
import { CONTENT_TYPE, large, small } from './constant-bodies.mjs';

const headers = (body) => ({
  'content-type': CONTENT_TYPE,
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
