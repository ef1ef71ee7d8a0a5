// Fastify's own request logging (two lines per request, a child logger each), in place of
// src/http/access-log.js's one access line.
export function accessLogOptions() {
  return {};
}

export function installAccessLine() {}
