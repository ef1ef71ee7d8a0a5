import { request } from 'node:http';

/** An answer as it came off the socket: its status, headers and raw bytes. */
export interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** Asks `url` with `key` over a real socket and keeps the body's bytes as sent. */
export function fetchBytes(url: string, key: string, method = 'GET'): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { authorization: key } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
