import { id, instant, nullable, text } from './field.js';
import { defineRecord } from './record.js';

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

/** A control character (a line break, a tab, NUL which PostgreSQL's text cannot hold, C1). */
const CONTROL = /\p{Cc}/u;
/** With the u flag a pair is one code point: only a surrogate without its other half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

type TitleCheck = { ok: true; title: string } | { ok: false; problem: string };

/**
 * A title as the store takes it: trimmed of blanks around it, then one line of 1 to 100
 * characters of well-formed Unicode. `problem` completes "Invalid title: …" and is what the CLI
 * says; Discord's reply says the same in the member's language.
 */
export function checkTitle(given: string): TitleCheck {
  const title = given.trim();
  if (LONE_SURROGATE.test(title)) {
    return { ok: false, problem: 'must be well-formed Unicode text (it holds a lone surrogate)' };
  }
  const length = [...title].length;
  if (length < (TITLE.min ?? 1) || length > TITLE_MAX || CONTROL.test(title)) {
    return { ok: false, problem: `must be one line of 1 to ${TITLE_MAX} characters` };
  }
  return { ok: true, title };
}
