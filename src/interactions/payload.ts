import type { InteractionRequest, InteractionUser } from '../bot/command.js';
import { commandOptions, type RawOption } from '../bot/options.js';
import { permissionBits } from '../bot/permission-bits.js';

/*
 * What `POST /interactions` makes of Discord's JSON (an APIInteraction), once its signature has
 * been checked. The payload is Discord's, but it is still read field by field: a shape this
 * code does not know is "not an interaction we answer", never a crash.
 */

/** Discord's interaction types (InteractionType) and the two data types housecup answers. */
const PING = 1;
const APPLICATION_COMMAND = 2;
const MESSAGE_COMPONENT = 3;
const CHAT_INPUT = 1;
const BUTTON = 2;

export interface ParsedInteraction {
  request: InteractionRequest;
  applicationId: string;
  /** The interaction token: it authorises the follow-ups for 15 minutes. */
  token: string;
}

type Json = Record<string, unknown>;

function record(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function options(value: unknown): RawOption[] | undefined | null {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return null;
  const list: RawOption[] = [];
  for (const item of value) {
    const option = record(item);
    if (!option || typeof option.name !== 'string' || typeof option.type !== 'number') return null;
    const children = options(option.options);
    if (children === null) return null;
    list.push({ name: option.name, type: option.type, value: option.value, options: children });
  }
  return list;
}

function userOf(payload: Json): InteractionUser | null {
  const user = record(record(payload.member)?.user ?? payload.user);
  const id = text(user?.id);
  const username = text(user?.username);
  return id !== null && username !== null ? { id, username } : null;
}

function permissionsOf(payload: Json): bigint | null {
  return permissionBits(record(payload.member)?.permissions);
}

/** True for Discord's PING (type 1), which the endpoint answers with `{"type":1}`. */
export function isPing(payload: unknown): boolean {
  return record(payload)?.type === PING;
}

/** A slash command or a button housecup answers, or null for anything else. */
export function parseInteraction(value: unknown): ParsedInteraction | null {
  const payload = record(value);
  const data = record(payload?.data);
  if (!payload || !data) return null;
  const id = text(payload.id);
  const applicationId = text(payload.application_id);
  const token = text(payload.token);
  const user = userOf(payload);
  if (id === null || applicationId === null || token === null || user === null) return null;
  const base = {
    id,
    guildId: text(payload.guild_id),
    user,
    memberPermissions: permissionsOf(payload),
    // Discord sends both on every interaction (guild_locale only from a server); the dispatcher
    // picks the answer's language from them.
    locale: text(payload.locale),
    guildLocale: text(payload.guild_locale),
    channelId: text(payload.channel_id),
    appPermissions: permissionBits(payload.app_permissions),
  };
  if (payload.type === APPLICATION_COMMAND && data.type === CHAT_INPUT) {
    const command = text(data.name);
    const given = options(data.options);
    if (command === null || given === null) return null;
    return {
      request: { ...base, kind: 'command', command, options: commandOptions(given) },
      applicationId,
      token,
    };
  }
  if (payload.type === MESSAGE_COMPONENT && data.component_type === BUTTON) {
    const customId = text(data.custom_id);
    if (customId === null) return null;
    return { request: { ...base, kind: 'button', customId }, applicationId, token };
  }
  return null;
}
