import { Writable } from 'node:stream';

/**
 * A stream's client as its socket looks to the server: one that reads every byte (`received`),
 * or, `stuck`, one that never takes a byte, as a socket whose peer reads nothing looks once the
 * OS buffers are full.
 */
export class Sink extends Writable {
  received = '';
  constructor(private readonly stuck: boolean) {
    super({ highWaterMark: 1024 });
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    if (this.stuck) return; // never calls back: everything after stays buffered
    this.received += chunk.toString('utf8');
    done();
  }
}
