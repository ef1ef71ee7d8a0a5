/*
 * Discord's objects as the fake sends them: users, members, guilds, messages and interaction
 * payloads, complete enough for discord.js to build its structures from them.
 */
import type { CommandOption, InteractionOptions, Json, UserData } from './types.js';

export const APP_ID = '900000000000000001';
export const BOT_USER_ID = '900000000000000002';
/** All permissions but none (Administrator included). */
export const ALL_PERMISSIONS = '2251799813685247';
export const BOT_PERMISSIONS = '2248473465835073';

export function now(): string {
  return new Date().toISOString();
}

export function channelOf(guildId: string): string {
  return (BigInt(guildId) + 1_000n).toString();
}

export function botUser(): Json {
  return {
    id: BOT_USER_ID,
    username: 'housecup',
    discriminator: '0',
    global_name: null,
    avatar: null,
    bot: true,
    flags: 0,
  };
}

export function userObject(user: UserData): Json {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.global_name ?? null,
    avatar: null,
    public_flags: 0,
  };
}

export function memberObject(permissions: string | null): Json {
  return {
    roles: [],
    nick: null,
    avatar: null,
    premium_since: null,
    joined_at: now(),
    pending: false,
    mute: false,
    deaf: false,
    flags: 0,
    ...(permissions === null ? {} : { permissions }),
  };
}

/** A full message object, as Discord answers webhook calls with. */
export function messageObject(id: string, data: Json, guildId?: string): Json {
  return {
    id,
    type: 20,
    channel_id: guildId ? channelOf(guildId) : '1',
    ...(guildId ? { guild_id: guildId } : {}),
    author: botUser(),
    content: '',
    timestamp: now(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    components: [],
    pinned: false,
    flags: 0,
    application_id: APP_ID,
    webhook_id: APP_ID,
    ...data,
  };
}

export function guildObject(id: string): Json {
  const everyone = {
    id,
    name: '@everyone',
    permissions: '0',
    position: 0,
    color: 0,
    hoist: false,
    managed: false,
    mentionable: false,
    flags: 0,
  };
  const general = {
    id: channelOf(id),
    type: 0,
    guild_id: id,
    name: 'general',
    position: 0,
    permission_overwrites: [],
    nsfw: false,
    parent_id: null,
    topic: null,
    last_message_id: null,
    rate_limit_per_user: 0,
  };
  return {
    id,
    name: `Guild ${id}`,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: '1',
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
    premium_tier: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: 'en-US',
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    application_id: null,
    features: [],
    roles: [everyone],
    emojis: [],
    stickers: [],
    joined_at: now(),
    large: false,
    unavailable: false,
    member_count: 1,
    members: [],
    voice_states: [],
    presences: [],
    threads: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    channels: [general],
  };
}

/**
 * The languages an interaction says it comes in: the member's client (`locale`) and the
 * server's (`guild_locale`); en-US for both unless a test says otherwise.
 */
export interface LocaleOptions {
  locale?: string;
  guildLocale?: string;
}

/** An interaction payload of `type` (2 command, 3 component) with `data`, sent by `who`. */
export function interactionObject(
  ids: { id: string; token: string },
  type: number,
  who: InteractionOptions & LocaleOptions,
  data: Json,
): Json {
  const guildLocale = who.guildLocale ?? 'en-US';
  const base: Json = {
    id: ids.id,
    application_id: APP_ID,
    type,
    token: ids.token,
    version: 1,
    locale: who.locale ?? 'en-US',
    app_permissions: who.appPermissions ?? BOT_PERMISSIONS,
    entitlements: [],
    attachment_size_limit: 8 * 1024 * 1024,
    data,
  };
  if (who.guildId === null) {
    return {
      ...base,
      user: userObject(who.user),
      channel_id: '1',
      channel: { id: '1', type: 1, recipients: [userObject(who.user)] },
      context: 1,
      authorizing_integration_owners: { '1': who.user.id },
    };
  }
  return {
    ...base,
    guild_id: who.guildId,
    guild_locale: guildLocale,
    guild: { id: who.guildId, locale: guildLocale, features: [] },
    channel_id: channelOf(who.guildId),
    channel: {
      id: channelOf(who.guildId),
      type: 0,
      guild_id: who.guildId,
      name: 'general',
      permissions: who.appPermissions ?? BOT_PERMISSIONS,
    },
    member: {
      ...memberObject(who.permissions ?? ALL_PERMISSIONS),
      user: userObject(who.user),
    },
    context: 0,
    authorizing_integration_owners: { '0': who.guildId },
  };
}

/** The `data` of an APPLICATION_COMMAND interaction for a slash command. */
export function commandData(
  commandId: string,
  name: string,
  options: CommandOption[],
  resolvedUsers: UserData[],
): Json {
  const users = Object.fromEntries(resolvedUsers.map((u) => [u.id, userObject(u)]));
  const members = Object.fromEntries(resolvedUsers.map((u) => [u.id, memberObject(null)]));
  return {
    id: commandId,
    name,
    type: 1,
    options,
    ...(resolvedUsers.length > 0 ? { resolved: { users, members } } : {}),
  };
}
