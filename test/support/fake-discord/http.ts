/** Reading the bot's REST requests. */
import type { IncomingMessage } from 'node:http';

export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readRawBody(req)).toString('utf8');
}

/** The body's bytes: an uploaded picture is binary. */
export async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * JSON bodies as objects; a multipart body (files) as its `payload_json` part, wherever it comes
 * among the parts (a part's headers are non-empty lines, up to the blank one).
 */
export function parseBody(raw: string, type: string | undefined): unknown {
  if (raw === '') return undefined;
  if (type?.startsWith('application/json')) return JSON.parse(raw);
  const payload = /name="payload_json"(?:\r\n[^\r\n]+)*\r\n\r\n([\s\S]*?)\r\n--/.exec(raw);
  return payload?.[1] ? JSON.parse(payload[1]) : raw;
}

/** The files of a multipart body (`files[n]` parts): name and PNG signature check. */
export function filesOf(raw: string, type: string | undefined): { name: string; png: boolean }[] {
  if (!type?.startsWith('multipart/form-data')) return [];
  const files: { name: string; png: boolean }[] = [];
  const part = /name="files\[\d+\]"; filename="([^"]+)"(?:\r\n[^\r\n]+)*\r\n\r\n([\s\S]{4})/g;
  for (const match of raw.matchAll(part)) {
    files.push({ name: match[1] ?? '', png: (match[2] ?? '').slice(1, 4) === 'PNG' });
  }
  return files;
}
