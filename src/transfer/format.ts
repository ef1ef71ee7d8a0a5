import { z } from 'zod';
import { type Field, ID_PATTERN, withinYears } from '../records/field.js';
import type { HousePoints } from '../records/house-points.js';
import { housePoints } from '../records/house-points.js';
import { HOUSES, type House } from '../records/houses.js';
import { type Job, job } from '../records/job.js';
import { pointsHistory } from '../records/points-history.js';
import { ledgerEntry } from '../records/points-ledger.js';
import { premium } from '../records/premium.js';
import { type Profile, profile } from '../records/profile.js';
import { profileChange } from '../records/profile-change.js';
import type { RecordDefinition } from '../records/record.js';
import { startColumn, term } from '../records/terms.js';
import { assignIds } from './assign-ids.js';
import { type HistoryFileEntry, historyProblems } from './history.js';
import { type LedgerFileEntry, ledgerProblems } from './ledger.js';
import { type PeriodEntry, periodEntryProblem } from './periods.js';
import { type TermEntry, termProblems } from './terms.js';

export type { LedgerFileEntry, PeriodEntry, TermEntry };

/*
 * The import/export file: a list of guilds, each with its points, premium, jobs and players.
 * Its entries are the records of src/records/ without their guild_id, validated by schemas built
 * from those records, so a field's rules (bounds, choices, nullability) are written once. Every
 * problem of a file is reported (up to a bound), each with its JSON path, in plain words.
 */

/** A record as a file holds it: the guild's id is the guild entry's, the rest may be left out. */
export type FileEntry<Row> = Partial<Omit<Row, 'guild_id'>>;

export interface GuildEntry {
  id: string;
  points?: HousePoints;
  premium?: { expiresAt: string | null };
  jobs?: FileEntry<Job>[];
  players?: FileEntry<Profile>[];
  /**
   * When present, the guild's whole points history, each change with who made it and why: an
   * import replaces it.
   */
  history?: HistoryFileEntry[];
  /**
   * When present, every galleons change of the guild's profiles per period (src/transfer/
   * periods.ts): an import makes the guild's periods these.
   */
  periods?: PeriodEntry[];
  /** When present, the guild's terms (src/transfer/terms.ts): an import makes them these. */
  terms?: TermEntry[];
  /** A file of an earlier version's ledger (src/transfer/ledger.ts): its who and why are read. */
  ledger?: LedgerFileEntry[];
}

export interface TransferFile {
  guilds: GuildEntry[];
}

type Issue = z.core.$ZodRawIssue;

/** "is required" when the value is missing, else "must be <what>". */
const expected = (what: string) => (issue: Issue) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;

const ID_REGEX = new RegExp(ID_PATTERN);

/**
 * The problem of a number given for an integer field, or null. The bounds come first: 1e20 is
 * "too large" before it is "not whole" (every number past 2^53 is whole to JavaScript, and
 * none past it is held exactly). A field without its own bound is held to JavaScript's safe
 * integers, narrower than either store's 64-bit integer columns.
 */
function integerProblem(value: number, field: Field): string | null {
  const { min, max } = field;
  const lowest = min ?? -Number.MAX_SAFE_INTEGER;
  const highest = max ?? Number.MAX_SAFE_INTEGER;
  if (value < lowest || value > highest) {
    if (min !== undefined && max !== undefined) return `must be from ${min} to ${max}`;
    if (value < lowest)
      return min !== undefined ? `must be ${min} or more` : `must be at least ${lowest}`;
    return `must be at most ${highest}`;
  }
  return Number.isInteger(value) ? null : 'must be a whole number';
}

function integerSchema(field: Field): z.ZodType {
  return z.number({ error: expected('a number') }).superRefine((value, ctx) => {
    const problem = integerProblem(value, field);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });
}

/** A lone surrogate (escaped in JSON, or bytes that are not UTF-8): refused, never stored. */
const WELL_FORMED =
  'must be well-formed Unicode text (it holds a lone surrogate or bytes that are not UTF-8)';

// With the u flag a pair is one code point: only a surrogate without its other half matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function textSchema(field: Field): z.ZodType {
  let schema = z
    .string({ error: expected('text') })
    .refine((value) => !LONE_SURROGATE.test(value), WELL_FORMED);
  if (field.max !== undefined) {
    schema = schema.max(field.max, `must be at most ${field.max} characters`);
  }
  if (field.notBlank) return schema.refine((value) => value.trim() !== '', 'must not be blank');
  if (field.min !== undefined) schema = schema.min(field.min, 'must not be empty');
  return schema;
}

/** A field's value as a file may give it (null only where the field is nullable). */
function fieldSchema(field: Field): z.ZodType {
  const schema = ((): z.ZodType => {
    switch (field.kind) {
      case 'id':
        return z
          .string({ error: expected('text') })
          .regex(ID_REGEX, 'must be 1-64 characters of A-Z a-z 0-9 _ -');
      case 'rowId':
        return integerSchema({ ...field, min: 1 });
      case 'integer':
        return integerSchema(field);
      case 'text':
        return textSchema(field);
      case 'choice': {
        const values = field.values ?? [];
        return z.enum(values as [string, ...string[]], {
          error: expected(`one of ${values.join(', ')}`),
        });
      }
      case 'instant':
      case 'timestamp':
        // In UTC too: `0001-01-01T00:30+01:00` is year 0, which no answer may write.
        return z.iso
          .datetime({ offset: true, error: expected('an ISO 8601 date-time') })
          .refine(
            (text) => withinYears(Date.parse(text)),
            'reaches outside the years 0001 to 9999 in UTC',
          );
      case 'json':
        return z.unknown();
    }
  })();
  return field.nullable ? schema.nullable() : schema;
}

/** Unknown fields are refused: a typo should not vanish silently. */
function strictObject(shape: Record<string, z.ZodType>, notAnObject = 'must be an object') {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((field) => `"${field}"`).join(', ')}`;
      }
      return issue.input === undefined ? 'is required' : notAnObject;
    },
  });
}

/**
 * A record's entry in a file. A field may be left out when the record gives it a value anyway
 * (nullable, a default, or assigned by the import), unless the file format requires it.
 */
function entrySchema(
  record: RecordDefinition,
  options: { required?: readonly string[] } = {},
): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(record.fields)) {
    if (name === 'guild_id') continue;
    const optional =
      !options.required?.includes(name) &&
      (field.nullable || field.assigned !== undefined || field.defaultValue !== undefined);
    shape[name] = optional ? fieldSchema(field).optional() : fieldSchema(field);
  }
  return strictObject(shape);
}

const list = (item: z.ZodType) => z.array(item, { error: expected('a list') });

/** A term's four points (its start, its totals), each house's as `field` of it; null or absent. */
const termPoints = (field: (house: House) => Field) =>
  strictObject(Object.fromEntries(HOUSES.map((house) => [house, fieldSchema(field(house))])))
    .nullable()
    .optional();

const ledgerFields = ledgerEntry.fields;
const fileLedgerEntry = strictObject({
  ...Object.fromEntries(
    (['id', 'at', 'house', 'delta', 'total', 'source'] as const).map((name) => [
      name,
      fieldSchema(ledgerFields[name]),
    ]),
  ),
  // The names the log's answer gives them; `undone` its boolean.
  by: fieldSchema(ledgerFields.by_user).optional(),
  for: fieldSchema(ledgerFields.for_user).optional(),
  reason: fieldSchema(ledgerFields.reason).optional(),
  undone: z.boolean({ error: expected('true or false') }).optional(),
  undoes: fieldSchema(ledgerFields.id).optional(),
});

const guildEntry = strictObject({
  id: fieldSchema(profile.fields.guild_id),
  // A guild's points name every house: a file that forgets one is more likely wrong than zero.
  points: entrySchema(housePoints, { required: HOUSES }).optional(),
  // The file calls premium's expires_at `expiresAt`, as the format always has.
  premium: strictObject({ expiresAt: fieldSchema(premium.fields.expires_at) }).optional(),
  jobs: list(entrySchema(job)).optional(),
  players: list(entrySchema(profile)).optional(),
  // Every house named in each entry: null where the guild had no points at that instant.
  history: list(
    strictObject({
      at: fieldSchema(pointsHistory.fields.at),
      ...Object.fromEntries(
        HOUSES.map((house) => [house, fieldSchema(pointsHistory.fields[house])]),
      ),
      // Who made the change and why: absent for the game's.
      source: fieldSchema(pointsHistory.fields.source).optional(),
      by: fieldSchema(pointsHistory.fields.by_user).optional(),
      for: fieldSchema(pointsHistory.fields.for_user).optional(),
      reason: fieldSchema(pointsHistory.fields.reason).optional(),
      undone: z.boolean({ error: expected('true or false') }).optional(),
    }),
  ).optional(),
  periods: list(
    strictObject({
      id: fieldSchema(profileChange.fields.profile_id),
      kind: fieldSchema(profileChange.fields.kind),
      start: fieldSchema(profileChange.fields.start),
      change: fieldSchema(profileChange.fields.change),
    }),
  ).optional(),
  terms: list(
    strictObject({
      id: fieldSchema(term.fields.id),
      name: fieldSchema(term.fields.name),
      startedAt: fieldSchema(term.fields.started_at),
      endedAt: fieldSchema(term.fields.ended_at).optional(),
      start: termPoints((house) => term.fields[startColumn(house)]),
      totals: termPoints((house) => term.fields[house]),
      standings: termPoints((house) => term.fields[house]),
    }),
  ).optional(),
  ledger: list(fileLedgerEntry).optional(),
}).superRefine((value, ctx) => {
  // The shape is checked by now (superRefine runs after it passes): read it as its type.
  const guild = value as unknown as GuildEntry;
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
  if (guild.periods) {
    // A period names a profile by the id the file gives it: one without an id has none yet.
    const playerIds = new Set((guild.players ?? []).flatMap((player) => player.id ?? []));
    const termStarts = new Set(
      (guild.terms ?? []).map((entry) => new Date(entry.startedAt).toISOString()),
    );
    const seen = new Set<string>();
    guild.periods.forEach((entry, index) => {
      const problem = periodEntryProblem(entry, playerIds, termStarts);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          path: ['periods', index, problem.field],
          message: problem.message,
        });
        return;
      }
      const key = `${entry.id}|${entry.kind}|${new Date(entry.start).toISOString()}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['periods', index],
          message: `a second entry for player ${entry.id}'s ${entry.kind} from ${entry.start}`,
        });
      }
      seen.add(key);
    });
  }
});

function reportDuplicateIds(
  entries: readonly { id?: number | undefined }[],
  name: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    if (entry.id === undefined) return;
    if (seen.has(entry.id))
      ctx.addIssue({
        code: 'custom',
        path: [name, index, 'id'],
        message: `duplicate id ${entry.id}`,
      });
    seen.add(entry.id);
  });
}

// A file that is not an object at all (a bare list of guilds, say) is told what one looks like.
const transferFileSchema = strictObject(
  { guilds: list(guildEntry) },
  'must be an object like {"guilds":[…]}',
).superRefine((value, ctx) => {
  const file = value as unknown as TransferFile;
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

/** `guilds[0].players[3].house`: the path style people read in error messages. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    out += typeof segment === 'number' ? `[${segment}]` : `${out ? '.' : ''}${String(segment)}`;
  }
  return out || '(file)';
}

/** Problems reported at most per file: past this, one line says how many more there are. */
const MAX_REPORTED_PROBLEMS = 20;

export type Validation = { ok: true; file: TransferFile } | { ok: false; problems: string[] };

/**
 * Validates a parsed file: the file, or every problem in it (path: message), in file order.
 * `now` is the import's time, which no history entry may be after.
 */
function validateTransferFile(data: unknown, now: Date = new Date()): Validation {
  const parsed = transferFileSchema.safeParse(data);
  if (parsed.success) {
    const file = parsed.data as unknown as TransferFile;
    // Like a player's job_id, checked once the shape is right.
    const problems = historyProblems(file, now);
    file.guilds.forEach((guild, g) => {
      for (const problem of termProblems(guild.terms ?? [], now, guild.points)) {
        problems.push(`${formatPath(['guilds', g, 'terms', ...problem.path])}: ${problem.message}`);
      }
      for (const { index, field, message } of ledgerProblems(guild.ledger ?? [], now)) {
        problems.push(`${formatPath(['guilds', g, 'ledger', index, field])}: ${message}`);
      }
    });
    return problems.length === 0 ? { ok: true, file } : { ok: false, problems };
  }
  // One problem per value: the first rule it breaks says enough (a list that is not one is not
  // also missing its entries).
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const path = formatPath(issue.path);
    if (!problems.has(path)) problems.set(path, `${path}: ${issue.message}`);
  }
  return { ok: false, problems: [...problems.values()] };
}

export class ImportError extends Error {
  override name = 'ImportError';
}

/**
 * The files checkTransferFile returned: one checked before the store opens (the CLI's import) is
 * not checked again inside it (30,000 profiles take half a second).
 */
const PASSED = new WeakSet<object>();

/**
 * A valid file, or an ImportError listing its problems on one line (`path: message`, joined by
 * `; `), at most MAX_REPORTED_PROBLEMS of them, then how many more there are: one line is what a
 * scheduled job's mail or the journal keeps as one record.
 */
export function checkTransferFile(data: unknown, now: Date = new Date()): TransferFile {
  if (typeof data === 'object' && data !== null && PASSED.has(data)) return data as TransferFile;
  const result = validateTransferFile(data, now);
  if (result.ok) {
    PASSED.add(result.file);
    return result.file;
  }
  const { problems } = result;
  if (problems.length === 1) throw new ImportError(problems[0]);
  const shown = problems.slice(0, MAX_REPORTED_PROBLEMS);
  const more = problems.length - shown.length;
  const listed = [...shown, ...(more > 0 ? [`and ${more} more`] : [])].join('; ');
  throw new ImportError(`${problems.length} problems in the file; nothing was written: ${listed}`);
}

export interface ImportSummary {
  guilds: number;
  players: number;
  jobs: number;
}

export function summarize(file: TransferFile): ImportSummary {
  return {
    guilds: file.guilds.length,
    players: file.guilds.reduce((sum, guild) => sum + (guild.players?.length ?? 0), 0),
    jobs: file.guilds.reduce((sum, guild) => sum + (guild.jobs?.length ?? 0), 0),
  };
}
