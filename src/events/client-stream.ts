import type { Held } from './event-id.js';

/** Where a stream's bytes go: the HTTP response, as far as a stream needs it. */
export interface StreamSink {
  write(chunk: Buffer): boolean;
  /** Bytes written but not yet taken by the OS (the client reads slower than we write). */
  readonly writableLength: number;
  end(): void;
  destroy(): void;
}

/**
 * A stream whose client has not taken this many bytes is dropped: ~250 points events behind, far
 * more than a reader that is merely slow ever is, and a bound on what one client can hold here.
 */
export const MAX_BUFFERED_BYTES = 64 * 1024;

/**
 * Writes `chunk`; false when the client is then more than `maxBufferedBytes` behind, and must be
 * dropped rather than held in memory.
 */
export function writeWithin(sink: StreamSink, chunk: Buffer, maxBufferedBytes: number): boolean {
  sink.write(chunk);
  return sink.writableLength <= maxBufferedBytes;
}

/** Why a stream ended, for the log line and the caller. */
export type EndReason = 'client' | 'revoked' | 'slow' | 'shutdown';

/**
 * One open stream of one client. It holds no copy of what it sends: the frames are the guild's,
 * shared by every stream (guild-watch.ts). A client that stops reading makes the response buffer
 * grow; past `maxBufferedBytes` the stream is dropped rather than held in memory.
 */
export class ClientStream {
  /** What the client holds: the digests of the last data sent per event (event-id.ts). */
  held: Held;
  /** Set once the stream got the guild's state (its first events, or none on a resume). */
  joined = false;
  ended: EndReason | null = null;

  constructor(
    private readonly sink: StreamSink,
    readonly keyId: number,
    readonly guildId: string,
    lastEventHeld: Held,
    private readonly maxBufferedBytes: number,
    private readonly onEnd: (stream: ClientStream, reason: EndReason) => void,
  ) {
    this.held = lastEventHeld;
  }

  /** Writes `chunk`; false (and the stream dropped) when the client is too far behind. */
  send(chunk: Buffer): boolean {
    if (this.ended) return false;
    if (writeWithin(this.sink, chunk, this.maxBufferedBytes)) return true;
    this.end('slow');
    return false;
  }

  /**
   * Ends the stream once: cleanly (the response's last chunk) on shutdown or revocation, at once
   * for a client too slow to take even that.
   */
  end(reason: EndReason): void {
    if (this.ended) return;
    this.ended = reason;
    if (reason === 'slow') this.sink.destroy();
    else if (reason !== 'client') this.sink.end();
    this.onEnd(this, reason);
  }
}
