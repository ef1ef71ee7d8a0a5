import type { APIEmbed } from 'discord.js';
import type { PremiumStatus } from '../../read/types.js';
import type { Language } from '../i18n/index.js';
import { MUTED_COLOUR } from './houses.js';
import { fitEmbed } from './limits.js';

const ACTIVE_COLOUR = 0x57f287;

/** The day in the reader's language, plus Discord's own timestamp markup (in their time zone). */
function dateText(iso: string, language: Language): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${language.day(iso)} (<t:${Math.floor(ms / 1000)}:R>)`;
}

export function premiumEmbed(status: PremiumStatus, language: Language): APIEmbed {
  const { t } = language;
  if (status.state === 'active') {
    return fitEmbed({
      title: t.premium.activeTitle,
      description:
        status.expiresAt === null
          ? t.premium.noExpiry
          : t.premium.expiresOn(dateText(status.expiresAt, language)),
      color: ACTIVE_COLOUR,
    });
  }
  return fitEmbed({
    title: t.premium.inactiveTitle,
    description:
      status.state === 'expired' && status.expiresAt !== null
        ? t.premium.expiredOn(dateText(status.expiresAt, language))
        : t.premium.none,
    color: MUTED_COLOUR,
  });
}
