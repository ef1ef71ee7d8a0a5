import type { APIEmbed, APIEmbedField } from 'discord.js';

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

/**
 * Neutralises markdown so a player's chosen name cannot restyle an embed, fake a link or a
 * mention, or break the line it sits on. Only characters with a meaning are escaped.
 */
export function plain(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\\*_~`|[\]<>]/g, (c) => `\\${c}`)
    .replace(/^([#>-])/, '\\$1');
}

/**
 * Joins lines into a description of at most `max` characters; lines that do not fit are
 * replaced by one "…and N more" line, so a reader knows something was left out.
 */
export function linesWithin(lines: readonly string[], max: number = LIMITS.description): string {
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const remaining = lines.length - index - 1;
    const tail = remaining > 0 ? `\n…and ${remaining} more` : '';
    const added = (kept.length > 0 ? 1 : 0) + line.length;
    if (length + added + tail.length > max) {
      const more = `…and ${lines.length - index} more`;
      return kept.length > 0 ? `${kept.join('\n')}\n${more}` : clip(more, max);
    }
    kept.push(line);
    length += added;
  }
  return kept.join('\n');
}

/** At most 25 fields; when some are dropped, the last slot says how many. */
export function fieldsWithin(fields: readonly APIEmbedField[]): APIEmbedField[] {
  if (fields.length <= LIMITS.fields) return [...fields];
  const kept = fields.slice(0, LIMITS.fields - 1);
  return [...kept, { name: '…', value: `and ${fields.length - kept.length} more`, inline: false }];
}

function textLength(embed: APIEmbed): number {
  let total = (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
  total += (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
  for (const field of embed.fields ?? []) total += field.name.length + field.value.length;
  return total;
}

/**
 * The safety net every builder ends with: whatever the data, the embed Discord receives
 * respects every limit, so no guild's content can make a reply fail.
 */
export function fitEmbed(embed: APIEmbed): APIEmbed {
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
    fitted.fields = fieldsWithin(fitted.fields).map((field) => ({
      ...field,
      name: clip(field.name, LIMITS.fieldName) || '\u200b',
      value: clip(field.value, LIMITS.fieldValue) || '\u200b',
    }));
  }
  // Over the total: drop fields from the end, then shorten the description.
  while (textLength(fitted) > LIMITS.total && fitted.fields && fitted.fields.length > 0) {
    fitted.fields = fitted.fields.slice(0, -1);
  }
  const excess = textLength(fitted) - LIMITS.total;
  if (excess > 0 && fitted.description) {
    fitted.description = clip(fitted.description, Math.max(0, fitted.description.length - excess));
  }
  return fitted;
}

/** Total text of an embed as Discord counts it; exported for the tests. */
export { textLength as embedTextLength };
