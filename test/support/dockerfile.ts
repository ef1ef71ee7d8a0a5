import { readFileSync } from 'node:fs';

/*
 * Just enough of a Dockerfile reader for the deploy tests: instructions per stage, line
 * continuations joined, comments and parser directives dropped. No variable substitution beyond
 * what the tests need (ARG defaults in FROM).
 */

export interface Instruction {
  /** Upper case: RUN, COPY, ENV, … */
  keyword: string;
  /** Everything after the keyword, continuations joined with a space. */
  args: string;
}

export interface Stage {
  /** The name after `AS`, or the stage's index as a string. */
  name: string;
  /** The image it starts from, ARG defaults substituted. */
  from: string;
  instructions: Instruction[];
}

export function readDockerfile(path: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (pending === '' && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (trimmed.startsWith('#')) continue; // a comment inside a continued instruction
    if (trimmed.endsWith('\\')) {
      pending += `${trimmed.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(`${pending}${trimmed}`.trim());
    pending = '';
  }

  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const text of logical) {
    const space = text.search(/\s/);
    const keyword = (space === -1 ? text : text.slice(0, space)).toUpperCase();
    const rest = space === -1 ? '' : text.slice(space + 1).trim();
    if (keyword === 'ARG' && stages.length === 0) {
      const [name = '', value = ''] = rest.split('=');
      args.set(name, value);
    } else if (keyword === 'FROM') {
      const [image = '', as, name] = rest.split(/\s+/);
      const from = image.replace(/\$\{(\w+)\}/g, (_, arg: string) => args.get(arg) ?? '');
      const stageName = as?.toUpperCase() === 'AS' && name ? name : String(stages.length);
      stages.push({ name: stageName, from, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`${path}: ${keyword} before FROM`);
      stage.instructions.push({ keyword, args: rest });
    }
  }
  return stages;
}

export function stage(stages: Stage[], name: string): Stage {
  const found = stages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
}

/** `ENV A=1 B=2` instructions of a stage, merged in order (only the `key=value` form). */
export function envOf(from: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of from.instructions) {
    if (keyword !== 'ENV') continue;
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1).replace(/^"(.*)"$/, '$1');
    }
  }
  return env;
}

/** The exec-form command of CMD or HEALTHCHECK (`["node", "x.js"]`), after any options. */
export function execForm(instruction: Instruction): string[] {
  const json = instruction.args.slice(instruction.args.indexOf('['));
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`not an exec form: ${instruction.args}`);
  }
  return parsed;
}

export function only(from: Stage, keyword: string): Instruction {
  const found = from.instructions.filter((instruction) => instruction.keyword === keyword);
  if (found.length !== 1) throw new Error(`${from.name}: ${found.length} ${keyword} instructions`);
  return found[0] as Instruction;
}
