import { readFileSync } from 'node:fs';

/*
 * Names for the addresses callgrind cannot name: V8's compiled JavaScript lives in memory it
 * wrote itself, which `node --perf-basic-prof` lists in /tmp/perf-<pid>.map as `start size name`
 * lines. A range may be listed again when V8 reuses the memory for other code; the last listing
 * is the code that ran at the end, when the count was taken.
 */

interface Range {
  start: number;
  end: number;
  name: string;
  /** Its line in the map: of two ranges holding an address, the later one's code ran last. */
  order: number;
}

/** The function named at each address of a perf map, or undefined outside every range. */
export function jitNames(mapFile: string): (address: number) => string | undefined {
  const ranges: Range[] = [];
  for (const line of readFileSync(mapFile, 'utf8').split('\n')) {
    const [start, size, ...name] = line.split(' ');
    if (!start || !size || name.length === 0) continue;
    const from = Number.parseInt(start, 16);
    const end = from + Number.parseInt(size, 16);
    ranges.push({ start: from, end, name: name.join(' '), order: ranges.length });
  }
  ranges.sort((a, b) => a.start - b.start);
  return (address) => {
    let low = 0;
    let high = ranges.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((ranges[middle] as Range).start <= address) low = middle + 1;
      else high = middle;
    }
    // Of the ranges starting at or before the address (the nearest few: code is small), the
    // latest listed that holds it.
    let found: Range | undefined;
    for (let i = low - 1; i >= 0 && i >= low - 64; i--) {
      const range = ranges[i] as Range;
      if (address < range.end && (!found || range.order > found.order)) found = range;
    }
    return found?.name;
  };
}

/** callgrind_annotate's lines with each `0x…` address replaced by its JavaScript name. */
export function named(annotated: string, nameOf: (address: number) => string | undefined): string {
  return annotated.replace(/0x[0-9a-f]{16}/g, (hex) => nameOf(Number.parseInt(hex, 16)) ?? hex);
}
