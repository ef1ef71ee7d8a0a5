import type { APIEmbed } from 'discord.js';
import type { PremiumStatus } from '../../read/types.js';
import type { Language } from '../i18n/index.js';
import { dateText } from './dates.js';
import { MUTED_COLOUR } from './houses.js';
import { fitEmbed } from './limits.js';

const ACTIVE_COLOUR = 0x57f287;

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
