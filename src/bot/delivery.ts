import {
  type AllowedMentionsTypes,
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type InteractionResponseType,
  MessageFlags,
  type REST,
  Routes,
} from 'discord.js';
import type { Answer, AnswerFile } from './command.js';

/** A message as housecup sends it, whatever the transport: the same body byte for byte. */
export interface MessageData {
  content: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  /** Always none: no name or text in housecup's data may ever ping anyone. */
  allowed_mentions: { parse: AllowedMentionsTypes[] };
  flags?: number;
  /** The files sent with it, by index (the multipart request's `files[n]`). */
  attachments?: { id: number; filename: string }[];
}

/** An interaction's first answer: a message, a page turned, or a deferral of either. */
export type FirstResponse =
  | {
      type:
        | InteractionResponseType.ChannelMessageWithSource
        | InteractionResponseType.UpdateMessage;
      data: MessageData;
    }
  | {
      type:
        | InteractionResponseType.DeferredChannelMessageWithSource
        | InteractionResponseType.DeferredMessageUpdate;
    };

/** Sends an interaction's first answer; `files` only where `carriesFiles` says it can. */
interface FirstAnswerer {
  /**
   * Whether the first answer can carry files: a REST callback can (multipart, as discord.js'
   * `reply({ files })` sends it), the HTTP response of `POST /interactions` cannot (JSON).
   */
  carriesFiles: boolean;
  respond(response: FirstResponse, files?: readonly AnswerFile[]): Promise<void>;
}

/**
 * How one interaction is answered. Only the first answer differs between transports (a REST
 * callback for the gateway, the HTTP response body for `POST /interactions`); everything after
 * it goes through the interaction's webhook, with its token, the same way for both.
 */
export interface Delivery extends FirstAnswerer {
  /** With files, a multipart request: Discord takes attachments only on webhook calls. */
  editOriginal(data: MessageData, files?: readonly AnswerFile[]): Promise<void>;
  deleteOriginal(): Promise<void>;
  followUp(data: MessageData, files?: readonly AnswerFile[]): Promise<void>;
}

/** The body of `answer`; `ephemeral` only where Discord takes it (a new message). */
export function messageData(answer: Answer, asNewMessage: boolean): MessageData {
  const data: MessageData = {
    content: answer.content ?? '',
    embeds: answer.embeds ?? [],
    components: answer.components ?? [],
    allowed_mentions: { parse: [] },
  };
  if (asNewMessage && answer.ephemeral) data.flags = MessageFlags.Ephemeral;
  if (answer.files?.length) {
    data.attachments = answer.files.map((file, id) => ({ id, filename: file.name }));
  }
  return data;
}

/**
 * A Delivery whose follow-ups go through `rest` to the interaction's webhook. Webhook calls
 * authenticate by the interaction token in the path, never by a bot token (`auth: false`),
 * which is why `POST /interactions` works on a node that has no token at all.
 */
export function webhookDelivery(
  rest: REST,
  applicationId: string,
  token: string,
  first: FirstAnswerer,
): Delivery {
  const original = Routes.webhookMessage(applicationId, token, '@original');
  return {
    carriesFiles: first.carriesFiles,
    respond: (response, files) => first.respond(response, files),
    async editOriginal(data, files) {
      await rest.patch(original, { body: data, auth: false, ...filesOf(files) });
    },
    async deleteOriginal() {
      await rest.delete(original, { auth: false });
    },
    async followUp(data, files) {
      await rest.post(Routes.webhook(applicationId, token), {
        body: data,
        auth: false,
        ...filesOf(files),
      });
    },
  };
}

/** @discordjs/rest sends a body with files as multipart (payload_json and files[n]). */
export function filesOf(files: readonly AnswerFile[] | undefined) {
  return files?.length
    ? { files: files.map((file) => ({ name: file.name, data: file.data })) }
    : {};
}
