import { createRequire } from 'node:module';

/*
 * node:http through `require`. Node's ES-module wrapper of a built-in reads every one of its
 * exports, and node:http's WebSocket, MessageEvent and CloseEvent are getters that load undici
 * (Node's fetch) to answer: a part of every start, and of the idle memory, for classes housecup
 * never uses (nodejs/node#59686; docs/performance.md, "What a start loads"). `require` reads
 * only what is used. node:https has no such getters.
 */
const require = createRequire(import.meta.url);

export const http: typeof import('node:http') = require('node:http');
