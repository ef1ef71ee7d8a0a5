import { id, instant, nullable } from './field.js';
import { defineRecord } from './record.js';

export const premium = defineRecord({
  name: 'Premium',
  table: 'premium',
  description: 'A guild’s premium: active while it has no expiry or its expiry is in the future.',
  fields: {
    guild_id: id('Identifier of the guild'),
    expires_at: nullable(instant('When premium ends (ISO 8601), or null for no expiry')),
  },
  primaryKey: ['guild_id'],
});
