import { eventually } from '../support/eventually.js';
import { GUILD_NAMES, GUILDS } from './steps.js';
import type { Disagreement } from './view-checks.js';
import { apiAnswers, historyRows } from './views.js';
import type { World } from './world.js';

/** The copy, read through a node of its own, answers what the store copied answers. */
export async function copyDisagreements(world: World): Promise<Disagreement[]> {
  const found: Disagreement[] = [];
  for (const name of GUILD_NAMES) {
    const guildId = GUILDS[name];
    const read = async () => {
      const [source, copy, sourceRows, copyRows] = await Promise.all([
        apiAnswers(world.node, world.key, guildId),
        apiAnswers(world.copy.node, world.key, guildId),
        historyRows(world.test.store.read, guildId),
        historyRows(world.copy.test.store.read, guildId),
      ]);
      return { source, copy, sourceRows, copyRows };
    };
    const differences = (seen: Awaited<ReturnType<typeof read>>) => {
      const list: Disagreement[] = [];
      for (const area of ['points', 'players', 'jobs', 'premium'] as const) {
        const a = seen.source[area];
        const b = seen.copy[area];
        if (a.status !== b.status || a.text !== b.text) {
          list.push({
            guildId,
            views: `/v1/${area} ≠ the copy's`,
            detail: `store ${a.status} ${a.text}, copy ${b.status} ${b.text}`,
          });
        }
      }
      if (JSON.stringify(seen.sourceRows) !== JSON.stringify(seen.copyRows)) {
        list.push({
          guildId,
          views: "history rows ≠ the copy's",
          detail: `store ${JSON.stringify(seen.sourceRows)}, copy ${JSON.stringify(seen.copyRows)}`,
        });
      }
      return list;
    };
    const seen = await eventually(read, (value) => differences(value).length === 0);
    found.push(...differences(seen));
  }
  return found;
}
