import type { APIEmbed } from 'discord.js';
import type { KeyRecord } from '../../keys/key-store.js';
import type { Language } from '../i18n/index.js';
import { NEUTRAL_COLOUR } from './houses.js';
import { fitEmbed, LIMITS, linesWithin, named } from './limits.js';

function day(iso: string | null, language: Language): string {
  return iso === null ? language.t.apikey.never : language.day(iso);
}

/** The guild's keys, never the keys themselves: only the hint stored beside each. */
export function keyListEmbed(keys: readonly KeyRecord[], language: Language): APIEmbed {
  const { t } = language;
  const lines = keys.map((key) => {
    const name = named(key.name, t.apikey.noName);
    const state =
      key.revoked_at === null ? '' : ` · ${t.apikey.revoked(day(key.revoked_at, language))}`;
    const dates = t.apikey.dates(day(key.created_at, language), day(key.last_used_at, language));
    return `**#${language.digits(key.id)}** ${name} · \`${key.hint}\` · ${dates}${state}`;
  });
  return fitEmbed(
    {
      title: t.apikey.listTitle(language.digits(keys.length)),
      description:
        lines.length > 0 ? linesWithin(lines, LIMITS.description, t.lists) : t.apikey.empty,
      color: NEUTRAL_COLOUR,
    },
    t.lists,
  );
}

/** The one time the key is shown: in an ephemeral reply to the admin who created it. */
export function newKeyEmbed(
  id: number,
  key: string,
  guildId: string,
  language: Language,
): APIEmbed {
  const { t } = language;
  return fitEmbed({
    title: t.apikey.createdTitle(language.digits(id)),
    description: [`\`\`\`\n${key}\n\`\`\``, t.apikey.copyNow, t.apikey.readsOnly(guildId)].join(
      '\n',
    ),
    color: NEUTRAL_COLOUR,
  });
}
