import { id, instant, nullable, text } from './field.js';
import { defineRecord } from './record.js';
import { checkLine } from './text-line.js';

/** What the page is headed when its guild gave no title of its own. */
export const DEFAULT_PAGE_TITLE = 'House cup';

/** A guild whose house cup is public at /cup/:guildId (docs/scoreboard.md); nothing is by default. */
export const publishedGuild = defineRecord({
  name: 'PublishedGuild',
  table: 'published_guilds',
  description: 'A guild that chose to show its house cup on a public page.',
  fields: {
    guild_id: id('Identifier of the guild'),
    published_at: instant('When the guild was published (ISO 8601)'),
    // Bounds in characters (code points): the title rules below read them.
    title: nullable(
      text(`The page's heading; null for "${DEFAULT_PAGE_TITLE}"`, {
        min: 1,
        max: 100,
        notBlank: true,
      }),
    ),
  },
  primaryKey: ['guild_id'],
});

const TITLE = publishedGuild.fields.title;
export const TITLE_MAX = TITLE.max ?? 100;

type TitleCheck = { ok: true; title: string } | { ok: false; problem: string };

/**
 * A title as the store takes it: trimmed of blanks around it, then one line of 1 to 100
 * characters of well-formed Unicode (text-line.ts). `problem` completes "Invalid title: …" and is
 * what the CLI says; Discord's reply says the same in the member's language.
 */
export function checkTitle(given: string): TitleCheck {
  const checked = checkLine(given, TITLE_MAX, TITLE.min ?? 1);
  return checked.ok ? { ok: true, title: checked.text } : checked;
}
