import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { JobWithHolders } from '../../read/types.js';
import { NEUTRAL_COLOUR } from './houses.js';
import { fieldsWithin, fitEmbed, plain } from './limits.js';

export function jobsEmbed(jobs: readonly JobWithHolders[]): APIEmbed {
  const fields: APIEmbedField[] = jobs.map((job) => {
    const holders = `${job.holders} ${job.holders === 1 ? 'holder' : 'holders'}`;
    const summary = `💰 ${job.salary.toLocaleString('en-US')} galleons · 👥 ${holders}`;
    return {
      name: plain(job.name),
      value: job.description ? `${summary}\n${plain(job.description)}` : summary,
      inline: false,
    };
  });
  return fitEmbed({
    title: `Jobs of this server (${jobs.length})`,
    color: NEUTRAL_COLOUR,
    fields: fieldsWithin(fields),
  });
}
