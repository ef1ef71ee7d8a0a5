import type { Agent as HttpAgent } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { http } from '../node-http.js';
import { checkAddress, type SafetyRules } from './safety.js';

/*
 * The agents every delivery connects through. Their `lookup` resolves the host, checks each
 * address against the rules and hands the socket only the addresses that pass: the check is on
 * the very address connected to, so a DNS answer that changed after `webhook add` (rebinding) is
 * refused at the connection. An IP literal in the URL is not looked up by Node: the sender checks
 * it before it connects (send.ts).
 */

/** The lookup hook: the rules' resolver, filtered by the rules. */
function checkedLookup(rules: SafetyRules): LookupFunction {
  return (hostname, options, callback) => {
    rules
      .resolve(hostname)
      .then((found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : null;
        const candidates = wanted ? found.filter((each) => each.family === wanted) : found;
        // Every address is checked, and one refused address refuses the name: a name that
        // answers with a private address among public ones is pointed inside on purpose.
        for (const { address } of candidates) checkAddress(address, rules);
        const first = candidates[0];
        if (!first)
          throw Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' });
        if (options.all) callback(null, candidates);
        else callback(null, first.address, first.family);
      })
      .catch((error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        callback(failure as NodeJS.ErrnoException, '', 0);
      });
  };
}

export interface SafeAgents {
  http: HttpAgent;
  https: https.Agent;
  destroy(): void;
}

/** The two agents of a node, keeping connections to receivers alive between messages. */
export function safeAgents(rules: SafetyRules): SafeAgents {
  const lookup = checkedLookup(rules);
  const options = { keepAlive: true, maxSockets: 8, lookup };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    ...agents,
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
