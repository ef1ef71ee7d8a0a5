import { type REST, Routes } from 'discord.js';
import { refusalOf } from './channel-messages.js';

/*
 * The bot's permissions in a channel of a server, computed as Discord computes them (its
 * "permission overwrites" rules): the @everyone role's permissions and the bot's roles', then
 * the channel's overwrites for @everyone, for the bot's roles together, and for the bot itself,
 * each denying then allowing. An interaction carries the bot's permissions for its own channel
 * only (`app_permissions`); for a channel named in an option Discord sends the member's, so
 * housecup asks for the channel, its server's roles and its own member.
 */

const ADMINISTRATOR = 1n << 3n;
const ALL = (1n << 53n) - 1n;

interface Overwrite {
  id: string;
  /** 0 a role, 1 a member. */
  type: number;
  allow: string;
  deny: string;
}

const bits = (value: unknown): bigint =>
  typeof value === 'string' && /^\d{1,20}$/.test(value) ? BigInt(value) : 0n;

/** The permissions, or null when the channel is not one of the server's (or is gone). */
export async function botPermissionsIn(
  rest: REST,
  guildId: string,
  channelId: string,
  botUserId: () => Promise<string>,
): Promise<bigint | null> {
  try {
    const channel = (await rest.get(Routes.channel(channelId))) as {
      guild_id?: unknown;
      permission_overwrites?: Overwrite[];
    };
    // Never another server's channel, whatever the option held.
    if (channel.guild_id !== guildId) return null;
    const botId = await botUserId();
    const [member, roles] = (await Promise.all([
      rest.get(Routes.guildMember(guildId, botId)),
      rest.get(Routes.guildRoles(guildId)),
    ])) as [{ roles?: string[] }, { id: string; permissions: string }[]];
    const mine = new Set(member.roles ?? []);
    let permissions = 0n;
    for (const role of roles) {
      if (role.id === guildId || mine.has(role.id)) permissions |= bits(role.permissions);
    }
    if ((permissions & ADMINISTRATOR) !== 0n) return ALL;
    const overwrites = channel.permission_overwrites ?? [];
    const everyone = overwrites.find((o) => o.id === guildId);
    if (everyone) permissions = (permissions & ~bits(everyone.deny)) | bits(everyone.allow);
    let allow = 0n;
    let deny = 0n;
    for (const o of overwrites) {
      if (o.type === 0 && mine.has(o.id)) {
        allow |= bits(o.allow);
        deny |= bits(o.deny);
      }
    }
    permissions = (permissions & ~deny) | allow;
    const own = overwrites.find((o) => o.type === 1 && o.id === botId);
    if (own) permissions = (permissions & ~bits(own.deny)) | bits(own.allow);
    return permissions;
  } catch (error) {
    // A channel the bot may not even see (403) grants it nothing; no such channel (404).
    const refusal = refusalOf(error);
    if (refusal === 403) return 0n;
    if (refusal === 404) return null;
    throw error;
  }
}
