import type { ApiKeyRow } from '../records/api-key.js';
import { digestOf, generateKey, hintOf } from './key-material.js';

interface NewKeyOptions {
  name?: string;
  /** Guild ids the key may read; empty or absent = every guild. */
  guilds?: readonly string[];
  /** Requests per minute; undefined = the server's default, 0 = unlimited. */
  rateLimit?: number | undefined;
}

/** A stored key as lists show it: everything but its digest. */
export type KeyRecord = Omit<ApiKeyRow, 'digest'>;

/**
 * How many active keys of its own a guild may hold when its admins create them (`/apikey
 * create`, on the gateway and on /interactions): enough for every bot and dashboard a community
 * runs, few enough that one admin account cannot fill the table with keys. The operator's CLI
 * (`keys create --guild`) is not held to it.
 */
export const GUILD_KEY_CAP = 25;

/** A new key in clear: the only time it exists outside the caller. */
export interface CreatedKey {
  id: number;
  key: string;
}

/** Creating, listing and revoking keys: what the CLI and /apikey do, on either store. */
export interface KeyStore {
  /** Creates a key and returns it in clear: the only time it exists outside the caller. */
  create(options?: NewKeyOptions): Promise<CreatedKey>;
  /**
   * Creates a key that reads `guildId` only, unless the guild already holds `cap` active keys
   * of its own (those `list({ guildId })` shows): null then. Counting and inserting are one
   * step, so creates racing each other (two admins, two nodes) never pass the cap.
   */
  createInGuild(guildId: string, name: string, cap: number): Promise<CreatedKey | null>;
  list(filter?: { guildId?: string }): Promise<KeyRecord[]>;
  /** Revokes a key; false when no such key exists or it was already revoked. */
  revoke(id: number, filter?: { guildId?: string }): Promise<boolean>;
  /** Whether any key that still works exists. */
  hasActiveKey(): Promise<boolean>;
}

/** A new key, and the row that stores it (its digest, never the key). */
export function newKey(options: NewKeyOptions, now: Date) {
  const key = generateKey();
  const guilds = options.guilds && options.guilds.length > 0 ? [...new Set(options.guilds)] : null;
  return {
    key,
    row: {
      name: options.name ?? '',
      digest: digestOf(key),
      hint: hintOf(key),
      guilds: guilds === null ? null : JSON.stringify(guilds),
      rate_limit: options.rateLimit ?? null,
      created_at: now.toISOString(),
    },
  };
}

/** A guild filter means "keys scoped to exactly this guild": what a guild's admins may manage. */
export function inGuild(record: Pick<KeyRecord, 'guilds'>, guildId: string | undefined): boolean {
  return guildId === undefined || (record.guilds?.length === 1 && record.guilds[0] === guildId);
}

/** A stored row as lists show it, its guilds parsed. */
export function keyRecordOf(row: Omit<KeyRecord, 'guilds'> & { guilds: string | null }): KeyRecord {
  return { ...row, guilds: row.guilds === null ? null : (JSON.parse(row.guilds) as string[]) };
}
