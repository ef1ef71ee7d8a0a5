import { EVENT_NAMES } from '../records/events.js';
import { formatEventId, type Held } from './event-id.js';

/*
 * The bytes of the stream (text/event-stream, WHATWG HTML §9.2): events are serialized here
 * once per change of a guild and the same Buffer is written to every stream of that guild.
 */

/** A comment line: proxies see traffic on an idle stream and keep it open. */
export const KEEP_ALIVE = Buffer.from(': keep-alive\n\n');

/**
 * The events that take a client holding `held` to `current` (both digests in EVENT_NAMES order):
 * one per event whose digest differs, each with the id of what the client holds once it has
 * it. Null when nothing differs.
 */
export function framesFrom(
  held: Held,
  current: Held,
  data: readonly Buffer[],
): { frames: Buffer; sent: number[] } | null {
  const parts: Buffer[] = [];
  const sent: number[] = [];
  const now = [...held];
  EVENT_NAMES.forEach((name, index) => {
    if (held[index] === current[index]) return;
    now[index] = current[index] ?? '';
    // No data (a guild whose terms were all deleted): nothing to send, only the id moves.
    if (!data[index]?.length) return;
    parts.push(
      Buffer.from(`id: ${formatEventId(now)}\nevent: ${name}\ndata: `),
      data[index] ?? Buffer.alloc(0),
      Buffer.from('\n\n'),
    );
    sent.push(index);
  });
  return sent.length > 0 ? { frames: Buffer.concat(parts), sent } : null;
}
