import type { Command } from 'commander';
import { checkTitle, DEFAULT_PAGE_TITLE, TITLE_MAX } from '../records/published-guild.js';
import { withStore } from './configured-store.js';
import { guildIdOption } from './options.js';
import { CliError, print } from './output.js';

/** The page's address as visitors reach it (PUBLIC_URL, or this server's own address). */
function scoreboardUrl(publicUrl: string, guildId: string): string {
  return `${publicUrl}/cup/${guildId}`;
}

/**
 * `housecup publish` / `unpublish`: a guild's public scoreboard page (docs/scoreboard.md,
 * "Publishing").
 */
export function addPublishCommands(program: Command): void {
  program
    .command('publish')
    .description(
      "make a guild's house cup public at /cup/<guildId> (standings and chart, no player data); again with --title to change its heading",
    )
    .argument('<guildId>', 'the guild', guildIdOption)
    .option(
      '--title <text>',
      `the page's heading, 1-${TITLE_MAX} characters on one line (default "${DEFAULT_PAGE_TITLE}")`,
    )
    .action(async (guildId: string, options: { title?: string }) => {
      const title = options.title === undefined ? undefined : titleOf(options.title);
      await withStore(async (store, config) => {
        const outcome = await store.publication.publish(guildId, title ? { title } : {});
        const url = scoreboardUrl(config.publicUrl, guildId);
        if (outcome === 'noPoints') {
          throw new CliError(
            `Guild ${guildId} has no house points: nothing to publish (is the id right?); nothing was published`,
          );
        }
        print(
          outcome === 'published'
            ? `Published: ${url}`
            : outcome === 'retitled'
              ? `Title changed to ${JSON.stringify(title)}: ${url}`
              : `Already published: ${url}`,
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

/** The title as the store takes it, or the one line that says why not. */
function titleOf(given: string): string {
  const checked = checkTitle(given);
  if (!checked.ok) throw new CliError(`Invalid title: ${checked.problem}`);
  return checked.title;
}
