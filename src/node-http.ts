import type * as Https from 'node:https';
import { createRequire } from 'node:module';

/*
 * node:http and node:https, through `require`. Node's ES-module wrapper of a built-in reads every
 * one of its exports, and node:http's WebSocket, MessageEvent and CloseEvent are getters that load
 * undici (Node's fetch) to answer: 25 ms of every start, for classes housecup never uses
 * (nodejs/node#59686). `require` reads only what is used.
 */
const require = createRequire(import.meta.url);

export const http: typeof import('node:http') = require('node:http');

let loadedHttps: typeof Https | undefined;

/** node:https on first use: it loads TLS, which only a webhook to an https address needs. */
export function https(): typeof Https {
  loadedHttps ??= require('node:https') as typeof Https;
  return loadedHttps;
}
