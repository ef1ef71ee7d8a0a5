/** Reading the bot's REST requests. */
import type { IncomingMessage } from 'node:http';

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON bodies as objects; a multipart body (files) as its `payload_json` part. */
export function parseBody(raw: string, type: string | undefined): unknown {
  if (raw === '') return undefined;
  if (type?.startsWith('application/json')) return JSON.parse(raw);
  const payload = /name="payload_json"(?:\r\n[^\r\n]*)*\r\n\r\n([\s\S]*?)\r\n--/.exec(raw);
  return payload?.[1] ? JSON.parse(payload[1]) : raw;
}
