import https from 'node:https';
import { isIP } from 'node:net';
import { http } from '../node-http.js';
import type { SafeAgents } from './safe-agent.js';
import { checkAddress, checkUrlForm, hostOf, type SafetyRules, UrlRefused } from './safety.js';

/*
 * One POST of one message. Nothing is followed: a redirect is an answer like any other non-2xx.
 * The whole attempt (lookup, connection, TLS, the answer's status and body) has `timeoutMs`.
 */

/** A receiver's body is read and dropped, up to this much: nothing of it is kept. */
const BODY_LIMIT = 64 * 1024;

export interface SendResult {
  /** What `webhook deliveries` shows: the status code, or what went wrong. */
  status: string;
  /** The HTTP status, when one came. */
  code: number | null;
  durationMs: number;
}

export const TIMEOUT = 'timeout';
export const CONNECTION_ERROR = 'connection error';
export const REFUSED_ADDRESS = 'refused address';

/** The URL to send to, or null when the rules refuse its form or the IP address it names. */
function allowedUrl(target: string, rules: SafetyRules): URL | null {
  try {
    const url = checkUrlForm(target, rules);
    const host = hostOf(url);
    // Node connects to an IP literal without a lookup: checked here instead.
    if (isIP(host)) checkAddress(host, rules);
    return url;
  } catch (error) {
    if (error instanceof UrlRefused) return null;
    throw error;
  }
}

/** The POST itself: its answer's status (the body read and dropped), or what stopped it. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { agents: SafeAgents; timeoutMs: number },
): Promise<Pick<SendResult, 'status' | 'code'>> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: string, code: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, code });
    };
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      agent: secure ? options.agents.https : options.agents.http,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'housecup-webhooks',
      },
    });
    const timer = setTimeout(() => {
      finish(TIMEOUT, null);
      request.destroy();
    }, options.timeoutMs);
    request.on('response', (response) => {
      const code = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > BODY_LIMIT) response.destroy();
      });
      response.on('end', () => finish(String(code), code));
      response.on('close', () => finish(String(code), code));
      response.on('error', () => finish(String(code), code));
    });
    request.on('error', (error) => {
      finish(error instanceof UrlRefused ? REFUSED_ADDRESS : CONNECTION_ERROR, null);
    });
    request.end(body);
  });
}

export async function send(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { agents: SafeAgents; rules: SafetyRules; timeoutMs: number; clock?: () => number },
): Promise<SendResult> {
  const clock = options.clock ?? performance.now.bind(performance);
  const started = clock();
  const url = allowedUrl(target, options.rules);
  const { status, code } = url
    ? await post(url, headers, body, options)
    : { status: REFUSED_ADDRESS, code: null };
  return { status, code, durationMs: Math.max(0, Math.round(clock() - started)) };
}
