import type { APIEmbed } from 'discord.js';
import type { KeyRecord } from '../../keys/key-store.js';
import { NEUTRAL_COLOUR } from './houses.js';
import { fitEmbed, linesWithin, named } from './limits.js';

function day(iso: string | null): string {
  return iso === null ? 'never' : iso.slice(0, 10);
}

/** The guild's keys, never the keys themselves: only the hint stored beside each. */
export function keyListEmbed(keys: readonly KeyRecord[]): APIEmbed {
  const lines = keys.map((key) => {
    const name = named(key.name, '(no name)');
    const state = key.revoked_at === null ? '' : ` · ❌ revoked ${day(key.revoked_at)}`;
    return `**#${key.id}** ${name} · \`${key.hint}\` · created ${day(key.created_at)} · last used ${day(key.last_used_at)}${state}`;
  });
  return fitEmbed({
    title: `API keys of this server (${keys.length})`,
    description: lines.length > 0 ? linesWithin(lines) : 'No key yet: `/apikey create` makes one.',
    color: NEUTRAL_COLOUR,
  });
}

/** The one time the key is shown: in an ephemeral reply to the admin who created it. */
export function newKeyEmbed(id: number, key: string, guildId: string): APIEmbed {
  return fitEmbed({
    title: `API key #${id} created`,
    description: [
      `\`\`\`\n${key}\n\`\`\``,
      'Copy it now: it is shown only this once and stored only as a hash.',
      `It reads this server only (\`${guildId}\`). Send it as \`Authorization: Bearer <key>\`.`,
    ].join('\n'),
    color: NEUTRAL_COLOUR,
  });
}
