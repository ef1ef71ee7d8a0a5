import { Agent, request } from 'node:http';

/*
 * The benchmark's event stream clients, in a process of their own (started by streams.ts over
 * IPC): opens N streams of GET /v1/events/:guildId (or, `public`, of the scoreboard pages'
 * GET /cup/:guildId/events, without a key) spread over the guilds, and says when every
 * stream of a guild has received a given points value (`"gryffindor":V`), with the instant the
 * last of them got it (epoch ms, comparable across processes on one machine).
 */

export type ClientCommand =
  | {
      type: 'open';
      url: string;
      key: string;
      guilds: string[];
      streams: number;
      public: boolean;
    }
  | { type: 'expect'; guild: string; value: number }
  | { type: 'close' };

export type ClientReport =
  | { type: 'opened'; streams: number; failed: number }
  | { type: 'arrived'; guild: string; value: number; lastAt: number }
  | { type: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const send = (report: ClientReport) => process.send?.(report);

interface Seen {
  count: number;
  lastAt: number;
}

const open = new Set<ReturnType<typeof request>>();
const perGuild = new Map<string, number>();
const seen = new Map<string, Seen>();
const expected = new Set<string>();
// Every stream is a connection of its own, as each browser tab would be.
const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

function onValue(guild: string, value: number): void {
  const name = `${guild}:${value}`;
  const entry = seen.get(name) ?? { count: 0, lastAt: 0 };
  entry.count += 1;
  entry.lastAt = now();
  seen.set(name, entry);
  settle(guild, value);
}

function settle(guild: string, value: number): void {
  const name = `${guild}:${value}`;
  const entry = seen.get(name);
  if (!expected.has(name) || !entry || entry.count < (perGuild.get(guild) ?? 0)) return;
  expected.delete(name);
  seen.delete(name);
  send({ type: 'arrived', guild, value, lastAt: entry.lastAt });
}

function openOne(url: string, key: string, guild: string, isPublic: boolean): Promise<boolean> {
  // Open once the stream's first events are in: the API's end with `jobs`, a page's is `points`.
  const ready = isPublic ? 'event: points' : 'event: jobs';
  return new Promise((resolve) => {
    const req = isPublic
      ? request(`${url}/cup/${guild}/events`, { agent })
      : request(`${url}/v1/events/${guild}`, { agent, headers: { authorization: key } });
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(false);
        return;
      }
      res.setEncoding('utf8');
      let first = true;
      // The end of the previous chunk: a value cut in two by a chunk boundary is still found.
      let tail = '';
      res.on('data', (chunk: string) => {
        if (first && chunk.includes(ready)) {
          first = false;
          resolve(true);
        }
        const text = tail + chunk;
        for (const match of text.matchAll(/"gryffindor":(\d+),/g)) {
          // Found whole in the tail already: counted with the previous chunk.
          if (match.index + match[0].length > tail.length) onValue(guild, Number(match[1]));
        }
        tail = text.slice(-32);
      });
    });
    req.on('error', () => resolve(false));
    req.end();
    open.add(req);
  });
}

process.on('message', async (command: ClientCommand) => {
  if (command.type === 'open') {
    let failed = 0;
    const jobs: (() => Promise<boolean>)[] = [];
    for (let i = 0; i < command.streams; i++) {
      const guild = command.guilds[i % command.guilds.length] ?? '';
      perGuild.set(guild, (perGuild.get(guild) ?? 0) + 1);
      jobs.push(() => openOne(command.url, command.key, guild, command.public));
    }
    // A few hundred at a time: the listen backlog stays well within its bound.
    for (let i = 0; i < jobs.length; i += 200) {
      const batch = await Promise.all(jobs.slice(i, i + 200).map((job) => job()));
      failed += batch.filter((ok) => !ok).length;
    }
    // The initial points events are not what is measured.
    seen.clear();
    send({ type: 'opened', streams: command.streams - failed, failed });
  } else if (command.type === 'expect') {
    expected.add(`${command.guild}:${command.value}`);
    settle(command.guild, command.value);
  } else {
    for (const req of open) req.destroy();
    open.clear();
    perGuild.clear();
    seen.clear();
    send({ type: 'closed' });
  }
});
