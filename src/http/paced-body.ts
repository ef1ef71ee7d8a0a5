import { Readable } from 'node:stream';

/** Bodies from this size on go out paced (a whole list of a few thousand profiles and up). */
export const PACED_FROM_BYTES = 1024 * 1024;
/** What one response hands the socket in one turn of the event loop. */
const SLICE_BYTES = 256 * 1024;

/**
 * A large body as a stream of one slice per event-loop turn. Handed whole to the socket, a body
 * of megabytes is written as far as the kernel takes it in one go (megabytes on loopback), and
 * every other request of the node waits behind that copy; paced, each turn writes at most a
 * slice per large answer, and another guild's small request is read and answered in between.
 */
export function pacedBody(whole: Buffer): Readable {
  // Let go of once handed over: a finished response, and this stream with it, stays referenced
  // until its connection's next request (an idle keep-alive connection: up to its timeout), and
  // megabytes the answer cache has since dropped would stay with it.
  let body: Buffer | null = whole;
  let offset = 0;
  return new Readable({
    highWaterMark: SLICE_BYTES,
    read() {
      setImmediate(() => {
        const bytes = body;
        if (this.destroyed || !bytes) return;
        const start = offset;
        offset = Math.min(start + SLICE_BYTES, bytes.length);
        const last = offset === bytes.length;
        if (last) body = null;
        // A reader may destroy the stream from within push (its client gone): nothing after it
        // may assume the stream, or the body, is still there.
        this.push(bytes.subarray(start, offset));
        if (last && !this.destroyed) this.push(null);
      });
    },
    destroy(error, done) {
      body = null;
      done(error);
    },
  });
}
