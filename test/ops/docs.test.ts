import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPOKEN_LOCALES } from '../../src/bot/i18n/index.js';
import { LIVE_PERMISSIONS } from '../../src/bot/live/permissions.js';
import { loadCommands } from '../../src/bot/loader.js';
import { packageRoot } from '../../src/paths.js';

/* The README as a front door, and docs/ whose every link leads somewhere inside the repository. */

const read = (path: string) => readFileSync(join(packageRoot, path), 'utf8');
const PAGES = [
  'README.md',
  ...readdirSync(join(packageRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor of a heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1] ?? '')));
}

describe('the documentation', () => {
  it('has a README of at most 200 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(200);
  });

  it.each(PAGES)('%s: every link resolves inside the repository, anchors included', (page) => {
    const text = read(page).replace(/```[\s\S]*?```/g, '');
    const problems: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!target) continue;
      if (/^[a-z]+:/i.test(target)) {
        problems.push(`${target}: points outside the repository`);
        continue;
      }
      const [file, anchor] = target.split('#');
      const path = file ? resolve(dirname(join(packageRoot, page)), file) : join(packageRoot, page);
      let linked: string;
      try {
        linked = readFileSync(path, 'utf8');
      } catch {
        problems.push(`${target}: no such file`);
        continue;
      }
      if (anchor && path.endsWith('.md') && !anchorsOf(linked).has(anchor)) {
        problems.push(`${target}: no such heading`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names every CLI command on the CLI page', () => {
    const cli = read('docs/cli-and-data.md');
    for (const command of [
      'keys create',
      'keys list',
      'keys revoke',
      'import',
      'export',
      'migrate',
      'copy',
      'register',
      'publish',
      'unpublish',
      'term start',
      'term end',
      'term list',
      'award',
      'unaward',
    ]) {
      expect(cli, command).toContain(command);
    }
  });

  it('has a row for every slash command and subcommand in the Discord page’s table, and no other', async () => {
    // The first cell of each row: `/apikey create [name]` · `list` · `revoke id`.
    const rows = [...read('docs/discord.md').matchAll(/^\| (`\/[^|]*?) +\|/gm)].map((row) =>
      [...(row[1] ?? '').matchAll(/`([^`]+)`/g)].map((span) => (span[1] ?? '').split(' ')),
    );
    const documented = new Map<string, Set<string>>();
    for (const [first = [], ...rest] of rows) {
      const [slash = '', second] = first;
      const words = documented.get(slash.slice(1)) ?? new Set<string>();
      for (const word of [second, ...rest.map((span) => span[0])]) if (word) words.add(word);
      documented.set(slash.slice(1), words);
    }
    const commands = await loadCommands();
    expect([...documented.keys()].sort()).toEqual(commands.map((c) => c.definition.name).sort());
    for (const { definition } of commands) {
      for (const option of definition.options ?? []) {
        // Discord's option type of a subcommand.
        if (option.type !== 1) continue;
        expect(documented.get(definition.name), `/${definition.name} ${option.name}`).toContain(
          option.name,
        );
      }
    }
  });

  it("invites the bot with exactly the permissions a live scoreboard needs, and the bot's scope", () => {
    const page = read('docs/discord.md');
    const invites = [...page.matchAll(/https:\/\/discord\.com\/oauth2\/authorize\?\S+?(?=`)/g)].map(
      ([url]) => new URL(url),
    );
    const needed = Object.values(LIVE_PERMISSIONS).reduce((all, bit) => all | bit, 0n);
    const withBot = invites.filter((url) =>
      url.searchParams.get('scope')?.split(' ').includes('bot'),
    );
    expect(withBot.length).toBeGreaterThan(0);
    for (const url of withBot) {
      expect(url.searchParams.get('permissions')).toBe(String(needed));
      expect(url.searchParams.get('scope')).toBe('bot applications.commands');
    }
    expect(page).toContain('Copy Server ID');
  });

  it('names every locale housecup speaks on the Discord page, and no other', () => {
    const sentence = /It speaks\s+([^.]+)\./.exec(read('docs/discord.md'))?.[1] ?? '';
    const named = sentence.match(/\b[a-z]{2}(?:-[A-Z0-9]{2,3})?\b/g) ?? [];
    expect([...named].sort()).toEqual([...SPOKEN_LOCALES].sort());
  });
});
