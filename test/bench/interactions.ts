import { readFileSync, writeFileSync } from 'node:fs';
import { commandData, interactionObject } from '../support/fake-discord/objects.js';
import type { InteractionSigner } from '../support/fake-discord/signing.js';
import { post } from './http-get.js';
import { oneAtATime, type ProbeResult } from './probe.js';

/*
 * The signed `/premium` interactions the benchmark sends to POST /interactions (answered in the
 * response body; `/points` answers with a deferral and an edit that carries its picture). wrk sends
 * a fixed list of requests, so each is signed up front. The server handles each interaction id once
 * (a replay is refused with 409, docs/discord.md) and a signature is only good for 5 minutes, so
 * every run gets its own list, signed right before it, of ids never sent before, and walks it in
 * order without coming back: enough for SIGNED_PER_SECOND, four times the fastest node measured
 * (2,109/s); a run that still runs out reports it instead of measuring replays.
 */

/** Interactions signed per second of a run. */
const SIGNED_PER_SECOND = 8000;

/** What the runner asks for: guilds to spread the interactions over, and Discord's key. */
export interface SignedLoad {
  signer: InteractionSigner;
  guilds: readonly string[];
}

const USER = { id: '500000000000000001', username: 'bench' };

/** One `/premium` interaction payload from a member of `guildId`, as Discord sends it. */
export function premiumInteraction(guildId: string, n: number): string {
  const id = (1_300_000_000_000_000_000n + BigInt(n)).toString();
  const payload = interactionObject(
    { id, token: `bench-token-${n}` },
    2,
    { guildId, user: USER },
    commandData(id, 'premium', [], []),
  );
  return JSON.stringify(payload);
}

/** Interactions signed so far in this process: the next id is never one sent before. */
let issued = 0;

/**
 * Writes one request per line, `path \t timestamp \t signature \t body` (JSON escapes any tab
 * in the body), for bench.lua's signed mode: enough fresh interactions for `seconds`, signed now.
 */
export function writeSignedRequests(file: string, load: SignedLoad, seconds: number): void {
  const count = Math.ceil(seconds * SIGNED_PER_SECOND) + 64;
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = issued++;
    const guild = load.guilds[n % load.guilds.length];
    if (guild === undefined) throw new Error('no guild to send interactions from');
    const body = premiumInteraction(guild, n);
    const headers = load.signer.headers(body);
    lines.push(
      [
        '/interactions',
        headers['x-signature-timestamp'],
        headers['x-signature-ed25519'],
        body,
      ].join('\t'),
    );
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

/** The lines written above, as requests: what autocannon and the one-off check send. */
export function readSignedRequest(line: string): {
  path: string;
  headers: Record<string, string>;
  body: string;
} {
  const [path = '', timestamp = '', signature = '', ...rest] = line.split('\t');
  return {
    path,
    headers: {
      'content-type': 'application/json',
      'x-signature-timestamp': timestamp,
      'x-signature-ed25519': signature,
    },
    body: rest.join('\t'),
  };
}

/**
 * The round trip of one signed interaction at a time, for `durationMs`: what Discord waits for
 * an answer from a node that is not saturated (the load row's latencies, under 32 connections,
 * are mostly queueing).
 */
export function roundTrips(url: string, file: string, durationMs: number): Promise<ProbeResult> {
  const requests = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(readSignedRequest);
  return oneAtATime(
    (i, agent) => {
      const request = requests[i];
      if (!request)
        throw new Error(`the ${requests.length} signed interactions in ${file} ran out`);
      return post(url + request.path, request.headers, request.body, agent);
    },
    new Promise((resolve) => setTimeout(resolve, durationMs)),
    0,
  );
}
