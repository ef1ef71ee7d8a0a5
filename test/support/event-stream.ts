import { request } from 'node:http';
import { PATIENCE_MS } from './patience.js';

/*
 * A client of GET /v1/events/:guildId over node:http, as a browser's fetch-based reader sees it:
 * the status and headers, then the events and comments as they arrive (WHATWG's event stream
 * parsing, for the fields housecup sends). A non-200 answer is read whole as `body`.
 */

export interface StreamEvent {
  id: string;
  event: string;
  data: string;
}

export interface TestEventStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The whole body of an answer that is not a stream (401, 429…). */
  body: string;
  events: StreamEvent[];
  /** Comment lines, without their colon (`keep-alive`). */
  comments: string[];
  /** Resolves once the server has ended the stream (cleanly or not). */
  ended: Promise<void>;
  /** Whether it ended with the chunked body's last chunk (a clean end), not a reset. */
  endedCleanly(): boolean;
  /** Waits until `count` events have arrived in all; rejects past the patience ceiling. */
  waitForEvents(count: number): Promise<StreamEvent[]>;
  /** Waits until `count` comments have arrived in all; rejects past the patience ceiling. */
  waitForComments(count: number): Promise<void>;
  close(): void;
}

export function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<TestEventStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: StreamEvent[] = [];
      const comments: string[] = [];
      let body = '';
      let pending = '';
      let current: Partial<StreamEvent> = {};
      let clean = false;
      let closed = false;
      const waiters = new Set<() => void>();
      const wake = () => {
        for (const waiter of waiters) waiter();
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (res.statusCode !== 200) {
          body += chunk;
          return;
        }
        pending += chunk;
        let newline = pending.indexOf('\n');
        while (newline >= 0) {
          const line = pending.slice(0, newline);
          pending = pending.slice(newline + 1);
          if (line === '') {
            if (current.event !== undefined) {
              events.push({ id: current.id ?? '', event: current.event, data: current.data ?? '' });
            }
            current = {};
          } else if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else {
            const colon = line.indexOf(':');
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id' || field === 'event' || field === 'data') current[field] = value;
          }
          newline = pending.indexOf('\n');
        }
        wake();
      });
      const ended = new Promise<void>((done) => {
        res.once('end', () => {
          clean = true;
        });
        res.once('close', () => {
          closed = true;
          done();
          wake();
        });
      });
      const waitFor = (holds: () => boolean, what: string) =>
        new Promise<void>((done, fail) => {
          if (holds()) return done();
          const failing = (why: string) => () => {
            clearTimeout(timer);
            waiters.delete(check);
            fail(new Error(`${what} ${why} (events: ${JSON.stringify(events)})`));
          };
          const timer = setTimeout(
            failing(`did not arrive in ${PATIENCE_MS / 1000} s`),
            PATIENCE_MS,
          );
          // An ended stream sends nothing more: fail at once rather than at the ceiling.
          const check = () => {
            if (closed && !holds()) return failing('did not arrive before the stream ended')();
            if (!holds()) return;
            clearTimeout(timer);
            waiters.delete(check);
            done();
          };
          if (closed) return check();
          waiters.add(check);
        });
      const stream: TestEventStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        get body() {
          return body;
        },
        events,
        comments,
        ended,
        endedCleanly: () => clean,
        async waitForEvents(count) {
          await waitFor(() => events.length >= count, `${count} events`);
          return events.slice(0, count);
        },
        waitForComments: (count) => waitFor(() => comments.length >= count, `${count} comments`),
        close: () => req.destroy(),
      };
      if (res.statusCode === 200) resolve(stream);
      else res.once('end', () => resolve(stream));
    });
    req.on('error', reject);
    req.end();
  });
}
