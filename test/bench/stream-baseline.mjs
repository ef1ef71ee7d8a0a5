// The event streams' baseline: raw `node:http` holding each stream open, so that the memory a
// housecup stream costs is read against what the connection alone costs the same Node in the
// same run (Node's own share rose from Node 22 to 26). It answers a stream as housecup does in
// outline (status, headers, the first events the bench's clients wait for) and keeps its
// response; any other path gets baseline A's small body (the section's warm-up load).
import { createServer } from 'node:http';
import { CONTENT_TYPE, small } from './constant-bodies.mjs';

const FIRST_EVENTS = 'event: points\ndata: {}\n\nevent: jobs\ndata: []\n\n';
const held = new Set();
const server = createServer((request, response) => {
  if (!request.url?.includes('/events')) {
    response.writeHead(200, { 'content-type': CONTENT_TYPE, 'content-length': small.length });
    response.end(small);
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  response.write(FIRST_EVENTS);
  held.add(response);
  request.on('close', () => held.delete(response));
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const response of held) response.destroy();
  server.close(() => process.exit(0));
});
