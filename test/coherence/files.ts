import { HOUSES } from '../../src/records/houses.js';
import type { GuildEntry, TransferFile } from '../../src/transfer/format.js';
import type { Edit, Four, HistorySpec, JobSpec, PlayerSpec, PremiumSpec, Step } from './steps.js';
import { GUILDS } from './steps.js';

/*
 * The import files of the steps: built from a step's plain data, or an exported guild edited as
 * an operator would edit the file.
 */

export const MEMBERS = ['200000000000000001', '200000000000000002', '200000000000000003'];
export const NAMES = [
  ['Harry', 'Harry (alt)'],
  ['Hermione', 'Hermione (alt)'],
  ['Draco', 'Draco (alt)'],
];
const JOB_NAMES = ['Auror', 'Healer', 'Wandmaker'];
const HOUR = 3_600_000;

export const at = (index: number) => HOUSES[index % HOUSES.length] ?? 'gryffindor';

function pointsOf(four: Four) {
  return { gryffindor: four[0], slytherin: four[1], ravenclaw: four[2], hufflepuff: four[3] };
}

function premiumOf(spec: PremiumSpec): GuildEntry['premium'] {
  if (spec === 'none') return undefined;
  return { expiresAt: premiumExpiry(spec) };
}

export function premiumExpiry(spec: Exclude<PremiumSpec, 'none'>): string | null {
  if (spec === 'forever') return null;
  return spec === 'expired' ? '2020-01-01T00:00:00.000Z' : '2099-01-01T00:00:00.000Z';
}

/** A file's history: one hour apart, the last an hour before now. */
export function historyOf(spec: HistorySpec, now = Date.now()) {
  return spec.map((four, index) => ({
    at: new Date(now - (spec.length - index) * HOUR).toISOString(),
    ...(four
      ? pointsOf(four)
      : { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null }),
  }));
}

function playerOf(spec: PlayerSpec, jobs: readonly JobSpec[]) {
  const user = spec.user % MEMBERS.length;
  return {
    user_id: MEMBERS[user] ?? '200000000000000001',
    name: NAMES[user]?.[spec.name % 2] ?? 'Harry',
    house: spec.house < 4 ? at(spec.house) : null,
    job_id: spec.job !== null && spec.job < jobs.length ? spec.job + 1 : null,
    galleons: spec.galleons,
  };
}

export function importFile(step: Extract<Step, { step: 'import' }>): TransferFile {
  const guild: GuildEntry = {
    id: GUILDS[step.guild],
    jobs: step.jobs.map((job, index) => ({
      id: index + 1,
      name: JOB_NAMES[job.name % JOB_NAMES.length] ?? 'Auror',
      description: '',
      salary: job.salary,
    })),
    players: step.players.map((player) => playerOf(player, step.jobs)),
  };
  if (step.points) guild.points = pointsOf(step.points);
  const premium = premiumOf(step.premium);
  if (premium) guild.premium = premium;
  if (step.history) guild.history = historyOf(step.history);
  return { guilds: [guild] };
}

export function edited(entry: GuildEntry, edit: Edit): GuildEntry {
  const guild = structuredClone(entry);
  switch (edit.edit) {
    case 'none':
      break;
    case 'points': {
      const points = guild.points ?? pointsOf([0, 0, 0, 0]);
      points[at(edit.house)] += edit.by;
      guild.points = points;
      break;
    }
    case 'removePoints':
      delete guild.points;
      break;
    case 'rename': {
      const players = guild.players ?? [];
      const player = players[edit.player % Math.max(1, players.length)];
      if (player) player.name = edit.to;
      break;
    }
    case 'job': {
      const jobs = guild.jobs ?? [];
      const job = jobs[edit.job % Math.max(1, jobs.length)];
      if (job) job.salary = edit.salary;
      break;
    }
    case 'history':
      if (edit.history === 'absent') delete guild.history;
      else guild.history = historyOf(edit.history);
      break;
  }
  return guild;
}
