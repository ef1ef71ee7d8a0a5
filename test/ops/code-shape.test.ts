import { describe, expect, it } from 'vitest';
import { longFunctions, sourceFiles, unusedExports } from './support/code-shape.js';

/*
 * The shape the code keeps: few functions long enough to hide more than one job, and no export
 * that nothing else uses (an export is a promise to other modules; one nobody takes is either
 * dead or private). The list of long functions is printed when it grows, so the one to split is
 * named.
 */

const SOURCE = sourceFiles(['src', 'commands']);
/** Files whose exports a tool reads by the file's path: drizzle-kit, the tables' schema. */
const READ_BY_TOOLS = new Set(['src/store/sqlite/schema.ts', 'src/store/postgres/schema.ts']);
const READERS = sourceFiles(['src', 'commands', 'test', 'scripts']);
/** A function past this many lines is long. */
const LONG_LINES = 60;
/** How many long functions the code may hold: the composition root and a few factories. */
const MOST_LONG_FUNCTIONS = 15;

describe('the code', () => {
  it(`holds at most ${MOST_LONG_FUNCTIONS} functions over ${LONG_LINES} lines`, () => {
    const long = longFunctions(SOURCE, LONG_LINES).map(
      ({ file, name, lines }) => `${lines} lines: ${file} ${name}`,
    );
    expect(long.length, long.join('\n')).toBeLessThanOrEqual(MOST_LONG_FUNCTIONS);
  });

  it('exports nothing that no other module uses', () => {
    const files = SOURCE.filter((file) => !READ_BY_TOOLS.has(file));
    const unused = unusedExports(files, READERS).map(({ file, name }) => `${file}: ${name}`);
    expect(unused).toEqual([]);
  });
});
