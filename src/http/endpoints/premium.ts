import { premiumAnswer } from '../../answers/premium.js';
import { defineEndpoint } from '../endpoint.js';
import { guildIdParam } from '../parameters.js';
import { serveCached } from '../serve-cached.js';
import { DEMO_EXPIRED_GUILD, DEMO_GUILD } from './demo-ids.js';

export const getPremium = defineEndpoint({
  area: 'premium',
  path: '/v1/premium/:guildId',
  operationId: 'getPremium',
  summary: 'Tell whether a guild has premium',
  description:
    'Whether the guild has premium: {guildId, premium, status}. premium true with status 200 while a premium without expiry or with a future expiry exists; otherwise premium false with status 404.',
  params: [guildIdParam],
  query: [],
  guildScoped: true,
  ok: {
    description: 'The guild has premium (no expiry, or one in the future)',
    schema: 'PremiumActive',
    example: {
      url: `/v1/premium/${DEMO_GUILD}`,
      body: { guildId: DEMO_GUILD, premium: true, status: 200 },
    },
  },
  notFound: {
    description: 'No active premium (none, or expired): `premium` is false',
    schema: 'PremiumInactive',
    example: {
      url: `/v1/premium/${DEMO_EXPIRED_GUILD}`,
      body: { guildId: DEMO_EXPIRED_GUILD, premium: false, status: 404 },
    },
  },
  handle(deps, { params }, request, reply) {
    const { cacheKey, build } = premiumAnswer(deps.read, params.guildId);
    serveCached(deps, request, reply, params.guildId, cacheKey, build);
  },
});
