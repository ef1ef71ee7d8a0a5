import { writeFileSync } from 'node:fs';
import { HOUSES } from '../../src/records/houses.js';

export const BIG_GUILD = '4455667788990011220';

/**
 * One guild with `players` profiles, in the import format. `variant` changes every profile's
 * name and galleons and the house points, so two variants differ everywhere.
 */
export function bigGuildFile(
  players: number,
  variant: string,
  options: { guildId?: string; longNames?: boolean } = {},
) {
  const guildId = options.guildId ?? BIG_GUILD;
  const pad = options.longNames ? ` ${'x'.repeat(70)}` : '';
  const seed = variant.charCodeAt(0);
  return {
    guilds: [
      {
        id: guildId,
        points: {
          gryffindor: seed,
          slytherin: seed + 1,
          ravenclaw: seed + 2,
          hufflepuff: seed + 3,
        },
        jobs: [{ id: 1, name: `Job ${variant}`, description: `Variant ${variant}`, salary: seed }],
        players: Array.from({ length: players }, (_, i) => ({
          id: i + 1,
          user_id: String(200_000_000_000_000_000n + BigInt(i % 5_000)),
          name: `Player ${i} of variant ${variant}${pad}`,
          house: HOUSES[(i + seed) % 4],
          year: ((i + seed) % 7) + 1,
          job_id: i % 3 === 0 ? 1 : null,
          galleons: (i * 7 + seed) % 100_000,
          created_at: '2026-09-01T10:00:00.000Z',
        })),
      },
    ],
  };
}

/** Writes `data` as JSON to `path` and returns the path. */
export function writeJson(path: string, data: unknown): string {
  writeFileSync(path, JSON.stringify(data));
  return path;
}
