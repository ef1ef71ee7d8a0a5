import type {
  APIActionRowComponent,
  APIComponentInMessageActionRow,
  APIEmbed,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Logger } from '../logger.js';
import type { Language } from './i18n/index.js';
import type { GivenOptions, OptionsOf } from './options.js';
import type { CommandServices } from './services.js';

/**
 * What a handler answers, as plain data. Handlers never talk to Discord themselves: the
 * dispatcher sends the answer, so it alone knows whether the interaction was deferred or
 * replied to, and can always answer correctly (and apologise when something breaks).
 */
/** A file sent with a message (the /points picture), named as its embed refers to it. */
export interface AnswerFile {
  name: string;
  data: Buffer;
}

export interface Answer {
  content?: string;
  embeds?: APIEmbed[];
  /**
   * Sent as attachments: with the first answer over the gateway (one multipart callback); over
   * `POST /interactions`, whose JSON response cannot carry them, in the edit of a deferral.
   */
  files?: AnswerFile[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  /** Only the invoking user sees it. */
  ephemeral?: boolean;
}

/** A button either rewrites the message it sits on, or answers with a new message. */
export type ButtonAnswer = { update: Answer } | { reply: Answer };

/** Who ran the command or pressed the button. */
export interface InteractionUser {
  id: string;
  username: string;
}

/*
 * An interaction as the commands see it, whichever way it reached housecup (the gateway or
 * `POST /interactions`): only what a handler may use, in plain data, so both transports are
 * held to the same fields and a test can compare what each of them made of one interaction.
 */
interface RequestBase {
  /** Discord's id of the interaction, for log lines. */
  id: string;
  /** null when the interaction comes from outside a server (a DM). */
  guildId: string | null;
  user: InteractionUser;
  /**
   * The member's permissions in the channel, as Discord computed them for this interaction;
   * null outside a server.
   */
  memberPermissions: bigint | null;
  /** The member's client language (Discord's `locale`); null when the payload has none. */
  locale: string | null;
  /** The server's language (`guild_locale`); null outside a server. */
  guildLocale: string | null;
  /** The channel the interaction was made in; null when the payload has none. */
  channelId: string | null;
  /**
   * The bot's permissions in that channel (Discord's `app_permissions`); null when the payload
   * has none.
   */
  appPermissions: bigint | null;
}

/**
 * A slash command: as a transport hands it on, its options as given; as a handler gets it, its
 * options read against its definition (`RequestOf<typeof definition>`).
 */
export interface CommandRequest<Options = GivenOptions> extends RequestBase {
  kind: 'command';
  command: string;
  options: Options;
}

/** What the handler of the command defined by `D` gets: `request.options` typed from `D`. */
export type RequestOf<D> = CommandRequest<OptionsOf<D>>;

interface ButtonRequest extends RequestBase {
  kind: 'button';
  customId: string;
}

export type InteractionRequest = CommandRequest | ButtonRequest;

/**
 * What every handler gets: the process's services (services.ts), and of the interaction the
 * guild's id (never from user input), the member and the language of every reply.
 */
export interface CommandContext extends CommandServices {
  guildId: string;
  userId: string;
  /** The language of every reply: the member's, else the server's, else English (§13). */
  language: Language;
  /** The transport's, naming the guild. */
  logger: Logger;
}

/** A command as `register` publishes it; `localizedCommand` writes it, its types kept literal. */
type CommandDefinition = RESTPostAPIChatInputApplicationCommandsJSONBody;

/**
 * The shape every module in `commands/` must export (`satisfies CommandModule<typeof
 * definition>`, so that `execute` reads its options typed); the loader checks it.
 */
export interface CommandModule<D extends CommandDefinition = CommandDefinition> {
  definition: D;
  execute(request: RequestOf<D>, context: CommandContext): Promise<Answer>;
  /**
   * Buttons whose custom_id is `<command name>:<args…>` come here, split on ':' after the name.
   */
  button?(request: ButtonRequest, context: CommandContext, args: string[]): Promise<ButtonAnswer>;
}

/** custom_id of a button routed back to the command `name`; Discord allows 100 characters. */
export function buttonId(name: string, ...args: (string | number)[]): string {
  const id = [name, ...args].join(':');
  if (id.length > 100) throw new Error(`custom_id too long: ${id.length} characters`);
  return id;
}
