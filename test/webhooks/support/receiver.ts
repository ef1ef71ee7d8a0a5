import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/*
 * A webhook receiver as a community's tool would run one: a real HTTP server on loopback that
 * verifies every message with the Standard Webhooks library (`Webhook.verify`) before it counts
 * it. A message that fails verification is kept apart (`refused`) and answered 401.
 */

export interface Received {
  id: string;
  timestamp: string;
  body: string;
  /** The verified, parsed body. */
  message: { type: string; guildId: string; timestamp: string; data: unknown; seq?: number };
}

/** How the receiver answers the n-th request (1-based): a status, or `hang` to never answer. */
export type Answer = (request: IncomingMessage, n: number) => number | 'hang';

export interface Receiver {
  url: string;
  /** Messages verified, in the order they came. */
  received: Received[];
  /** Requests whose signature did not verify (none, ever, in a passing test). */
  refused: string[];
  /** Every request's webhook-id, in order, answered or not. */
  ids: string[];
  /** The secret it verifies with (set once `webhook add` gave it). */
  secret: string;
  answer: Answer;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export async function startReceiver(answer: Answer = () => 200): Promise<Receiver> {
  let n = 0;
  const hanging: (() => void)[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    refused: [],
    ids: [],
    secret: '',
    answer,
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      n += 1;
      const id = String(request.headers['webhook-id'] ?? '');
      receiver.ids.push(id);
      const headers = {
        'webhook-id': id,
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      let message: Received['message'];
      try {
        message = new Webhook(receiver.secret).verify(body, headers) as Received['message'];
      } catch {
        receiver.refused.push(body);
        response.writeHead(401).end();
        return;
      }
      const status = receiver.answer(request, n);
      if (status === 'hang') {
        hanging.push(() => response.destroy());
        return;
      }
      if (status >= 200 && status < 300) {
        receiver.received.push({ id, timestamp: headers['webhook-timestamp'], body, message });
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = async () => {
    for (const end of hanging) end();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
