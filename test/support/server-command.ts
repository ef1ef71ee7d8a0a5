import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../src/paths.js';

/*
 * How the server is started, read from `npm start`: the service files and the bench start it
 * with the same node flags, and tests hold them to it.
 */

const SERVER_SCRIPT = 'dist/src/main.js';

function startScript(): string {
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start;
}

/** The node flags `npm start` gives the server, in order (`--max-semi-space-size=16`…). */
export function serverNodeFlags(): string[] {
  const command = startScript().split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  if (command[0] !== 'node' || command.at(-1) !== SERVER_SCRIPT) {
    throw new Error(`npm start does not end with "node … ${SERVER_SCRIPT}": ${startScript()}`);
  }
  return command.slice(1, -1);
}
