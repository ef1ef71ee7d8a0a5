import { writeSync } from 'node:fs';
import { type DestinationStream, destination, type Logger, pino } from 'pino';
import type { LogLevel } from './config.js';
import { TurnBatchedStream } from './log-stream.js';

export type { Logger };

/**
 * Anything shaped like a housecup API key: scrubbed from every log line, whatever logged it.
 * Percent-escapes count too, as a logged URL keeps them (`hc%5F…` is a key in a path).
 */
const KEY_SHAPE = /(?:h|%68)(?:c|%63)(?:_|%5f)(?:[a-z0-9_-]|%[0-9a-f]{2}){6,}/gi;

/** A webhook signing secret (`whsec_` + base64), likewise scrubbed wherever it would appear. */
const WEBHOOK_SECRET_SHAPE = /whsec_(?:[A-Za-z0-9+/=]|%[0-9a-f]{2}){6,}/gi;

/**
 * Whether a line may hold either shape: both need a `_` or a `%` (`%5f`), which an access line
 * rarely has, and looking for two characters costs a fraction of the patterns' scans.
 */
const mayHoldShapes = (line: string) => line.includes('_') || line.includes('%');

interface LoggerOptions {
  level: LogLevel;
  /** Other secrets (the Discord token) that must never reach a log line. */
  secrets?: readonly string[];
  /** Where lines go; stdout when absent. Tests pass a stream to read them. */
  destination?: DestinationStream;
}

function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = 'code' in error ? error.code : undefined;
  const status = 'status' in error ? error.status : undefined;
  return { type: error.name, message: error.message, code, status };
}

let stdout: DestinationStream | undefined;

/** Log text waiting for a standard output that cannot take it (a full disk) at most; past it, lines are dropped. */
const MAX_WAITING_BYTES = 16 * 1024 * 1024;

/**
 * Standard output, shared by every logger of the process, made on first use: pino's own
 * synchronous destination, handed the lines of one event-loop turn in one write
 * (src/log-stream.ts; docs/performance.md, "The access line").
 *
 * A write that fails (ENOSPC, EIO: standard output is a file on a full disk) must not stop the
 * service: unheard, the destination's 'error' throws out of the write, and the fatal line that
 * follows throws again, a loop that kept the process spinning. So the lines wait, up to
 * MAX_WAITING_BYTES, and go out once writes succeed again; the failure is said once on standard
 * error, and again once it ends.
 */
function standardOutput(): DestinationStream {
  if (stdout) return stdout;
  const out = destination({ dest: 1, sync: true, maxLength: MAX_WAITING_BYTES });
  let failing = false;
  out.on('error', (error: NodeJS.ErrnoException) => {
    if (failing) return;
    failing = true;
    say(
      `housecup: log lines cannot be written to standard output (${error.code ?? error.message}); they wait, up to ${MAX_WAITING_BYTES / 1024 / 1024} MiB, then are dropped, until it takes them again\n`,
    );
  });
  out.on('write', () => {
    if (!failing) return;
    failing = false;
    say('housecup: log lines are written to standard output again\n');
  });
  stdout = new TurnBatchedStream(out);
  return stdout;
}

/** A line on standard error, if it takes it: nothing else is left to tell. */
function say(text: string): void {
  try {
    writeSync(2, text);
  } catch {
    // Standard error fails too: the lines wait on standard output, which says the rest.
  }
}

/** Each logger made here: how it writes a line made by hand, as it writes its own. */
const lineWriters = new WeakMap<Logger, (line: string) => void>();

/**
 * Writes a JSON line made by hand in pino's own shape (src/http/access-log.ts) the way `logger`
 * writes its lines: scrubbed of secrets, to its destination. Only for loggers from createLogger.
 */
export function lineWriterOf(logger: Logger): (line: string) => void {
  const write = lineWriters.get(logger);
  if (!write) throw new Error('a line made by hand needs a logger made by createLogger');
  return write;
}

/** The process's one logger: JSON lines, secrets scrubbed at the last moment before writing. */
export function createLogger(options: LoggerOptions): Logger {
  const secrets = (options.secrets ?? []).filter((secret) => secret.length >= 8);
  // Nearly every line holds no secret: a search, which makes nothing, decides whether to replace.
  const scrub = (line: string) => {
    let clean = line;
    if (mayHoldShapes(clean)) {
      if (clean.search(KEY_SHAPE) !== -1) clean = clean.replace(KEY_SHAPE, 'hc_[redacted]');
      if (clean.search(WEBHOOK_SECRET_SHAPE) !== -1) {
        clean = clean.replace(WEBHOOK_SECRET_SHAPE, 'whsec_[redacted]');
      }
    }
    for (const secret of secrets) {
      if (clean.includes(secret)) clean = clean.split(secret).join('[redacted]');
    }
    return clean;
  };
  const destination = options.destination ?? standardOutput();
  const logger = pino(
    {
      level: options.level,
      base: undefined,
      // Errors are logged by kind and message only: a stack trace is for a debugger, not a log.
      serializers: { err: describeError },
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization'],
        censor: '[redacted]',
      },
      hooks: { streamWrite: scrub },
    },
    destination,
  );
  lineWriters.set(logger, (line) => destination.write(scrub(line)));
  return logger;
}
