/*
 * The commands as `register` publishes them (each module's `definition`): every command,
 * option and choice localized in every language housecup speaks, and every localization one
 * Discord accepts. Discord's rules (application command object): names 1–32 characters of
 * `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lowercase where the letter has a lowercase;
 * descriptions 1–100; choice names 1–100; names unique among siblings in each locale; at most
 * 8,000 characters of names, descriptions and choices per command, in its longest locale.
 */
import { describe, expect, it } from 'vitest';
import { SPOKEN_LOCALES, TRANSLATED_LOCALES } from '../../src/bot/i18n/index.js';
import { loadCommands } from '../../src/bot/loader.js';

const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Node {
  name: string;
  description?: string;
  value?: string | number;
  name_localizations?: Record<string, string | null> | null;
  description_localizations?: Record<string, string | null> | null;
  options?: Node[];
  choices?: Node[];
}

/** Every command the loader loads, as `register` publishes it. */
const commands = (await loadCommands()).map((c) => c.definition as unknown as Node);

/** The text a locale shows of a node: its localization, else the default. */
function nameIn(node: Node, locale: string | null): string {
  return (locale && node.name_localizations?.[locale]) || node.name;
}
function descriptionIn(node: Node, locale: string | null): string {
  return (locale && node.description_localizations?.[locale]) || (node.description ?? '');
}

/** Every problem Discord would find with `node` and its children, as seen in `locale`. */
function problems(node: Node, locale: string | null, path: string, isChoice = false): string[] {
  const found: string[] = [];
  const name = nameIn(node, locale);
  const description = descriptionIn(node, locale);
  const at = `${path} [${locale ?? 'default'}]`;
  if (isChoice) {
    if (name.length < 1 || name.length > 100) found.push(`${at}: choice name ${name.length}`);
  } else {
    if (!NAME.test(name)) found.push(`${at}: name ${JSON.stringify(name)}`);
    if (name !== name.toLocaleLowerCase(locale ?? 'en-US'))
      found.push(`${at}: ${name} not lowercase`);
    if (description.length < 1 || description.length > 100) {
      found.push(`${at}: description of ${description.length}: ${description}`);
    }
  }
  for (const key of ['options', 'choices'] as const) {
    const children = node[key] ?? [];
    const names = children.map((child) => nameIn(child, locale));
    if (new Set(names).size !== names.length) found.push(`${at}: ${key} named twice: ${names}`);
    for (const child of children) {
      found.push(...problems(child, locale, `${path} ${child.name}`, key === 'choices'));
    }
  }
  return found;
}

/** Characters Discord counts against a command's 8,000, in one locale. */
function length(node: Node, locale: string | null): number {
  let total = nameIn(node, locale).length + descriptionIn(node, locale).length;
  total += String(node.value ?? '').length;
  for (const child of [...(node.options ?? []), ...(node.choices ?? [])]) {
    total += length(child, locale);
  }
  return total;
}

/** Every node of a command, each with its path, choices included. */
function nodes(node: Node, path: string): [string, Node, boolean][] {
  return [
    [path, node, false],
    ...(node.options ?? []).flatMap((child) => nodes(child, `${path} ${child.name}`)),
    ...(node.choices ?? []).map((choice): [string, Node, boolean] => [
      `${path} =${choice.value}`,
      choice,
      true,
    ]),
  ];
}

describe('the registered commands', () => {
  it('are translated into every locale but English', () => {
    expect([...TRANSLATED_LOCALES, 'en-US', 'en-GB'].sort()).toEqual([...SPOKEN_LOCALES].sort());
  });

  it.each(commands.map((command) => [command.name, command] as const))(
    '/%s: every command, option and choice localized in every translated locale',
    (_name, command) => {
      for (const [path, node, isChoice] of nodes(command, `/${command.name}`)) {
        expect(Object.keys(node.name_localizations ?? {}).sort(), path).toEqual(
          [...TRANSLATED_LOCALES].sort(),
        );
        if (!isChoice) {
          expect(Object.keys(node.description_localizations ?? {}).sort(), path).toEqual(
            [...TRANSLATED_LOCALES].sort(),
          );
          // Written from the catalogues, not in English in the module: some language differs.
          const descriptions = Object.values(node.description_localizations ?? {});
          expect(
            descriptions.some((text) => text !== node.description),
            path,
          ).toBe(true);
        } else {
          // Discord has no description on a choice.
          expect(node).not.toHaveProperty('description_localizations');
        }
      }
    },
  );

  it.each([null, ...TRANSLATED_LOCALES])('are valid for Discord in %s', (locale) => {
    for (const command of commands) {
      expect(problems(command, locale, `/${command.name}`)).toEqual([]);
      expect(length(command, locale)).toBeLessThanOrEqual(8000);
    }
  });

  it('keep the English names Discord sends back in interactions', () => {
    const players = commands.find((c) => c.name === 'players');
    expect(players?.options?.map((o) => o.name)).toEqual(['member', 'sort', 'house', 'period']);
    expect(players?.options?.[2]?.choices?.map((c) => c.name_localizations?.fr)).toEqual([
      'Gryffondor',
      'Serpentard',
      'Serdaigle',
      'Poufsouffle',
      'Aucune maison',
    ]);
    expect(players?.name_localizations?.de).toBe('spieler');
  });
});
