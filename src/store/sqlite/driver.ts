import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/*
 * Which build of better-sqlite3 this Node runs. 12.x wraps its objects in node::ObjectWrap, and
 * Node ≥ 24.19 made ObjectWrap's destructor require an entered context: a statement collected by
 * an idle or exit-time GC then aborts the process (`RemoveEnvironmentCleanupHook: (env) !=
 * nullptr`; CI's Node 24 leg saw it in servers, the CLI and test workers). 13.x is built on
 * Node-API and does not, but needs Node-API 10 (Node ≥ 22.14): on Node 20 its prebuilt binary
 * crashes at load. So Node 22 and later take 13 (prebuilt, nothing compiled at install), and
 * Node 20 takes 12 under the alias `better-sqlite3-node20` (an optional dependency: where it
 * cannot be built, on a newer Node, nothing needs it). Same API, same SQLite file format.
 */

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** The package this process loads, for child processes that open a database of their own. */
export const DRIVER_PACKAGE = NODE_MAJOR >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';

const require = createRequire(import.meta.url);

/** better-sqlite3's Database class, from the build that is safe on this Node. */
export const Sqlite = require(DRIVER_PACKAGE) as typeof BetterSqlite3;
