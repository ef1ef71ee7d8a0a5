import { InteractionResponseType } from 'discord.js';
import { CHART_DEFAULTS, chartInput } from '../../src/answers/chart.js';
import type { CommandRequest } from '../../src/bot/command.js';
import type { Delivery, MessageData } from '../../src/bot/delivery.js';
import { ENGLISH } from '../../src/bot/i18n/index.js';
import type { ChartInput } from '../../src/pictures/chart-input.js';
import { layoutChart } from '../../src/pictures/chart-layout.js';
import type { ReadService } from '../../src/read/service.js';
import type { HousePoints } from '../../src/records/house-points.js';
import { HOUSES, type House } from '../../src/records/houses.js';
import type { HistoryEntry, Standings } from '../../src/records/points-history.js';
import type { Store } from '../../src/store/store.js';
import type { GameConnection } from './game-connection.js';
import type { Node, World } from './world.js';

/*
 * Every place housecup tells a guild's race, read as its reader reads it: the API's answers over
 * HTTP, the stored history, the public page's markup, what the chart is drawn from, and the bot's
 * /points reply as the dispatcher sends it. Plus the rows themselves, from the game's connection.
 */

export interface Answer {
  status: number;
  text: string;
}

/** A house as a page or a reply shows it, in the order shown. */
export interface ShownHouse {
  house: House;
  points: number;
  rank: number;
}

export interface GuildViews {
  guildId: string;
  /** The rows as stored, read past housecup (the game's connection). */
  rows: { points: HousePoints | null; players: number; jobs: number; published: boolean };
  points: Answer;
  /** /v1/points/:guildId/history with `to` left out. */
  history: Answer;
  /** The stored history, every row (the read service). */
  historyRows: HistoryEntry[];
  players: Answer;
  jobs: Answer;
  premium: Answer;
  /** /cup/:guildId: its status, its houses when it shows them, and whether it says it has none. */
  page: { status: number; houses: ShownHouse[]; noStandings: boolean };
  chartStatus: number;
  /**
   * What the chart answer draws now, laid out as the picture is (layoutChart): its bars top to
   * bottom, where its lines' input ends, and the values its lines' labelled ends show; null
   * where it answers the points 404.
   */
  chart: {
    bars: ShownHouse[];
    lineEnds: Standings | null;
    labelledEnds: Partial<Standings> | null;
  } | null;
  /** Each house's change over 7 days on the page and in the reply (null: not shown). */
  weeks: { page: Weeks; reply: Weeks };
  /** The bot's /points: its houses, or null when it answered "no house points". */
  reply: ShownHouse[] | null;
}

const FAR_PAST = '0001-01-01T00:00:00.000Z';
const FAR_FUTURE = '9999-12-31T23:59:59.999Z';

export async function get(node: Node, key: string | null, path: string): Promise<Answer> {
  const response = await fetch(`${node.url}${path}`, {
    headers: key ? { authorization: key } : {},
  });
  return { status: response.status, text: await response.text() };
}

export function historyRows(read: ReadService, guildId: string): Promise<HistoryEntry[]> {
  return read.pointsHistory.between(guildId, FAR_PAST, FAR_FUTURE);
}

/** A house's change over 7 days, by house; null where none is shown. */
export type Weeks = Partial<Record<House, number | null>>;

const PAGE_WEEK = /data-house="([a-z]+)" data-points="-?\d+" data-week="(-?\d*)"/g;

function pageWeeks(html: string): Weeks {
  return Object.fromEntries(
    [...html.matchAll(PAGE_WEEK)].map(([, house, week]) => [house, week ? Number(week) : null]),
  );
}

const PAGE_ITEM =
  /<li class="house [a-z]+" data-house="([a-z]+)" data-points="(-?\d+)" data-week="[^"]*"><span class="rank">(\d+)<\/span>/g;

export function pageHouses(html: string): ShownHouse[] {
  return [...html.matchAll(PAGE_ITEM)].map(([, house, points, rank]) => ({
    house: house as House,
    points: Number(points),
    rank: Number(rank),
  }));
}

const HOUSE_BY_NAME = new Map(HOUSES.map((house) => [ENGLISH.t.houses[house], house]));
/** `**1. 🦁 Gryffindor** — 1,312 points`: the rank, the house's name and its points. */
const REPLY_LINE = /\*\*(\d+)\. \S+ ([^*]+)\*\* — (-?[\d,]+) points/g;

/** `· ▲ 300 this week` after a house's points. */
const REPLY_WEEK = /\*\*\d+\. \S+ ([^*]+)\*\* — [-\d,]+ points(?: · ([▲▼±]) ([\d,]+) this week)?/g;

const integer = (text: string | undefined) => Number((text ?? '').replaceAll(',', ''));

export function replyHouses(message: MessageData): { houses: ShownHouse[] | null; weeks: Weeks } {
  const description = message.embeds[0]?.description;
  if (description === undefined) {
    if (message.content === ENGLISH.t.notFound.points) return { houses: null, weeks: {} };
    throw new Error(`an unexpected /points reply: ${JSON.stringify(message)}`);
  }
  const houseOf = (name: string | undefined) => {
    const house = HOUSE_BY_NAME.get(name ?? '');
    if (!house) throw new Error(`a house the reply names oddly: ${name}`);
    return house;
  };
  const houses = [...description.matchAll(REPLY_LINE)].map(([, rank, name, points]) => ({
    house: houseOf(name),
    points: integer(points),
    rank: Number(rank),
  }));
  const weeks: Weeks = {};
  for (const [, name, arrow, amount] of description.matchAll(REPLY_WEEK)) {
    weeks[houseOf(name)] = arrow ? (arrow === '▼' ? -1 : 1) * integer(amount) : null;
  }
  return { houses, weeks };
}

/** /points in the guild, through the bot's dispatcher, as a member with an English client runs it. */
export async function pointsReply(
  world: World,
  guildId: string,
): Promise<ReturnType<typeof replyHouses>> {
  const messages: MessageData[] = [];
  const delivery: Delivery = {
    // As over the gateway: the embed and its picture in one first answer.
    carriesFiles: true,
    async respond(response) {
      if (response.type === InteractionResponseType.ChannelMessageWithSource) {
        messages.push(response.data);
      }
    },
    async editOriginal(data) {
      messages.push(data);
    },
    async deleteOriginal() {},
    async followUp(data) {
      messages.push(data);
    },
  };
  const request: CommandRequest = {
    kind: 'command',
    id: '1',
    guildId,
    user: { id: '300000000000000001', username: 'member' },
    memberPermissions: 0n,
    locale: 'en-US',
    guildLocale: 'en-US',
    channelId: null,
    appPermissions: null,
    command: 'points',
    options: { subcommand: null, values: {} },
  };
  await world.dispatch(request, delivery);
  const [message] = messages;
  if (!message || messages.length !== 1) {
    throw new Error(`/points sent ${messages.length} messages: ${JSON.stringify(messages)}`);
  }
  return replyHouses(message);
}

export async function storedRows(
  game: GameConnection,
  guildId: string,
): Promise<GuildViews['rows']> {
  const [points] = await game.rows<Record<House, number | string>>(
    `SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = ?`,
    [guildId],
  );
  const count = async (table: string) => {
    const [row] = await game.rows<{ n: number | string }>(
      `SELECT count(*) AS n FROM ${table} WHERE guild_id = ?`,
      [guildId],
    );
    return Number(row?.n ?? 0);
  };
  return {
    // PostgreSQL's bigint comes back as text.
    points: points
      ? (Object.fromEntries(HOUSES.map((house) => [house, Number(points[house])])) as HousePoints)
      : null,
    players: await count('profiles'),
    jobs: await count('jobs'),
    published: (await count('published_guilds')) > 0,
  };
}

/** The answers of the API alone, as another node over a copy gives them. */
export async function apiAnswers(node: Node, key: string, guildId: string) {
  const [points, players, jobs, premium] = await Promise.all([
    get(node, key, `/v1/points/${guildId}`),
    get(node, key, `/v1/players/${guildId}`),
    get(node, key, `/v1/jobs/${guildId}`),
    get(node, key, `/v1/premium/${guildId}`),
  ]);
  return { points, players, jobs, premium };
}

/** The chart's input as its picture lays it out: no pixels read. */
function chartView(input: ChartInput): NonNullable<GuildViews['chart']> {
  const layout = layoutChart(input);
  const bars = layout.bars.rows.map(({ house, value, rank }) => ({ house, points: value, rank }));
  const ends = layout.lines?.ends;
  return {
    bars,
    lineEnds: input.series.at(-1)?.values ?? null,
    labelledEnds: ends ? Object.fromEntries(ends.map(({ house, value }) => [house, value])) : null,
  };
}

export async function readViews(world: World, guildId: string): Promise<GuildViews> {
  const { node, key, test } = world;
  const store: Store = test.store;
  const [rows, api, history, stored, page, chart, input, reply] = await Promise.all([
    storedRows(world.game, guildId),
    apiAnswers(node, key, guildId),
    get(node, key, `/v1/points/${guildId}/history`),
    historyRows(store.read, guildId),
    get(node, null, `/cup/${guildId}`),
    get(node, key, `/v1/points/${guildId}/chart.png`),
    chartInput(store.read, guildId, CHART_DEFAULTS, Date.now()),
    pointsReply(world, guildId),
  ]);
  return {
    guildId,
    rows,
    ...api,
    history,
    historyRows: stored,
    page: {
      status: page.status,
      houses: page.status === 200 ? pageHouses(page.text) : [],
      noStandings: page.status === 200 && page.text.includes('id="no-standings"'),
    },
    chartStatus: chart.status,
    chart: input && chartView(input),
    weeks: { page: page.status === 200 ? pageWeeks(page.text) : {}, reply: reply.weeks },
    reply: reply.houses,
  };
}
