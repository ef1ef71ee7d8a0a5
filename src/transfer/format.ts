import { z } from 'zod';
import { HOUSES } from '../read/types.js';

/*
 * The import/export file (README, "Import/export format"). One schema validates a whole file
 * before anything is written; an error names the JSON path of the first bad value.
 */

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ -');
const name = z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const count = z.number().int('must be a whole number').min(0, 'must be 0 or more');
const rowId = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(Number.MAX_SAFE_INTEGER);
const instant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

const jobEntry = z.strictObject({
  id: rowId.optional(),
  name,
  description: z.string().max(2000, 'must be at most 2000 characters').optional(),
  salary: count.optional(),
});

const playerEntry = z.strictObject({
  id: rowId.optional(),
  user_id: id,
  name,
  house: z
    .enum(HOUSES, { error: `must be one of ${HOUSES.join(', ')}` })
    .nullable()
    .optional(),
  year: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be from 1 to 7')
    .max(7, 'must be from 1 to 7')
    .nullable()
    .optional(),
  job_id: rowId.nullable().optional(),
  galleons: count.optional(),
  created_at: instant.optional(),
});

const guildEntry = z
  .strictObject({
    id,
    points: z
      .strictObject({
        gryffindor: z.number().int(),
        slytherin: z.number().int(),
        ravenclaw: z.number().int(),
        hufflepuff: z.number().int(),
      })
      .optional(),
    premium: z.strictObject({ expiresAt: instant.nullable() }).optional(),
    jobs: z.array(jobEntry).optional(),
    players: z.array(playerEntry).optional(),
  })
  .superRefine((guild, ctx) => {
    const jobIds = new Set(assignIds(guild.jobs ?? []));
    reportDuplicateIds(guild.jobs ?? [], 'jobs', ctx);
    reportDuplicateIds(guild.players ?? [], 'players', ctx);
    guild.players?.forEach((player, index) => {
      if (player.job_id != null && !jobIds.has(player.job_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['players', index, 'job_id'],
          message: `no job with id ${player.job_id} in this guild`,
        });
      }
    });
  });

function reportDuplicateIds(
  entries: readonly { id?: number | undefined }[],
  list: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    if (entry.id === undefined) return;
    if (seen.has(entry.id))
      ctx.addIssue({
        code: 'custom',
        path: [list, index, 'id'],
        message: `duplicate id ${entry.id}`,
      });
    seen.add(entry.id);
  });
}

/**
 * The ids entries get: their own where given, otherwise the next ones after the largest given
 * id, in file order (so a file without ids numbers its jobs 1, 2, 3, ...).
 */
export function assignIds(entries: readonly { id?: number | undefined }[]): number[] {
  // A loop, not Math.max(...ids): spreading a few hundred thousand ids overflows the stack.
  let next = 1;
  for (const entry of entries) if (entry.id !== undefined && entry.id >= next) next = entry.id + 1;
  return entries.map((entry) => entry.id ?? next++);
}

export const transferFileSchema = z
  .strictObject({ guilds: z.array(guildEntry) })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.guilds.forEach((guild, index) => {
      if (seen.has(guild.id))
        ctx.addIssue({
          code: 'custom',
          path: ['guilds', index, 'id'],
          message: `guild ${guild.id} appears twice`,
        });
      seen.add(guild.id);
    });
  });

export type TransferFile = z.infer<typeof transferFileSchema>;
export type GuildEntry = TransferFile['guilds'][number];

/** `guilds[0].players[3].house`: the path style people read in error messages. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    out += typeof segment === 'number' ? `[${segment}]` : `${out ? '.' : ''}${String(segment)}`;
  }
  return out || '(file)';
}
