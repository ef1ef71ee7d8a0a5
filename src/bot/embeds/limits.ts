import type { APIEmbed, APIEmbedField } from 'discord.js';
import { withoutBidiControls } from '../../answers/bidi.js';
import { en } from '../i18n/en.js';

/** What a cut list says of the rest, in the reader's language (English when not given). */
interface ListTexts {
  moreLines(count: string): string;
  moreFields(count: string): string;
  unknownMember: string;
}

/** Discord's embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  /** Sum of every text above, per message. */
  total: 6000,
} as const;

const ELLIPSIS = '…';
/** What a field shows when its text would be blank: Discord refuses blank names and values. */
export const BLANK_FIELD = '—';

/** Text Discord shows as nothing: whitespace, control and format characters only. */
const INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Z}]*$/u;
/** A Discord user id; anything else (the import allows `[A-Za-z0-9_-]`) is not a mention. */
const SNOWFLAKE = /^\d{17,20}$/;

/** Cuts text to at most `max` characters (UTF-16 units, as Discord counts), marking the cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let cut = text.slice(0, max - ELLIPSIS.length);
  // Never leave half a surrogate pair (an emoji) at the cut.
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut + ELLIPSIS;
}

function isBlank(text: string): boolean {
  return INVISIBLE.test(text);
}

/**
 * Neutralises a user's string so that it cannot restyle an embed, fake a link or a mention,
 * reorder its line (bidi controls) or break it: markdown is escaped, whitespace runs become one
 * space, control characters go, and the ends are trimmed.
 */
export function plain(text: string): string {
  return withoutBidiControls(text)
    .replace(/\s+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .replace(/[\\*_~`|[\]<>]/g, (c) => `\\${c}`)
    .replace(/^([#>-])/, '\\$1');
}

/** `plain(text)`, or `fallback` when nothing visible would be left (a name of spaces). */
export function named(text: string, fallback: string): string {
  const shown = plain(text);
  return isBlank(shown) ? fallback : shown;
}

/** A member as a mention when the id is a Discord user id; any other id as plain text. */
export function mention(userId: string, texts: ListTexts = en.lists): string {
  return SNOWFLAKE.test(userId) ? `<@${userId}>` : named(userId, texts.unknownMember);
}

/**
 * Joins lines into a description of at most `max` characters; lines that do not fit are
 * replaced by one "…and N more" line, so a reader knows something was left out.
 */
export function linesWithin(
  lines: readonly string[],
  max: number = LIMITS.description,
  texts: ListTexts = en.lists,
): string {
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const remaining = lines.length - index - 1;
    const tail = remaining > 0 ? `\n${texts.moreLines(String(remaining))}` : '';
    const added = (kept.length > 0 ? 1 : 0) + line.length;
    if (length + added + tail.length > max) {
      const more = texts.moreLines(String(lines.length - index));
      return kept.length > 0 ? `${kept.join('\n')}\n${more}` : clip(more, max);
    }
    kept.push(line);
    length += added;
  }
  return kept.join('\n');
}

function moreField(count: number, texts: ListTexts): APIEmbedField {
  return { name: ELLIPSIS, value: texts.moreFields(String(count)), inline: false };
}

function fieldLength(field: APIEmbedField): number {
  return field.name.length + field.value.length;
}

/**
 * The leading fields that fit in Discord's 25 and in `budget` characters. When some are left
 * out, the last field says how many, and fields are given back until it fits: the count is
 * never what gets cut (it was the first to go when fields were dropped from the end to fit).
 */
export function fieldsWithin(
  fields: readonly APIEmbedField[],
  budget: number = LIMITS.total,
  texts: ListTexts = en.lists,
): APIEmbedField[] {
  const kept: APIEmbedField[] = [];
  let used = 0;
  for (const [index, field] of fields.entries()) {
    const slots = index < fields.length - 1 ? LIMITS.fields - 1 : LIMITS.fields;
    if (kept.length >= slots || used + fieldLength(field) > budget) break;
    kept.push(field);
    used += fieldLength(field);
  }
  if (kept.length === fields.length) return kept;
  let more = moreField(fields.length - kept.length, texts);
  while (kept.length > 0 && used + fieldLength(more) > budget) {
    const dropped = kept.pop();
    if (dropped) used -= fieldLength(dropped);
    more = moreField(fields.length - kept.length, texts);
  }
  return fieldLength(more) <= budget ? [...kept, more] : kept;
}

function textLength(embed: APIEmbed): number {
  let total = (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
  total += (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
  for (const field of embed.fields ?? []) total += field.name.length + field.value.length;
  return total;
}

/** A field's text within its limit and never blank. */
function visible(text: string, max: number): string {
  const cut = clip(text, max);
  return isBlank(cut) ? BLANK_FIELD : cut;
}

/**
 * The safety net every builder ends with: whatever the data, the embed Discord receives
 * respects every limit, so no guild's content can make a reply fail.
 */
export function fitEmbed(embed: APIEmbed, texts: ListTexts = en.lists): APIEmbed {
  const fitted: APIEmbed = { ...embed };
  if (fitted.title !== undefined) fitted.title = clip(fitted.title, LIMITS.title);
  if (fitted.description !== undefined) {
    fitted.description = clip(fitted.description, LIMITS.description);
  }
  if (fitted.footer)
    fitted.footer = { ...fitted.footer, text: clip(fitted.footer.text, LIMITS.footer) };
  if (fitted.author)
    fitted.author = { ...fitted.author, name: clip(fitted.author.name, LIMITS.author) };
  if (fitted.fields) {
    const fields = fitted.fields.map((field) => ({
      ...field,
      name: visible(field.name, LIMITS.fieldName),
      value: visible(field.value, LIMITS.fieldValue),
    }));
    // The fields get what the other texts leave of the total.
    const budget = LIMITS.total - textLength({ ...fitted, fields: [] });
    fitted.fields = fieldsWithin(fields, budget, texts);
  }
  const excess = textLength(fitted) - LIMITS.total;
  if (excess > 0 && fitted.description) {
    fitted.description = clip(fitted.description, Math.max(0, fitted.description.length - excess));
  }
  return fitted;
}

/** Total text of an embed as Discord counts it; exported for the tests. */
export { textLength as embedTextLength };
