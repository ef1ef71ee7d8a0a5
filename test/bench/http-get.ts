import { type Agent, request } from 'node:http';

export interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * One GET over node:http. The runner times start-up and small-request latency with it, so it
 * must cost little itself: fetch's first call loads undici and would add tens of ms.
 */
export function get(url: string, headers: Record<string, string>, agent?: Agent): Promise<Answer> {
  return send(url, 'GET', headers, undefined, agent);
}

/** One POST of `body`, as the interactions endpoint's check sends it. */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  agent?: Agent,
): Promise<Answer> {
  return send(url, 'POST', headers, body, agent);
}

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  agent?: Agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: agent ?? false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
