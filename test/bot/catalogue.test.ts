/*
 * The catalogue itself (src/bot/i18n): every language complete, down to its plural forms; the
 * language chosen for an interaction; numbers, counts and days as each locale writes them.
 * Completeness of keys and parameters is tsc's job (messages.ts); this checks what it cannot.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  ENGLISH,
  languageOf,
  resolveLanguage,
  SPOKEN_LOCALES,
  type SpokenLocale,
} from '../../src/bot/i18n/index.js';
import type { AnyMessages } from '../../src/bot/i18n/messages.js';
import { packageRoot } from '../../src/paths.js';

type Leaf = { path: string; value: unknown };

/** Every text of a catalogue, with where it sits. */
function leaves(node: unknown, path = ''): Leaf[] {
  if (typeof node === 'string' || typeof node === 'function') return [{ path, value: node }];
  if (typeof node === 'object' && node !== null && 'plural' in node) return [{ path, value: node }];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    leaves(value, path ? `${path}.${key}` : key),
  );
}

const SAMPLE = '⟨x⟩';

describe('every catalogue', () => {
  it.each(SPOKEN_LOCALES)('%s: no blank text, and every plural form its locale needs', (locale) => {
    const catalogue: AnyMessages = CATALOGUES[locale];
    const categories = new Intl.PluralRules(languageOf(locale).intl).resolvedOptions()
      .pluralCategories;
    const texts = leaves(catalogue);
    expect(texts.map((leaf) => leaf.path)).toEqual(leaves(CATALOGUES['en-US']).map((l) => l.path));
    for (const { path, value } of texts) {
      if (typeof value === 'string') expect(value.trim(), path).not.toBe('');
      else if (typeof value === 'function') {
        const shown = (value as (...args: string[]) => string)(SAMPLE, SAMPLE, SAMPLE);
        // Each parameter is shown: no value is dropped by a translation.
        expect(shown.split(SAMPLE).length - 1, path).toBeGreaterThanOrEqual(value.length);
      } else {
        const forms = (value as { plural: Record<string, string> }).plural;
        expect(Object.keys(forms).sort(), path).toEqual([...categories].sort());
        for (const form of Object.values(forms)) expect(form.trim(), path).not.toBe('');
      }
    }
  });

  it.each(SPOKEN_LOCALES)(
    '%s: the key cap names the list and revoke commands as registered',
    (locale) => {
      const { t } = languageOf(locale);
      const { apikey, apikeyList, apikeyRevoke, apikeyRevokeId } = t.commands;
      const full = t.apikey.full('25');
      expect(full).toContain(`\`/${apikey.name} ${apikeyList.name}\``);
      expect(full).toContain(`\`/${apikey.name} ${apikeyRevoke.name} ${apikeyRevokeId.name}:<`);
    },
  );

  it('names the houses as each language’s books do', () => {
    const houses = (locale: SpokenLocale) => Object.values(languageOf(locale).t.houses);
    expect(houses('fr')).toEqual(['Gryffondor', 'Serpentard', 'Serdaigle', 'Poufsouffle']);
    expect(houses('it')).toEqual(['Grifondoro', 'Serpeverde', 'Corvonero', 'Tassorosso']);
    expect(houses('pt-BR')).toEqual(['Grifinória', 'Sonserina', 'Corvinal', 'Lufa-Lufa']);
    expect(houses('nl')).toEqual(['Griffoendor', 'Zwadderich', 'Ravenklauw', 'Huffelpuf']);
    for (const locale of ['en-US', 'en-GB', 'de', 'es-ES', 'es-419', 'pl'] as const) {
      expect(houses(locale)).toEqual(['Gryffindor', 'Slytherin', 'Ravenclaw', 'Hufflepuff']);
    }
  });

  it('speaks every catalogue of src/bot/i18n/, en-US and en-GB as one English', async () => {
    const folder = join(packageRoot, 'src/bot/i18n');
    const spoken = new Set<unknown>(Object.values(CATALOGUES));
    const found: string[] = [];
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
      const exports: Record<string, unknown> = await import(pathToFileURL(join(folder, file)).href);
      for (const [name, value] of Object.entries(exports)) {
        // A catalogue: an object holding the commands' texts and the errors'.
        if (typeof value !== 'object' || value === null) continue;
        if (!('commands' in value) || !('errors' in value)) continue;
        found.push(`${file} ${name}`);
        expect(spoken.has(value), `${file}: ${name} is not in CATALOGUES`).toBe(true);
      }
    }
    expect(found.length).toBe(spoken.size);
    expect(CATALOGUES['en-GB']).toBe(CATALOGUES['en-US']);
    expect(CATALOGUES['es-419']).not.toBe(CATALOGUES['es-ES']);
  });
});

describe('the language of an interaction', () => {
  it('is the member’s locale when housecup speaks it', () => {
    expect(resolveLanguage('fr', 'de').locale).toBe('fr');
    expect(resolveLanguage('es-419', 'es-ES').locale).toBe('es-419');
  });

  it('falls back to the guild’s locale, then to English', () => {
    expect(resolveLanguage('ja', 'de').locale).toBe('de');
    expect(resolveLanguage(null, 'pt-BR').locale).toBe('pt-BR');
    expect(resolveLanguage('ja', 'ko')).toBe(ENGLISH);
    expect(resolveLanguage('ja', null)).toBe(ENGLISH);
    expect(resolveLanguage(undefined, undefined)).toBe(ENGLISH);
    // Case matters to Discord's locale names: `FR` is not one of them.
    expect(resolveLanguage('FR', 'xx')).toBe(ENGLISH);
  });

  it('answers en-GB in the same English as en-US, numbers included', () => {
    const british = resolveLanguage('en-GB', 'fr');
    expect(british.t).toBe(ENGLISH.t);
    expect(british.intl).toBe('en-US');
    expect(british.number(4321)).toBe('4,321');
  });
});

describe('numbers, counts and days', () => {
  it('groups amounts as the locale does: 4 321 (fr), 4.321 (de), 4,321 (en)', () => {
    expect(languageOf('fr').number(4321)).toBe('4\u202f321');
    expect(languageOf('de').number(4321)).toBe('4.321');
    expect(ENGLISH.number(4321)).toBe('4,321');
    expect(languageOf('pt-BR').number(1_234_567)).toBe('1.234.567');
    expect(languageOf('es-419').number(1_234_567)).toBe('1,234,567');
  });

  it('picks the plural form with Intl.PluralRules', () => {
    const pl = languageOf('pl');
    expect([1, 2, 5, 22, 25].map((n) => pl.amount(pl.t.points.points, n))).toEqual([
      '1 punkt',
      '2 punkty',
      '5 punktów',
      '22 punkty',
      '25 punktów',
    ]);
    const fr = languageOf('fr');
    expect([0, 1, 2, 1_000_000].map((n) => fr.amount(fr.t.points.points, n))).toEqual([
      '0 point',
      '1 point',
      '2 points',
      '1\u202f000\u202f000 points',
    ]);
    const de = languageOf('de');
    expect([1, 4321].map((n) => de.amount(de.t.galleons, n))).toEqual([
      '1 Galleone',
      '4.321 Galleonen',
    ]);
    expect(ENGLISH.count(ENGLISH.t.players.profiles, 1)).toBe('1 profile');
    expect(ENGLISH.count(ENGLISH.t.players.profiles, 1200)).toBe('1200 profiles');
  });

  it('writes a day in the locale’s words, in English as ISO (one for en-US and en-GB)', () => {
    const iso = '2099-06-01T00:00:00.000Z';
    expect(ENGLISH.day(iso)).toBe('2099-06-01');
    expect(languageOf('de').day(iso)).toBe('1. Juni 2099');
    expect(languageOf('fr').day(iso)).toBe('1 juin 2099');
    expect(languageOf('pl').day(iso)).toBe('1 czerwca 2099');
    // The day is UTC's, whatever the machine's zone: the last instant of May stays in May.
    expect(languageOf('nl').day('2099-05-31T23:59:59.000Z')).toBe('31 mei 2099');
  });
});
