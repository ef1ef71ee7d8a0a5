import type { APIEmbed } from 'discord.js';
import type { PremiumStatus } from '../../read/types.js';
import { MUTED_COLOUR } from './houses.js';
import { fitEmbed } from './limits.js';

const ACTIVE_COLOUR = 0x57f287;

/** "2099-06-01" plus Discord's own timestamp markup, which each reader sees in their time zone. */
function dateText(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 10)} (<t:${Math.floor(ms / 1000)}:R>)`;
}

export function premiumEmbed(status: PremiumStatus): APIEmbed {
  if (status.state === 'active') {
    return fitEmbed({
      title: '✨ Premium is active',
      description:
        status.expiresAt === null ? 'No expiry.' : `Expires on ${dateText(status.expiresAt)}.`,
      color: ACTIVE_COLOUR,
    });
  }
  return fitEmbed({
    title: 'Premium is not active',
    description:
      status.state === 'expired' && status.expiresAt !== null
        ? `Expired on ${dateText(status.expiresAt)}.`
        : 'This server has no premium.',
    color: MUTED_COLOUR,
  });
}
