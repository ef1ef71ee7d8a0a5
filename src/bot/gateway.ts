import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Client,
  Events,
  type Interaction,
  type REST,
  Routes,
} from 'discord.js';
import type { InteractionRequest } from './command.js';
import { filesOf, webhookDelivery } from './delivery.js';
import type { Dispatch } from './dispatcher.js';
import { commandOptions } from './options.js';
import { permissionBits } from './permission-bits.js';

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** An interaction's permissions as its gateway event wrote them, before discord.js read them. */
interface RawPermissions {
  member: unknown;
  app: unknown;
}

/** The most events kept for a listener that ignores them (an autocomplete, a modal). */
const RAW_KEPT = 100;

/**
 * Keeps each interaction's permissions as Discord wrote them, by interaction id, for its listener
 * to read once: discord.js reads them with BigInt, which takes "-1" (every bit) and "0x20", where
 * `POST /interactions` refuses what is not a bit set (permissionBits). Its `raw` event comes
 * just before the interaction is built, in the same turn.
 */
export function rawPermissionsOf(client: Client): (id: string) => RawPermissions | undefined {
  const kept = new Map<string, RawPermissions>();
  client.on(Events.Raw, (packet: { t?: unknown; d?: unknown }) => {
    if (packet.t !== 'INTERACTION_CREATE' || typeof packet.d !== 'object' || !packet.d) return;
    const d = packet.d as { id?: unknown; member?: { permissions?: unknown } | null };
    if (typeof d.id !== 'string') return;
    const app = (packet.d as { app_permissions?: unknown }).app_permissions;
    kept.set(d.id, { member: d.member?.permissions, app });
    const oldest = kept.keys().next().value;
    if (kept.size > RAW_KEPT && oldest !== undefined) kept.delete(oldest);
  });
  return (id) => {
    const found = kept.get(id);
    kept.delete(id);
    return found;
  };
}

/** What the commands see of an interaction discord.js received on the gateway. */
export function requestFromGateway(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  raw?: RawPermissions,
): InteractionRequest {
  const base = {
    id: interaction.id,
    guildId: interaction.guildId,
    user: { id: interaction.user.id, username: interaction.user.username },
    // Read as POST /interactions reads them: what discord.js made of them only without the event.
    memberPermissions: permissionBits(
      raw ? raw.member : interaction.memberPermissions?.bitfield.toString(),
    ),
    // discord.js copies both from the payload unchecked, whatever their type (`["fr"]`).
    locale: text(interaction.locale),
    guildLocale: text(interaction.guildLocale),
    channelId: interaction.channelId,
    appPermissions: permissionBits(raw ? raw.app : interaction.appPermissions?.bitfield.toString()),
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
  rawPermissions: (id: string) => RawPermissions | undefined = () => undefined,
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
    void dispatch(requestFromGateway(interaction, rawPermissions(interaction.id)), delivery);
  };
}
