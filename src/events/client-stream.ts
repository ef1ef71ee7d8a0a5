import type { Held } from './event-id.js';

/** Where a stream's bytes go: the HTTP response, as far as a stream needs it. */
export interface StreamSink {
  write(chunk: Buffer): boolean;
  /** Bytes written but not yet taken by the OS (the client reads slower than we write). */
  readonly writableLength: number;
  end(): void;
  destroy(): void;
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
    this.sink.write(chunk);
    if (this.sink.writableLength > this.maxBufferedBytes) {
      this.end('slow');
      return false;
    }
    return true;
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
