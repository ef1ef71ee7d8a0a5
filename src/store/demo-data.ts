import { readFileSync } from 'node:fs';
import { demoDataFile } from '../paths.js';
import { PERIOD_KINDS, periodAt } from '../records/periods.js';
import type { ImportSummary, TransferFile } from '../transfer/format.js';
import type { PeriodEntry } from '../transfer/periods.js';
import type { Store } from './store.js';

/**
 * Loads data/demo.json: what a new database gets, so the quick start has data to show. The
 * file's periods lie in the week and month it was written in, and stay there (the OpenAPI
 * examples read them with `at=`); each guild's latest week and month are also given again as the
 * week and month of `now`, so "this week" and "this month" have leaders on a new demo whenever it
 * is started.
 */
export function loadDemoData(store: Store, now = new Date()): Promise<ImportSummary> {
  const file = JSON.parse(readFileSync(demoDataFile, 'utf8')) as TransferFile;
  return store.importData(demoFileAt(file, now));
}

/** The file with each guild's latest period of each kind copied into the one containing `now`. */
function demoFileAt(file: TransferFile, now: Date): TransferFile {
  return {
    ...file,
    guilds: file.guilds.map((guild) => {
      if (!guild.periods) return guild;
      const periods: PeriodEntry[] = [...guild.periods];
      for (const kind of PERIOD_KINDS) {
        const current = periodAt(kind, now).from;
        const ofKind = guild.periods.filter((entry) => entry.kind === kind);
        const latest = ofKind.reduce<string | null>((last, entry) => {
          const start = new Date(entry.start).toISOString();
          return last === null || start > last ? start : last;
        }, null);
        if (latest === null || latest >= current) continue;
        for (const entry of ofKind) {
          if (new Date(entry.start).toISOString() === latest) {
            periods.push({ ...entry, start: current });
          }
        }
      }
      return { ...guild, periods };
    }),
  };
}
