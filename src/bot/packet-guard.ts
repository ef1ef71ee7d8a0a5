import type { Client } from 'discord.js';
import type { Logger } from '../logger.js';

/*
 * discord.js builds its objects from a gateway event inside the WebSocket's message listener,
 * outside any handler of ours: a field it cannot read (an interaction whose
 * `member.permissions` is "abc" or "1.5" makes `PermissionsBitField` throw) escapes as an
 * uncaught exception and takes the whole process, HTTP API included, down with it. So every
 * event goes through a try/catch here: one discord.js cannot read is dropped and logged, and
 * the next one is handled as usual.
 *
 * The hook is `WebSocketManager#handlePacket`, the one method every dispatched event (and every
 * event queued before READY) goes through; discord.js marks it private, so its absence after an
 * upgrade is reported at start-up rather than assumed (test/bot/bad-payload.e2e.test.ts fails
 * then too).
 */

interface Packet {
  t?: unknown;
  d?: unknown;
}

type HandlePacket = (packet?: Packet, shard?: { id?: unknown }) => boolean;

/** The interaction token of an event, if it carries one: a credential, never logged. */
function tokenOf(packet: Packet | undefined): string | null {
  const d = packet?.d;
  if (typeof d !== 'object' || d === null || !('token' in d)) return null;
  return typeof d.token === 'string' && d.token.length > 0 ? d.token : null;
}

/** The error as the log shows it: its kind and message, any token the event held blanked. */
function describe(error: unknown, token: string | null): { type: string; message: string } {
  const type = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  return { type, message: token ? message.split(token).join('[redacted]') : message };
}

/** Wraps the client's packet handling so that no event can throw out of it. */
export function guardPackets(client: Client, log: Logger): void {
  const ws = client.ws as unknown as { handlePacket?: HandlePacket };
  const original = ws.handlePacket;
  if (typeof original !== 'function') {
    log.error(
      'discord.js has no WebSocketManager#handlePacket: an event it cannot read may stop the process',
    );
    return;
  }
  ws.handlePacket = function guarded(packet, shard) {
    try {
      return original.call(this, packet, shard);
    } catch (error) {
      const event = typeof packet?.t === 'string' ? packet.t : null;
      log.error(
        { event, shard: shard?.id, error: describe(error, tokenOf(packet)) },
        'Discord sent an event discord.js could not read: dropped',
      );
      return true;
    }
  };
}
