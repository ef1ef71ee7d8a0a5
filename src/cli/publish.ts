import type { Command } from 'commander';
import { withStore } from './configured-store.js';
import { guildIdOption } from './options.js';
import { print } from './output.js';

/** The page's address as visitors reach it (PUBLIC_URL, or this server's own address). */
export function scoreboardUrl(publicUrl: string, guildId: string): string {
  return `${publicUrl}/cup/${guildId}`;
}

/** `housecup publish` / `unpublish`: a guild's public scoreboard page (DESIGN §12). */
export function addPublishCommands(program: Command): void {
  program
    .command('publish')
    .description(
      "make a guild's house cup public at /cup/<guildId> (standings and chart, no player data)",
    )
    .argument('<guildId>', 'the guild', guildIdOption)
    .action(async (guildId: string) => {
      await withStore(async (store, config) => {
        const published = await store.publication.publish(guildId);
        print(
          `${published ? 'Published' : 'Already published'}: ${scoreboardUrl(config.publicUrl, guildId)}`,
        );
      });
    });
  program
    .command('unpublish')
    .description("take a guild's public scoreboard page down (its open pages stop within 1 s)")
    .argument('<guildId>', 'the guild', guildIdOption)
    .action(async (guildId: string) => {
      await withStore(async (store) => {
        const removed = await store.publication.unpublish(guildId);
        print(removed ? `Unpublished guild ${guildId}.` : `Guild ${guildId} was not published.`);
      });
    });
}
