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
import type { Answer } from './command.js';

/** A message as housecup sends it, whatever the transport: the same body byte for byte. */
export interface MessageData {
  content: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  /** Always none: no name or text in housecup's data may ever ping anyone. */
  allowed_mentions: { parse: AllowedMentionsTypes[] };
  flags?: number;
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

/**
 * How one interaction is answered. Only the first answer differs between transports (a REST
 * callback for the gateway, the HTTP response body for `POST /interactions`); everything after
 * it goes through the interaction's webhook, with its token, the same way for both.
 */
export interface Delivery {
  respond(response: FirstResponse): Promise<void>;
  editOriginal(data: MessageData): Promise<void>;
  deleteOriginal(): Promise<void>;
  followUp(data: MessageData): Promise<void>;
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
  respond: (response: FirstResponse) => Promise<void>,
): Delivery {
  const original = Routes.webhookMessage(applicationId, token, '@original');
  return {
    respond,
    async editOriginal(data) {
      await rest.patch(original, { body: data, auth: false });
    },
    async deleteOriginal() {
      await rest.delete(original, { auth: false });
    },
    async followUp(data) {
      await rest.post(Routes.webhook(applicationId, token), { body: data, auth: false });
    },
  };
}
