import { isIP } from 'node:net';

/**
 * The base URL a client on this machine uses to reach a server listening on `host:port`. A
 * wildcard listen address (`0.0.0.0`, `::`) is no address to connect to: the loopback address of
 * its family stands in for it (what the first key's `curl` and the container health check use).
 */
export function clientUrl(host: string, port: number): string {
  const family = isIP(host);
  if (family === 4) return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  if (family === 6) {
    // The URL parser writes every spelling of an address one way (`0:0::0` is `[::]`).
    const normal = new URL(`http://[${host}]/`).hostname;
    return `http://${normal === '[::]' ? '[::1]' : normal}:${port}`;
  }
  return `http://${host}:${port}`;
}
