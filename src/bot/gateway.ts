import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type REST,
  Routes,
} from 'discord.js';
import type { InteractionRequest } from './command.js';
import { filesOf, webhookDelivery } from './delivery.js';
import type { Dispatch } from './dispatcher.js';
import { commandOptions } from './options.js';

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** What the commands see of an interaction discord.js received on the gateway. */
export function requestFromGateway(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
): InteractionRequest {
  const base = {
    id: interaction.id,
    guildId: interaction.guildId,
    user: { id: interaction.user.id, username: interaction.user.username },
    memberPermissions: interaction.memberPermissions?.bitfield ?? null,
    // discord.js copies both from the payload unchecked, whatever their type (`["fr"]`).
    locale: text(interaction.locale),
    guildLocale: text(interaction.guildLocale),
    channelId: interaction.channelId,
    appPermissions: interaction.appPermissions?.bitfield ?? null,
  };
  return interaction.isChatInputCommand()
    ? {
        ...base,
        kind: 'command',
        command: interaction.commandName,
        options: commandOptions(interaction.options.data),
      }
    : { ...base, kind: 'button', customId: interaction.customId };
}

/**
 * The gateway transport: discord.js delivers the interaction; its first answer goes back as a
 * REST callback, with the very body `POST /interactions` would have put in its response, and
 * with the answer's files when it has any (the /points picture), which that response cannot carry.
 */
export function gatewayListener(
  dispatch: Dispatch,
  rest: REST,
): (interaction: Interaction) => void {
  return (interaction) => {
    if (!interaction.isChatInputCommand() && !interaction.isButton()) return;
    const callback = Routes.interactionCallback(interaction.id, interaction.token);
    const delivery = webhookDelivery(rest, interaction.applicationId, interaction.token, {
      // One multipart callback carries the answer and its files, as discord.js' reply({ files }).
      carriesFiles: true,
      async respond(response, files) {
        await rest.post(callback, { body: response, auth: false, ...filesOf(files) });
      },
    });
    void dispatch(requestFromGateway(interaction), delivery);
  };
}
