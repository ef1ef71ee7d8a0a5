import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { JobWithHolders } from '../../read/types.js';
import type { Language } from '../i18n/index.js';
import { NEUTRAL_COLOUR } from './houses.js';
import { fitEmbed, named, plain } from './limits.js';

export function jobsEmbed(jobs: readonly JobWithHolders[], language: Language): APIEmbed {
  const { t } = language;
  const fields: APIEmbedField[] = jobs.map((job) => {
    const holders = language.count(t.jobs.holders, job.holders);
    const summary = `💰 ${language.amount(t.galleons, job.salary)} · 👥 ${holders}`;
    const description = plain(job.description);
    return {
      name: named(job.name, t.players.job(language.digits(job.id))),
      value: description ? `${summary}\n${description}` : summary,
      inline: false,
    };
  });
  return fitEmbed(
    {
      title: t.jobs.title(language.digits(jobs.length)),
      color: NEUTRAL_COLOUR,
      fields,
    },
    t.lists,
  );
}
