import type { HousePoints } from '../../src/records/house-points.js';
import { HOUSES } from '../../src/records/houses.js';
import type { KnownDefect } from './known-defects.js';
import type { GuildViews, ShownHouse } from './views.js';

/*
 * What must hold after every step, guild by guild: every view tells the race the rows hold
 * (stream-checks.ts holds the event streams to the answers read here).
 */

export interface Disagreement {
  guildId: string;
  /** Which views disagree, e.g. `/v1/points ≠ /points reply`. */
  views: string;
  detail: string;
  /** The known defect whose signature this has (known-defects.ts), if any. */
  known?: KnownDefect;
}

/** The bodies an area's event follows: points, premium, and the whole lists of players and jobs. */
export interface AreaBodies {
  points: string;
  premium: string;
  players: string;
  jobs: string;
}

export const AREAS = ['points', 'premium', 'players', 'jobs'] as const;
export type Area = (typeof AREAS)[number];

/** A body's JSON, or the text itself when it is none. */
export const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
export const show = (value: unknown) => JSON.stringify(value);
/** The four houses' values of a row, an entry or an answer, in the houses' order. */
const housesOf = (value: object | null | undefined) =>
  show(value ? HOUSES.map((house) => (value as Record<string, unknown>)[house] ?? null) : null);
/** A house-keyed record in the houses' order, for comparing. */
const sorted = (record: Partial<Record<string, unknown>>) =>
  HOUSES.map((house) => [house, record[house]]);
const NO_POINTS = '{"error":"No house points found on this serve","status":404}';

export function pointsOf(views: GuildViews): HousePoints | null {
  if (views.points.status !== 200) return null;
  const body = json(views.points.text) as Record<string, number>;
  return Object.fromEntries(HOUSES.map((house) => [house, body[house]])) as HousePoints;
}

/** The houses as a reader must see them: most points first, ties in the houses' order, 1 1 3 4. */
export function shownFrom(points: HousePoints): ShownHouse[] {
  return HOUSES.map((house, index) => ({ house, index, points: points[house] }))
    .sort((a, b) => b.points - a.points || a.index - b.index)
    .map(({ house, points: value }) => ({
      house,
      points: value,
      rank: 1 + HOUSES.filter((other) => points[other] > value).length,
    }));
}

const countOf = (answer: { status: number; text: string }) =>
  answer.status === 200 ? ((json(answer.text) as { count: number }).count ?? -1) : 0;

export function bodiesOf(views: GuildViews): AreaBodies {
  return {
    points: views.points.text,
    premium: views.premium.text,
    players: views.players.text,
    jobs: views.jobs.text,
  };
}

/** The data an area's event must carry for these answers. */
export function eventData(views: GuildViews, area: Area): string {
  if (area === 'points') return views.points.text;
  if (area === 'premium') return views.premium.text;
  return `{"count":${countOf(area === 'players' ? views.players : views.jobs)}}`;
}

/** Everything that must agree within one guild's views. */
export function viewDisagreements(views: GuildViews): Disagreement[] {
  const found: Disagreement[] = [];
  const { guildId } = views;
  const say = (viewsText: string, detail: string, known?: KnownDefect) =>
    found.push({ guildId, views: viewsText, detail, ...(known ? { known } : {}) });
  const points = pointsOf(views);

  // The API answers the rows.
  if (housesOf(points) !== housesOf(views.rows.points)) {
    say('house_points ≠ /v1/points', `rows ${show(views.rows.points)}, API ${views.points.text}`);
  }
  if (!points && views.points.text !== NO_POINTS) {
    say('/v1/points', `a 404 other than the spec's: ${views.points.text}`);
  }

  // The stored history ends at the points (four nulls when none).
  const lastRow = views.historyRows.at(-1);
  const expectedEnd = points ? housesOf(points) : show([null, null, null, null]);
  const rowEnd = lastRow && housesOf(lastRow);
  if ((lastRow || points) && rowEnd !== expectedEnd) {
    say(
      'last history row ≠ /v1/points',
      `last row ${show(lastRow ?? null)}, points ${views.points.text}`,
    );
  }

  // /v1/points/:guildId/history, `to` left out: its last entry is the points now.
  if (!lastRow && !points) {
    if (views.history.status !== 404 || views.history.text !== NO_POINTS) {
      say('/v1/points 404 ≠ history', `history ${views.history.status} ${views.history.text}`);
    }
  } else if (views.history.status !== 200) {
    say(
      '/v1/points ≠ history',
      `history ${views.history.status} ${views.history.text}, last row ${show(lastRow ?? null)}`,
      lastRow && !points && views.history.text === NO_POINTS ? 'historyOnlyImport' : undefined,
    );
  } else {
    const series = json(views.history.text) as { to: string; points: Record<string, unknown>[] };
    const last = series.points.at(-1);
    const end = last && housesOf(last);
    if (end !== expectedEnd) {
      // The series stops at the start of this second, before the last row (a change within it).
      const lags = lastRow !== undefined && lastRow.at > series.to;
      say(
        '/v1/points ≠ history (to left out)',
        `history ends ${show(last)} (to ${series.to}), points ${views.points.text}, last row ${show(lastRow ?? null)}`,
        lags ? 'historyLags' : undefined,
      );
    }
  }

  // Lists: count = results.length = the rows.
  for (const [name, answer, rows] of [
    ['players', views.players, views.rows.players],
    ['jobs', views.jobs, views.rows.jobs],
  ] as const) {
    if (answer.status === 200) {
      const body = json(answer.text) as { count: number; results: unknown[] };
      if (body.count !== body.results.length || body.count !== rows) {
        say(
          `/v1/${name} count`,
          `count ${body.count}, results ${body.results.length}, rows ${rows}`,
        );
      }
    } else if (rows !== 0 || answer.status !== 404) {
      say(`/v1/${name} ≠ ${name} rows`, `${answer.status} ${answer.text}, rows ${rows}`);
    }
  }

  const shown = points && shownFrom(points);
  // The public page: only when published; its numbers, order and ranks are the points', and a
  // published guild whose points were removed says it has no standings (no houses ranked).
  const { published } = views.rows;
  if (published !== (views.page.status === 200)) {
    say('published_guilds ≠ /cup page', `published ${published}, page ${views.page.status}`);
  } else if (
    published &&
    (show(views.page.houses) !== show(shown ?? []) || views.page.noStandings !== !shown)
  ) {
    say(
      '/v1/points ≠ /cup page',
      `page ${show(views.page.houses)}${views.page.noStandings ? ' (no standings)' : ''}, points ${views.points.text}`,
    );
  }

  // The chart: drawn from the points, its bars in their ranks' order.
  if ((views.chartStatus === 200) !== (points !== null) || (views.chart === null) !== !points) {
    say(
      '/v1/points ≠ chart',
      `chart.png ${views.chartStatus}, input ${show(views.chart)}, points ${views.points.text}`,
    );
  } else if (views.chart && shown) {
    const { bars, lineEnds, labelledEnds } = views.chart;
    if (show(bars) !== show(shown)) {
      say('/v1/points ≠ chart bars', `bars ${show(bars)}, points ${views.points.text}`);
    }
    // Its lines end now, at the points: the last instant of its series is the moment it is drawn,
    // and the values written at the lines' ends are the points.
    if (lastRow && (housesOf(lineEnds) !== expectedEnd || housesOf(labelledEnds) !== expectedEnd)) {
      say(
        '/v1/points ≠ chart lines',
        `lines end ${show(lineEnds)}, labelled ${show(labelledEnds)}, points ${views.points.text}`,
      );
    }
  }

  // The week's change, where the page and the reply both show the houses.
  if (
    published &&
    shown &&
    views.reply &&
    show(sorted(views.weeks.page)) !== show(sorted(views.weeks.reply))
  ) {
    say(
      '/cup page week ≠ /points reply week',
      `page ${show(views.weeks.page)}, reply ${show(views.weeks.reply)}`,
    );
  }

  // The bot's /points: the same numbers, order and ranks, or "no house points".
  if (show(views.reply) !== show(shown)) {
    say('/v1/points ≠ /points reply', `reply ${show(views.reply)}, points ${views.points.text}`);
  }
  return found;
}
