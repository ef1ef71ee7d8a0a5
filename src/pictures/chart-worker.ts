import { parentPort } from 'node:worker_threads';
import type { ChartJob, ChartJobDone, ChartWorkerReady } from './chart-job.js';
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

/**
 * The PNG bytes copied into an ArrayBuffer of this thread's own, which can be transferred. The
 * canvas' own buffer is external memory: Node 24 refuses to transfer it (a DataCloneError with no
 * message, thrown where nothing catches it, ended the worker on every chart), while Node 20 let
 * it go. The copy is one memcpy of a few tens of KB.
 */
function ownBuffer(png: Buffer): ArrayBuffer {
  const copy = new ArrayBuffer(png.byteLength);
  new Uint8Array(copy).set(png);
  return copy;
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
  try {
    port.postMessage(done, 'png' in done ? [done.png] : []);
  } catch (error) {
    // Not sent (it could not be cloned or transferred): this chart fails, the worker lives on.
    port.postMessage({
      id,
      error: error instanceof Error ? error.message || error.name : String(error),
    });
  }
});

// Loaded: the pool's limit on a chart counts from here (a thread's start is not the chart's time).
port.postMessage({ ready: true } satisfies ChartWorkerReady);
