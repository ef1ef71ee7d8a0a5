import { withoutBidiControls } from '../answers/bidi.js';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for HTML content and quoted attributes, without bidi controls: a title or a
 * term name stored by others cannot show reversed (as Discord's embeds show it, src/bot/embeds).
 */
function escapeHtml(text: string): string {
  return withoutBidiControls(text).replace(
    /[&<>"']/g,
    (character) => ENTITIES[character] ?? character,
  );
}

/** Markup made by `html` below: the only value it inserts without escaping. */
export interface Html {
  readonly markup: string;
}

// Markup is recognised by identity, not shape: an object that merely looks like Html (from
// data, from JSON) is not in this set, so it is escaped like any other value.
const made = new WeakSet<Html>();

function markup(text: string): Html {
  const value = { markup: text };
  made.add(value);
  return value;
}

function isHtml(value: unknown): value is Html {
  return typeof value === 'object' && value !== null && made.has(value as Html);
}

/** What a page may interpolate: text and numbers (escaped), markup, and lists of markup. */
type HtmlValue = string | number | Html | readonly Html[];

function part(value: HtmlValue): string {
  if (isHtml(value)) return value.markup;
  if (Array.isArray(value)) return value.map(part).join('');
  return escapeHtml(String(value));
}

/**
 * The one way the pages write markup: every `${value}` is escaped for text and for quoted
 * attributes unless it is markup this tag made, so a field added later is escaped without anyone
 * remembering to. Only the template's own literal text is taken as markup.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += part(value) + (strings[index + 1] ?? '');
  });
  return markup(text);
}
