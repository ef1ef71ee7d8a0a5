import { createLogger, type Logger } from '../../src/logger.js';

export interface CapturedLog {
  logger: Logger;
  /** Every line as written (after the logger's scrubbing). */
  raw: string[];
  entries(): { level: number; msg?: string; [key: string]: unknown }[];
}

/** A real housecup logger whose lines the test can read. */
export function captureLog(secrets: string[] = []): CapturedLog {
  const raw: string[] = [];
  const logger = createLogger({
    level: 'debug',
    secrets,
    destination: { write: (line: string) => void raw.push(line) },
  });
  return { logger, raw, entries: () => raw.map((line) => JSON.parse(line)) };
}
