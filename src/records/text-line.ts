/*
 * The text rules of what members and operators type (a page's title, a term's name, an award's
 * reason): trimmed of blanks around it, then one line of well-formed Unicode, its length counted
 * in characters (code points). One rule, so the CLI and Discord refuse alike what the store
 * would not keep.
 */

/** A control character (a line break, a tab, NUL which PostgreSQL's text cannot hold, C1). */
const CONTROL = /\p{Cc}/u;
/** With the u flag a pair is one code point: only a surrogate without its other half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

type LineCheck = { ok: true; text: string } | { ok: false; problem: string };

/** `given`, trimmed, when it is one line of `min` to `max` characters; `problem` completes "Invalid <what>: …". */
export function checkLine(given: string, max: number, min = 1): LineCheck {
  const text = given.trim();
  if (LONE_SURROGATE.test(text)) {
    return { ok: false, problem: 'must be well-formed Unicode text (it holds a lone surrogate)' };
  }
  const length = [...text].length;
  if (length < min || length > max || CONTROL.test(text)) {
    const size = min > 0 ? `${min} to ${max}` : `at most ${max}`;
    return { ok: false, problem: `must be one line of ${size} characters` };
  }
  return { ok: true, text };
}
