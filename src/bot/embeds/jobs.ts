import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { JobWithHolders } from '../../read/types.js';
import { NEUTRAL_COLOUR } from './houses.js';
import { fitEmbed, named, plain } from './limits.js';

export function jobsEmbed(jobs: readonly JobWithHolders[]): APIEmbed {
  const fields: APIEmbedField[] = jobs.map((job) => {
    const holders = `${job.holders} ${job.holders === 1 ? 'holder' : 'holders'}`;
    const summary = `💰 ${job.salary.toLocaleString('en-US')} galleons · 👥 ${holders}`;
    const description = plain(job.description);
    return {
      name: named(job.name, `Job #${job.id}`),
      value: description ? `${summary}\n${description}` : summary,
      inline: false,
    };
  });
  return fitEmbed({
    title: `Jobs of this server (${jobs.length})`,
    color: NEUTRAL_COLOUR,
    fields,
  });
}
