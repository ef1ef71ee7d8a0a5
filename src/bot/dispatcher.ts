import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  DiscordAPIError,
  type Interaction,
  MessageFlags,
} from 'discord.js';
import type { KeyStore } from '../keys/key-store.js';
import type { Logger } from '../logger.js';
import type { ReadService } from '../read/service.js';
import type { Answer, ButtonAnswer, CommandContext, CommandModule } from './command.js';
import { NotFoundError } from './not-found.js';

export const APOLOGY =
  'Sorry, something went wrong while answering. It has been logged; please try again later.';
export const GUILD_ONLY = 'This command works only inside a server.';
export const UNKNOWN_COMMAND = 'This command is not known to this bot (any more).';

export interface DispatcherOptions {
  commands: readonly CommandModule[];
  read: ReadService;
  keys: KeyStore;
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

export type Dispatch = (interaction: Interaction) => Promise<void>;

type Routed = ChatInputCommandInteraction | ButtonInteraction;

function toPayload(answer: Answer) {
  return {
    content: answer.content ?? '',
    embeds: answer.embeds ?? [],
    components: answer.components ?? [],
  };
}

/**
 * Sends `answer` in whatever way the interaction's state allows: a first reply, an edit of
 * a deferral, or a follow-up once something was already sent.
 */
async function send(interaction: Routed, answer: ButtonAnswer): Promise<void> {
  if ('update' in answer) {
    if (!interaction.isButton()) throw new Error('only a button can update its message');
    const payload = toPayload(answer.update);
    if (interaction.deferred || interaction.replied) await interaction.editReply(payload);
    else await interaction.update(payload);
    return;
  }
  const reply = answer.reply;
  const payload = toPayload(reply);
  const flags = reply.ephemeral ? MessageFlags.Ephemeral : undefined;
  if (!interaction.deferred && !interaction.replied) {
    await interaction.reply(flags === undefined ? payload : { ...payload, flags });
    return;
  }
  // A public deferral of a command cannot turn ephemeral: remove it, answer privately instead.
  if (interaction.isChatInputCommand() && interaction.deferred && !interaction.replied) {
    if (reply.ephemeral) {
      await interaction.deleteReply();
      await interaction.followUp({ ...payload, flags: MessageFlags.Ephemeral });
    } else {
      await interaction.editReply(payload);
    }
    return;
  }
  await interaction.followUp(flags === undefined ? payload : { ...payload, flags });
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

/** The one place interactions enter: routes them, and never lets a failure escape. */
export function createDispatcher(options: DispatcherOptions): Dispatch {
  const { logger } = options;
  const deferAfterMs = options.deferAfterMs ?? 2_000;
  const byName = new Map(options.commands.map((command) => [command.definition.name, command]));

  async function route(interaction: Routed, context: CommandContext): Promise<ButtonAnswer> {
    if (interaction.isChatInputCommand()) {
      const command = byName.get(interaction.commandName);
      if (!command) return { reply: { content: UNKNOWN_COMMAND, ephemeral: true } };
      return { reply: await command.execute(interaction, context) };
    }
    const [name = '', ...args] = interaction.customId.split(':');
    const command = byName.get(name);
    if (!command?.button) return { reply: { content: UNKNOWN_COMMAND, ephemeral: true } };
    return command.button(interaction, context, args);
  }

  async function handle(interaction: Routed): Promise<void> {
    const started = performance.now();
    const what = interaction.isChatInputCommand()
      ? `/${interaction.commandName}`
      : `button ${interaction.customId}`;
    const where = { interaction: what, guild: interaction.guildId, user: interaction.user.id };

    const guildId = interaction.guildId;
    if (guildId === null) {
      await send(interaction, { reply: { content: GUILD_ONLY, ephemeral: true } });
      return;
    }
    const context: CommandContext = {
      guildId,
      userId: interaction.user.id,
      read: options.read,
      keys: options.keys,
      logger: logger.child({ guild: guildId }),
    };

    // Set synchronously by the timer, so once the handler settles it is known for sure.
    let deferral: Promise<unknown> | null = null;
    const timer = setTimeout(() => {
      deferral = (
        interaction.isButton() ? interaction.deferUpdate() : interaction.deferReply()
      ).catch((error: unknown) => logger.warn({ ...where, err: error }, 'could not defer'));
    }, deferAfterMs);

    let answer: ButtonAnswer;
    let outcome: Outcome = 'ok';
    try {
      answer = await route(interaction, context);
    } catch (error) {
      if (error instanceof NotFoundError) {
        outcome = 'not found';
        answer = { reply: { content: error.message, ephemeral: true } };
      } else {
        outcome = 'error';
        logger.error({ ...where, err: error }, 'interaction handler failed');
        answer = { reply: { content: APOLOGY, ephemeral: true } };
      }
    } finally {
      clearTimeout(timer);
    }
    if (deferral) await deferral;
    try {
      await send(interaction, answer);
    } catch (error) {
      outcome = 'error';
      logger.error({ ...where, err: error }, 'could not send the answer');
      // Discord refused the content itself: an apology still tells the user something.
      if (refusedContent(error)) {
        await send(interaction, { reply: { content: APOLOGY, ephemeral: true } });
      }
    }
    logger.info({ ...where, outcome, ms: Math.round(performance.now() - started) }, 'interaction');
    // A label from the known commands only, so a forged custom_id cannot grow the series.
    const name = interaction.isChatInputCommand()
      ? interaction.commandName
      : (interaction.customId.split(':')[0] ?? '');
    options.onHandled?.(byName.has(name) ? name : 'unknown', outcome);
  }

  return async (interaction) => {
    if (!interaction.isChatInputCommand() && !interaction.isButton()) return;
    try {
      await handle(interaction);
    } catch (error) {
      // Sending failed (Discord refused, the token expired…): nothing more can reach the user.
      logger.error({ err: error, interaction: interaction.id }, 'could not answer an interaction');
    }
  };
}
