import type { Logger } from './logger.js';

/*
 * What the process does when it must stop, and when code fails outside every handler
 * (docs/operations.md, "What may stop the process"). Requests, interactions, gateway events and
 * stored rows are caught where they enter; what reaches these handlers is a programming error.
 *
 * - uncaughtException: a throw unwound a stack half-way through who knows what; Node's own
 *   documentation says the process is then in an undefined state and must not resume. So: one
 *   fatal log line (name, message, stack: the log is where a developer finds it; never an
 *   answer), a graceful stop within the shutdown deadline, exit 1, and the supervisor
 *   (systemd's Restart=on-failure, Docker's restart policy) starts a clean process.
 * - unhandledRejection: a promise nobody awaited failed. No stack was unwound: the code that
 *   made it ran to its end, and only that fire-and-forget task did not complete. One error line,
 *   and the service keeps serving; taking every answer down with it would turn one lost task
 *   into an outage for every client.
 */

/** How long stopping may take, from the first request to stop, before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;

type ExitCode = 0 | 1;

interface Shutdown {
  /**
   * Stops the service and exits: with `code`, or 1 if stopping fails, passes the deadline, or a
   * later request asks for 1. Requests before `attach` wait for it (a signal during start-up
   * stops the service once started); the deadline counts from the first request either way.
   */
  request(reason: string, code: ExitCode): void;
  /** The service is up: how to stop it. */
  attach(stop: () => Promise<void>): void;
}

export function createShutdown(logger: Logger, deadlineMs = SHUTDOWN_DEADLINE_MS): Shutdown {
  let code: ExitCode | null = null;
  let stop: (() => Promise<void>) | null = null;
  let started = false;
  const exit = (exitCode: ExitCode) => {
    logger.flush();
    process.exit(exitCode);
  };
  const begin = () => {
    if (started || code === null || stop === null) return;
    started = true;
    stop().then(
      () => exit(code ?? 1),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  return {
    request(reason, requested) {
      const first = code === null;
      code = Math.max(code ?? 0, requested) as ExitCode;
      // Should the loop run dry before the stop ends (the timer below is unref'd), the code holds.
      process.exitCode = code;
      if (!first) return;
      logger.info({ signal: reason }, 'shutting down');
      const force = setTimeout(() => {
        logger.error(`shutdown took over ${deadlineMs / 1000} s: exiting anyway`);
        exit(1);
      }, deadlineMs);
      force.unref();
      begin();
    },
    attach(given) {
      stop = given;
      begin();
    },
  };
}

/** The error as the failure's log line shows it: the one place a stack trace is logged. */
function failureOf(error: unknown): { type: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  return { type: error.name, message: error.message, ...(error.stack && { stack: error.stack }) };
}

/** Installs the process's handlers for failures no handler caught (see above). */
export function watchProcessFailures(logger: Logger, shutdown: Shutdown): void {
  process.on('uncaughtException', (error, origin) => {
    logger.fatal(
      { failure: failureOf(error), origin },
      'uncaught exception: the process state is unknown, so it stops (exit 1) for its supervisor to restart it',
    );
    shutdown.request('uncaughtException', 1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.error(
      { failure: failureOf(reason) },
      'unhandled promise rejection: logged; the service keeps serving',
    );
  });
}
