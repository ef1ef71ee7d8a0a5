import { DiscordAPIError, InteractionResponseType } from 'discord.js';
import type { Logger } from '../logger.js';
import type { ButtonAnswer, CommandContext, CommandModule, InteractionRequest } from './command.js';
import { type Delivery, messageData } from './delivery.js';
import { en } from './i18n/en.js';
import { resolveLanguage } from './i18n/index.js';
import { NotFoundError } from './not-found.js';
import { readOptions } from './options.js';
import type { CommandServices } from './services.js';

/** The English texts; each language has its own (i18n/). */
export const APOLOGY = en.errors.apology;
export const GUILD_ONLY = en.errors.guildOnly;

export interface DispatcherOptions {
  commands: readonly CommandModule[];
  /** Handed to every handler as they are (services.ts). */
  services: CommandServices;
  logger: Logger;
  /**
   * Discord drops an interaction not answered within 3 s. A handler still running after
   * this long gets a deferral first, and its answer then edits that deferral.
   */
  deferAfterMs?: number;
  /** Told of every handled interaction (metrics); `command` is always a known command's name. */
  onHandled?: (command: string, outcome: Outcome) => void;
}

export type Outcome = 'ok' | 'not found' | 'error';

/** Answers one interaction through `delivery`; never rejects. */
export type Dispatch = (request: InteractionRequest, delivery: Delivery) => Promise<void>;

/** Where an interaction stands with Discord: nothing sent yet, deferred, or answered. */
type Progress = { state: 'fresh' | 'deferred' | 'answered' };

/**
 * Sends `answer` in whatever way the interaction's progress allows: a first answer, an edit of
 * a deferral, or a follow-up once something was already sent.
 */
async function send(
  request: InteractionRequest,
  delivery: Delivery,
  progress: Progress,
  answer: ButtonAnswer,
): Promise<void> {
  if ('update' in answer) {
    if (request.kind !== 'button') throw new Error('only a button can update its message');
    const data = messageData(answer.update, false);
    if (progress.state === 'fresh') {
      await delivery.respond({ type: InteractionResponseType.UpdateMessage, data });
    } else {
      await delivery.editOriginal(data);
    }
    progress.state = 'answered';
    return;
  }
  const reply = answer.reply;
  if (reply.files?.length && progress.state === 'fresh' && !delivery.carriesFiles) {
    // POST /interactions answers in JSON, which carries no file: a deferral first, then the
    // edit that carries them. The gateway's callback carries them itself (one call to Discord).
    await delivery.respond({ type: InteractionResponseType.DeferredChannelMessageWithSource });
    progress.state = 'deferred';
  }
  if (progress.state === 'fresh') {
    const data = messageData(reply, true);
    await delivery
      .respond({ type: InteractionResponseType.ChannelMessageWithSource, data }, reply.files)
      .catch((error: unknown) => {
        // Our own first try landed (its retry says so): the answer is there.
        if (!alreadyAcknowledged(error)) throw error;
      });
  } else if (request.kind === 'command' && progress.state === 'deferred') {
    // A public deferral of a command cannot turn ephemeral: remove it, answer privately instead.
    if (reply.ephemeral) {
      await delivery.deleteOriginal();
      await delivery.followUp(messageData(reply, true), reply.files);
    } else {
      await delivery.editOriginal(messageData(reply, false), reply.files);
    }
  } else {
    await delivery.followUp(messageData(reply, true), reply.files);
  }
  progress.state = 'answered';
}

/** Discord's code for a callback to an interaction already answered. */
const ALREADY_ACKNOWLEDGED = 40060;

/**
 * Whether Discord says the interaction was answered already. Only this process answers it, so it
 * was our own callback: @discordjs/rest retries one that Discord took but answered with a 5xx, or
 * not in time, and the retry is then told so.
 */
function alreadyAcknowledged(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.code === ALREADY_ACKNOWLEDGED;
}

/**
 * Whether Discord refused this answer's content (400: a bad embed…), so that a plain apology
 * may still go through. After a 5xx (already retried by @discordjs/rest), a rate limit or a
 * timeout, the same endpoint would fail the same way, and past 3 s the token is dead anyway:
 * another attempt would only add a second error line.
 */
function refusedContent(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.status === 400;
}

function describe(request: InteractionRequest): string {
  return request.kind === 'command' ? `/${request.command}` : `button ${request.customId}`;
}

/** The answer of the command that a command or button names; "unknown command" if none. */
async function route(
  byName: ReadonlyMap<string, CommandModule>,
  request: InteractionRequest,
  context: CommandContext,
): Promise<ButtonAnswer> {
  const unknown = {
    reply: { content: context.language.t.errors.unknownCommand, ephemeral: true },
  };
  if (request.kind === 'command') {
    const command = byName.get(request.command);
    if (!command) return unknown;
    const options = readOptions(command.definition, request.options);
    return { reply: await command.execute({ ...request, options }, context) };
  }
  const [name = '', ...args] = request.customId.split(':');
  const command = byName.get(name);
  if (!command?.button) return unknown;
  return command.button(request, context, args);
}

/**
 * Defers the interaction once `ms` pass without an answer. The returned function stops the timer
 * and waits for a deferral already on its way, so the answer is sent knowing the progress.
 */
function deferWhenSlow(
  request: InteractionRequest,
  delivery: Delivery,
  progress: Progress,
  ms: number,
  onFailure: (error: unknown) => void,
): () => Promise<void> {
  // Set synchronously by the timer, so once the handler settles it is known for sure.
  let deferral: Promise<unknown> | null = null;
  const timer = setTimeout(() => {
    const type =
      request.kind === 'button'
        ? InteractionResponseType.DeferredMessageUpdate
        : InteractionResponseType.DeferredChannelMessageWithSource;
    deferral = delivery.respond({ type }).then(
      () => {
        progress.state = 'deferred';
      },
      (error: unknown) => {
        // The deferral stands (its first try landed): the answer edits it.
        if (alreadyAcknowledged(error)) progress.state = 'deferred';
        else onFailure(error);
      },
    );
  }, ms);
  return async () => {
    clearTimeout(timer);
    if (deferral) await deferral;
  };
}

/** The handler's answer, or the one that stands in for its failure. */
async function answerOf(
  handler: () => Promise<ButtonAnswer>,
  apology: ButtonAnswer,
  onError: (error: unknown) => void,
): Promise<{ answer: ButtonAnswer; outcome: Outcome }> {
  try {
    return { answer: await handler(), outcome: 'ok' };
  } catch (error) {
    if (error instanceof NotFoundError) {
      return {
        answer: { reply: { content: error.message, ephemeral: true } },
        outcome: 'not found',
      };
    }
    onError(error);
    return { answer: apology, outcome: 'error' };
  }
}

/** Sends the answer; false when it could not go (then the apology is tried, where it may help). */
async function sendOrApologise(
  request: InteractionRequest,
  delivery: Delivery,
  progress: Progress,
  answers: { answer: ButtonAnswer; apology: ButtonAnswer },
  onError: (error: unknown) => void,
): Promise<boolean> {
  try {
    await send(request, delivery, progress, answers.answer);
    return true;
  } catch (error) {
    onError(error);
    // Discord refused the content itself: an apology still tells the user something.
    if (refusedContent(error)) await send(request, delivery, progress, answers.apology);
    return false;
  }
}

/** A label from the known commands only, so a forged custom_id cannot grow the series. */
function metricLabel(
  byName: ReadonlyMap<string, CommandModule>,
  request: InteractionRequest,
): string {
  const name = request.kind === 'command' ? request.command : request.customId.split(':')[0];
  return name !== undefined && byName.has(name) ? name : 'unknown';
}

/** The one place interactions enter, from either transport: routes them, never throws. */
export function createDispatcher(options: DispatcherOptions): Dispatch {
  const { logger } = options;
  const deferAfterMs = options.deferAfterMs ?? 2_000;
  const byName = new Map(options.commands.map((command) => [command.definition.name, command]));

  async function handle(request: InteractionRequest, delivery: Delivery): Promise<void> {
    const started = performance.now();
    const where = { interaction: describe(request), guild: request.guildId, user: request.user.id };
    const progress: Progress = { state: 'fresh' };
    const language = resolveLanguage(request.locale, request.guildLocale);
    const { t } = language;

    const guildId = request.guildId;
    if (guildId === null) {
      const reply = { content: t.errors.guildOnly, ephemeral: true };
      await send(request, delivery, progress, { reply });
      return;
    }
    const context: CommandContext = {
      ...options.services,
      guildId,
      userId: request.user.id,
      language,
      logger: logger.child({ guild: guildId }),
    };
    const apology = { reply: { content: t.errors.apology, ephemeral: true } };
    const deferred = deferWhenSlow(request, delivery, progress, deferAfterMs, (error) =>
      logger.warn({ ...where, err: error }, 'could not defer'),
    );
    const handled = await answerOf(
      () => route(byName, request, context),
      apology,
      (error) => logger.error({ ...where, err: error }, 'interaction handler failed'),
    );
    await deferred();
    const sent = await sendOrApologise(
      request,
      delivery,
      progress,
      { answer: handled.answer, apology },
      (error) => logger.error({ ...where, err: error }, 'could not send the answer'),
    );
    const outcome = sent ? handled.outcome : 'error';
    logger.info({ ...where, outcome, ms: Math.round(performance.now() - started) }, 'interaction');
    options.onHandled?.(metricLabel(byName, request), outcome);
  }

  return async (request, delivery) => {
    try {
      await handle(request, delivery);
    } catch (error) {
      // Sending failed (Discord refused, the token expired…): nothing more can reach the user.
      logger.error({ err: error, interaction: request.id }, 'could not answer an interaction');
    }
  };
}
