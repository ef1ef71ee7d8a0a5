import { setTimeout as sleep } from 'node:timers/promises';
import type { Store } from '../../src/store/store.js';
import type { GuildEntry, TransferFile } from '../../src/transfer/format.js';
import { edited, importFile } from './files.js';
import { statementOf } from './game-statements.js';
import type { Step } from './steps.js';
import { GUILDS } from './steps.js';
import { storedRows } from './views.js';
import type { World } from './world.js';

/*
 * Carries out a step as its writer would: imports and exports through the store's own methods
 * (what `housecup import` and `export` call), `copy` through readEverything/writeEverything (what
 * `housecup copy` calls), the game's statements on its own connection, publication and keys
 * through the store (what the CLI calls).
 */

/** The guild's entry of an export, as `export --guild` writes it (an empty one when it has none). */
async function exported(store: Store, guildId: string): Promise<GuildEntry> {
  // Through JSON, as the file on disk goes: nothing of the store's objects is shared.
  const file = JSON.parse(JSON.stringify(await store.exportData([guildId]))) as TransferFile;
  return file.guilds.find((guild) => guild.id === guildId) ?? { id: guildId };
}

/** `housecup copy --to <target> --replace`: every table, read from one snapshot. */
export async function copyStore(from: Store, to: Store): Promise<void> {
  const copied = await from.readEverything((rows) => to.writeEverything(rows, { replace: true }));
  if (!copied) throw new Error('copy refused');
}

/** Copies the world out, and notes which of the sequence's keys the copy holds. */
async function copyOut(world: World): Promise<void> {
  await copyStore(world.other, world.copy.test.store);
  world.copied = [...world.keys];
}

const writerOf = (world: World, writer: 'server' | 'other') =>
  writer === 'server' ? world.test.store : world.other;

export async function applyStep(world: World, step: Step): Promise<void> {
  if (step.atSecondStart) await sleep(1000 - (Date.now() % 1000) + 5);
  switch (step.step) {
    case 'import': {
      await writerOf(world, step.writer).importData(importFile(step));
      return;
    }
    case 'reimport': {
      const store = writerOf(world, step.writer);
      const entry = edited(await exported(store, GUILDS[step.guild]), step.edit);
      await store.importData({ guilds: [entry] });
      return;
    }
    case 'sql': {
      const [sql, values] = statementOf(step.sql, GUILDS[step.guild]);
      await world.game.run(sql, values);
      return;
    }
    // `housecup copy` runs in a process of its own: the second handle, never the server's.
    case 'copyOut':
      await copyOut(world);
      return;
    // An older copy brought back (a backup restored): what the last copy out holds.
    case 'copyIn':
      if (!world.copied) await copyOut(world);
      await copyStore(world.copy.test.store, world.other);
      world.keys = [...(world.copied ?? [])];
      return;
    case 'copyBack': {
      const target = world.copy.test.store;
      await copyOut(world);
      const entry = edited(await exported(target, GUILDS[step.guild]), step.edit);
      await target.importData({ guilds: [entry] });
      await copyStore(target, world.other);
      return;
    }
    // The CLI's `publish` and `unpublish`; run-sequence.ts follows the public streams.
    // Publishing a guild without house points is refused (nothing to show), and only then.
    case 'publish': {
      const outcome = await world.test.store.publication.publish(GUILDS[step.guild]);
      const { points } = await storedRows(world.game, GUILDS[step.guild]);
      if ((outcome === 'noPoints') !== (points === null)) {
        throw new Error(
          `publish of guild ${step.guild} answered ${outcome}, its points ${JSON.stringify(points)}`,
        );
      }
      return;
    }
    case 'unpublish':
      await world.test.store.publication.unpublish(GUILDS[step.guild]);
      return;
    case 'keyCreate': {
      const { id } = await world.test.store.keyStore.create({ name: 'coherence extra' });
      world.keys.push(id);
      return;
    }
    case 'keyRevoke': {
      const id = world.keys.shift();
      if (id !== undefined) await world.test.store.keyStore.revoke(id);
      return;
    }
  }
}
