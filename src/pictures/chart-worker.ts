import { parentPort } from 'node:worker_threads';
import type { ChartJob, ChartJobDone } from './chart-job.js';
import { drawChart } from './draw-chart.js';
import { registerFonts } from './fonts.js';

/*
 * A chart worker (chart-workers.ts starts them): draws and encodes one chart per message on its
 * own thread, so the service's event loop never waits for a picture. Fonts are registered per
 * thread: each worker has its own canvas module state.
 */

if (!parentPort) throw new Error('chart-worker.ts runs only as a worker thread');
const port = parentPort;
registerFonts();

/** The PNG bytes alone in an ArrayBuffer of their own, which can be transferred. */
function ownBuffer(png: Buffer): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = png;
  if (buffer instanceof ArrayBuffer && byteOffset === 0 && buffer.byteLength === byteLength) {
    return buffer;
  }
  return new Uint8Array(png).buffer;
}

port.on('message', ({ id, input }: ChartJob) => {
  let done: ChartJobDone;
  try {
    // Synchronous: this thread has nothing else to do, and libuv's pool stays free for the
    // service's own work.
    done = { id, png: ownBuffer(drawChart(input).encodeSync('png')) };
  } catch (error) {
    done = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(done, 'png' in done ? [done.png] : []);
});
