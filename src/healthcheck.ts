/*
 * `node dist/src/healthcheck.js`: exits 0 when the server configured by the environment answers
 * 200 on /healthz, else 1 with one line on stderr. For a container's HEALTHCHECK: the runtime
 * image has no curl, and node is there anyway. Reads HOST and PORT as the server does; a wildcard
 * HOST (0.0.0.0, ::) is reached on loopback.
 */
import { config as loadDotenv } from 'dotenv';
import { loadConfig } from './config.js';
import { clientUrl } from './http/client-url.js';
import { http } from './node-http.js';

const TIMEOUT_MS = 3_000;

loadDotenv({ quiet: true });

function fail(message: string): never {
  process.stderr.write(`housecup healthcheck: ${message}\n`);
  process.exit(1);
}

let url: string;
try {
  const config = loadConfig();
  url = `${clientUrl(config.host, config.port)}/healthz`;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const request = http.get(url, { timeout: TIMEOUT_MS }, (response) => {
  response.resume();
  if (response.statusCode === 200) process.exit(0);
  fail(`${url} answered ${response.statusCode}`);
});
request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
request.on('error', (error) => fail(`${url}: ${error.message}`));
