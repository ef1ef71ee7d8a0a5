import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from '../answers/errors.js';
import type { FailureGuard } from '../budgets/failure-guard.js';
import type { Logger } from '../logger.js';
import { http } from '../node-http.js';

/** Socket limits for a server that faces clients directly, with no proxy in front. */
export interface HttpLimits {
  /** A client must finish sending its headers within this time (slow-header attacks). */
  headersTimeoutMs: number;
  /** A whole request must arrive within this time. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
  /** Request line plus headers, in bytes; larger is refused with 431. */
  maxHeaderSize: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Fastify's default: longer than clients' own idle timeouts, so a client never reuses a socket the
  // server is closing at that very moment (a reset).
  keepAliveTimeoutMs: 72_000,
  maxHeaderSize: 16 * 1024,
};

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** The node:http server under Fastify (its serverFactory), with the limits applied. */
export function httpServerFactory(limits: HttpLimits) {
  return (handler: Handler): Server =>
    drainOnClose(
      http.createServer(
        {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          maxHeaderSize: limits.maxHeaderSize,
          // Node checks the two timeouts on this interval (30 s by default): check every second.
          connectionsCheckingInterval: 1_000,
        },
        handler,
      ),
    );
}

/**
 * Makes `server.close()` finish what is in flight and close everything else at once.
 *
 * Node's own closeIdleConnections (which `close()` calls, as does Fastify's
 * `forceCloseConnections: 'idle'`) counts a connection as idle once its response has been
 * `end()`ed, even while most of a large answer still waits in memory for a slow client: it
 * destroys the socket and the client gets a truncated body. Here a connection with no answer
 * under way is closed at once (idle keep-alive), and one with an answer under way is closed
 * as soon as that answer has been handed to the OS in full.
 */
function drainOnClose(server: Server): Server {
  // The latest answer of each connection. Kept with no per-request listener or closure: this
  // runs for every request, and shutdown is the only time it is read.
  const latest = new WeakMap<Socket, ServerResponse>();
  let closing = false;
  const closeAfter = (socket: Socket, response: ServerResponse | undefined) => {
    if (!response || response.writableFinished) socket.destroySoon();
    else response.once('finish', () => socket.destroySoon());
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    latest.set(request.socket, response);
    if (closing) closeAfter(request.socket, response);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.closeIdleConnections = () => {
    if (closing) return;
    closing = true;
    for (const socket of sockets) closeAfter(socket, latest.get(socket));
  };
  return server;
}

const PARSER_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timeout'],
  HPE_HEADER_OVERFLOW: [431, 'Request headers too large'],
};

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a malformed request,
 * headers too large, a client too slow) with the same JSON error body as everything else; logs
 * one line for it (no headers, no URL: nothing a client sent) and counts it against the client
 * address's failure budget, as any other refused request.
 */
export function clientErrorAnswerer(logger: Logger, failures: FailureGuard) {
  return function answerClientError(
    // rawPacket is a Buffer at run time (Fastify's type says its JSON form).
    error: Error & { code?: string; rawPacket?: unknown },
    socket: Socket,
  ): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = PARSER_ERRORS[error.code ?? ''] ?? [400, 'Bad request'];
    const ip = socket.remoteAddress ?? 'unknown';
    logger.info(
      { ip, status, code: error.code ?? 'unknown' },
      'request refused by the HTTP parser',
    );
    failures.fail(ip, () => undefined);
    const body = JSON.stringify(errorBody(status, message));
    // An answer to HEAD has no body (a client would read it as the start of the next answer).
    const packet = error.rawPacket;
    const head = Buffer.isBuffer(packet) && packet.subarray(0, 5).toString('latin1') === 'HEAD ';
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${message}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
      );
    }
    socket.destroy();
  };
}
