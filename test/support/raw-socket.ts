import { connect } from 'node:net';
import { PATIENCE_MS } from './patience.js';

export interface RawAnswer {
  /** Every byte the server sent before closing (or before the wait ended). */
  raw: Buffer;
  /** The status of the first response, or 0 when none came. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection within the wait. */
  closed: boolean;
}

/** Splits one HTTP/1.1 response (Content-Length framed) out of raw bytes. */
export function parseAnswer(raw: Buffer, closed: boolean): RawAnswer {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = end === -1 ? Buffer.alloc(0) : raw.subarray(Buffer.byteLength(head, 'latin1') + 4);
  const length = headers['content-length'];
  const body = (length === undefined ? rest : rest.subarray(0, Number(length))).toString('utf8');
  return { raw, status, headers, body, closed };
}

/**
 * Writes `request` bytes exactly as given on a new connection, and collects what comes back
 * until the server closes (or the patience ceiling passes, `closed` then false). Nothing is
 * validated or normalised on the way.
 */
export function sendRaw(port: number, request: Buffer | string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(chunks), closed));
    };
    const timer = setTimeout(() => finish(false), PATIENCE_MS);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    // A reset after the answer still counts as closed by the server.
    socket.on('error', () => finish(true));
    socket.write(request);
  });
}
