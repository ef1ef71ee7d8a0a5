import { isDocsPath } from './fuzz.js';

export interface Answer {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * The wire contract every answer keeps, whatever was asked: no 5xx; a JSON body whose `status`
 * equals the HTTP status (HEAD and 304 carry no body); none of `secrets` in a body or header.
 * Returns the first broken rule, or null.
 */
export function brokenRule(answer: Answer, secrets: readonly string[]): string | null {
  const { status, body, method, url } = answer;
  if (status >= 500) return `answered ${status}`;
  if (status < 100) return 'no answer';
  const everything = [body, ...Object.values(answer.headers).flat().map(String)].join('\n');
  for (const secret of secrets) {
    if (secret.length >= 8 && everything.includes(secret)) return `echoed ${secret}`;
  }
  if (method === 'HEAD' || status === 304) return null;
  // Swagger UI serves HTML and assets; a 2xx there is not an API answer.
  if (isDocsPath(url) && status < 400) return null;
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content-type ${type}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `body is not JSON: ${body.slice(0, 80)}`;
  }
  if (typeof parsed !== 'object' || parsed === null) return 'body is not an object';
  const statusField = (parsed as { status?: unknown }).status;
  const isV1Data = url.startsWith('/v1/') && !url.startsWith('/v1/openapi.json');
  if (status >= 400 || isV1Data) {
    if (statusField !== status) return `body status ${String(statusField)} ≠ ${status}`;
  }
  // The one 4xx that is not an error body: the spec's premium 404, `{guildId, premium: false}`.
  const premiumOff = status === 404 && (parsed as { premium?: unknown }).premium === false;
  if (status >= 400 && !premiumOff && typeof (parsed as { error?: unknown }).error !== 'string') {
    return 'error body without an error message';
  }
  return null;
}
