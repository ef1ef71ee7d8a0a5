import type {
  APIActionRowComponent,
  APIComponentInMessageActionRow,
  APIEmbed,
  ButtonInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { KeyStore } from '../keys/key-store.js';
import type { Logger } from '../logger.js';
import type { ReadService } from '../read/service.js';

/**
 * What a handler answers, as plain data. Handlers never talk to Discord themselves: the
 * dispatcher sends the answer, so it alone knows whether the interaction was deferred or
 * replied to, and can always answer correctly (and apologise when something breaks).
 */
export interface Answer {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  /** Only the invoking user sees it. */
  ephemeral?: boolean;
}

/** A button either rewrites the message it sits on, or answers with a new message. */
export type ButtonAnswer = { update: Answer } | { reply: Answer };

/** What every handler gets beside the interaction: the guild's id, never from user input. */
export interface CommandContext {
  guildId: string;
  userId: string;
  read: ReadService;
  keys: KeyStore;
  logger: Logger;
}

/** The shape every module in `commands/` must export; the loader checks it. */
export interface CommandModule {
  definition: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction, context: CommandContext): Promise<Answer>;
  /**
   * Buttons whose custom_id is `<command name>:<args…>` come here, split on ':' after the name.
   */
  button?(
    interaction: ButtonInteraction,
    context: CommandContext,
    args: string[],
  ): Promise<ButtonAnswer>;
}

/** custom_id of a button routed back to the command `name`; Discord allows 100 characters. */
export function buttonId(name: string, ...args: (string | number)[]): string {
  const id = [name, ...args].join(':');
  if (id.length > 100) throw new Error(`custom_id too long: ${id.length} characters`);
  return id;
}
