/*
 * Text written by others (names, titles, reasons) reaches every presenter without bidi controls:
 * the embeddings and overrides U+202A–U+202E (an RLO shows "OPEN" as "NEPO"), the isolates
 * U+2066–U+2069 (which reorder the words after them on their line) and the marks U+200E, U+200F
 * and U+061C. Letters of right-to-left scripts need none of them to show in their own order.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
