import { HOUSES } from '../../src/records/houses.js';
import { at, MEMBERS, NAMES, premiumExpiry } from './files.js';
import type { SqlWrite } from './steps.js';

/** The game's statement for `write`, with its values; `?` placeholders on both stores. */
export function statementOf(write: SqlWrite, guildId: string): [string, unknown[]] {
  const houses = HOUSES.join(', ');
  switch (write.table) {
    case 'house_points':
      switch (write.write) {
        case 'insertIfAbsent':
          return [
            `INSERT INTO house_points (guild_id, ${houses}) VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO NOTHING`,
            [guildId, ...write.points],
          ];
        case 'upsert':
          return [
            `INSERT INTO house_points (guild_id, ${houses}) VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET ${HOUSES.map((house) => `${house} = excluded.${house}`).join(', ')}`,
            [guildId, ...write.points],
          ];
        case 'add': {
          const house = at(write.house);
          return [
            `UPDATE house_points SET ${house} = ${house} + ? WHERE guild_id = ?`,
            [write.by, guildId],
          ];
        }
        case 'sameValues':
          return ['UPDATE house_points SET gryffindor = gryffindor WHERE guild_id = ?', [guildId]];
        case 'delete':
          return ['DELETE FROM house_points WHERE guild_id = ?', [guildId]];
      }
      break;
    case 'profiles':
      switch (write.write) {
        case 'insert': {
          const user = write.user % MEMBERS.length;
          return [
            `INSERT INTO profiles (id, user_id, guild_id, name, house, year, job_id, galleons, created_at)
             SELECT coalesce(max(id), 0) + 1, ?, ?, ?, NULL, NULL, NULL, CAST(? AS BIGINT), ? FROM profiles WHERE guild_id = ?`,
            [
              MEMBERS[user],
              guildId,
              `${NAMES[user]?.[0]} (game)`,
              write.galleons,
              '2026-09-01T10:00:00.000Z',
              guildId,
            ],
          ];
        }
        case 'addGalleons':
          return [
            'UPDATE profiles SET galleons = galleons + ? WHERE guild_id = ? AND id = (SELECT min(id) FROM profiles WHERE guild_id = ?)',
            [write.by, guildId, guildId],
          ];
        case 'sameValues':
          return ['UPDATE profiles SET name = name WHERE guild_id = ?', [guildId]];
        case 'deleteOne':
          return [
            'DELETE FROM profiles WHERE guild_id = ? AND id = (SELECT max(id) FROM profiles WHERE guild_id = ?)',
            [guildId, guildId],
          ];
        case 'deleteAll':
          return ['DELETE FROM profiles WHERE guild_id = ?', [guildId]];
      }
      break;
    case 'jobs':
      switch (write.write) {
        case 'insert':
          return [
            `INSERT INTO jobs (id, guild_id, name, description, salary)
             SELECT coalesce(max(id), 0) + 1, ?, 'Prefect', '', CAST(? AS BIGINT) FROM jobs WHERE guild_id = ?`,
            [guildId, write.salary, guildId],
          ];
        case 'addSalary':
          return [
            'UPDATE jobs SET salary = salary + ? WHERE guild_id = ? AND id = (SELECT min(id) FROM jobs WHERE guild_id = ?)',
            [write.by, guildId, guildId],
          ];
        case 'sameValues':
          return ['UPDATE jobs SET salary = salary WHERE guild_id = ?', [guildId]];
        case 'deleteUnheld':
          return [
            'DELETE FROM jobs WHERE guild_id = ? AND NOT EXISTS (SELECT 1 FROM profiles WHERE profiles.guild_id = jobs.guild_id AND profiles.job_id = jobs.id)',
            [guildId],
          ];
      }
      break;
    case 'premium':
      switch (write.write) {
        case 'upsert':
          return [
            'INSERT INTO premium (guild_id, expires_at) VALUES (?, ?) ON CONFLICT (guild_id) DO UPDATE SET expires_at = excluded.expires_at',
            [guildId, premiumExpiry(write.premium)],
          ];
        case 'sameValues':
          return ['UPDATE premium SET expires_at = expires_at WHERE guild_id = ?', [guildId]];
        case 'delete':
          return ['DELETE FROM premium WHERE guild_id = ?', [guildId]];
      }
  }
  throw new Error(`no statement for ${JSON.stringify(write)}`);
}
