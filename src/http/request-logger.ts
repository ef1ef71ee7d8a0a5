import type { FastifyBaseLogger } from 'fastify';
import { type Bindings, type ChildLoggerOptions, type LogFn, levels, symbols } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const rank = (level: string) => levels.values[level] ?? Number.POSITIVE_INFINITY;

function forward(level: Level): LogFn {
  const value = rank(level);
  return function (this: LazyRequestLogger, ...args: unknown[]) {
    // A line below the level would not be written: no child is made for it.
    if (!this.made && value < rank(this.level)) return;
    (this.logger[level] as (...logged: unknown[]) => void)(...args);
  } as LogFn;
}

/**
 * A request's logger that becomes a pino child only when something logs through it.
 *
 * Fastify makes a child logger for every request, and pino's child (as Fastify calls it, with
 * an options object) rebuilds its level methods and emits an event: a measurable share of a
 * cached answer's cost. The access line is written by the app's logger with the request id, so
 * most requests never need the child; a warning or an error gets a real one, same bindings.
 *
 * Fastify is handed `LazyRequestLogger.over(logger)`, whose children are lazy, rather than a
 * `childLoggerFactory` of ours: Fastify checks a custom factory's child method by method on
 * every request, which cost more than the lazy child saves.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** `logger` itself, whose children (Fastify's, one per request) are made lazily. */
  static over(logger: FastifyBaseLogger): LazyRequestLogger {
    const root = new LazyRequestLogger(logger, {}, {});
    root.real = logger;
    return root;
  }

  /**
   * The serializers of the pino logger underneath, read by Fastify from the logger it is given
   * to put them over its own: ours log an error without its stack.
   */
  get [symbols.serializersSym](): unknown {
    return (this.logger as unknown as Record<symbol, unknown>)[symbols.serializersSym];
  }

  get made(): boolean {
    return this.real !== undefined;
  }

  get logger(): FastifyBaseLogger {
    this.real ??= this.parent.child(this.bindings, this.options);
    return this.real;
  }

  get level(): string {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  // On the prototype (below): one function per level for all requests, none made per request.
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return new LazyRequestLogger(this.logger, bindings, options ?? {});
  }
}

for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
  LazyRequestLogger.prototype[level] = forward(level);
}
