/*
 * Imported first by every entry point (src/main.ts, src/cli/main.ts), so it runs before any
 * other module: on a Node.js housecup does not support, one line says which it needs, rather than
 * a crash deep in a native module. Only what every Node parses and has: nothing imported.
 */

/** The oldest Node.js supported: the LTS lines in support, 22 from 22.14 (Node-API 10), 24, 26. */
export const OLDEST_NODE = { major: 22, minor: 14 } as const;

/**
 * The lines between the supported ones, past their end of life (package.json's engines leaves
 * them out). housecup still runs there, so they are warned of, not refused: an operator upgrading
 * in place is not stopped, and is told.
 */
export const ENDED_LINES: readonly number[] = [23, 25];

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const lines = `the LTS lines 22, 24 and 26`;
if (major < OLDEST_NODE.major || (major === OLDEST_NODE.major && minor < OLDEST_NODE.minor)) {
  process.stderr.write(
    `housecup: needs Node.js ${OLDEST_NODE.major}.${OLDEST_NODE.minor} or later (${lines}); this is Node.js ${process.versions.node}\n`,
  );
  process.exit(1);
}
if (ENDED_LINES.includes(major)) {
  process.stderr.write(
    `housecup: Node.js ${process.versions.node} is past its end of life and not supported (${lines}); running anyway\n`,
  );
}
