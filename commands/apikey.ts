import { ApplicationCommandOptionType, PermissionFlagsBits } from 'discord.js';
import type { Answer, CommandContext, CommandModule, RequestOf } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { keyListEmbed, newKeyEmbed } from '../src/bot/embeds/apikeys.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';
import { GUILD_KEY_CAP } from '../src/keys/key-store.js';
import { KEY_NAME_MAX } from '../src/records/api-key.js';

const definition = localizedCommand((t) => ({
  ...GUILD_ONLY_COMMAND,
  ...t.commands.apikey,
  // Manage Server by default; a server's admins may grant it to other roles in Discord, which
  // enforces both before the interaction reaches housecup. Re-checking request.memberPermissions
  // here would undo such a grant (the payload's permissions do not include it).
  default_member_permissions: PermissionFlagsBits.ManageGuild.toString(),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.apikeyCreate,
      options: [
        {
          type: ApplicationCommandOptionType.String,
          ...t.commands.apikeyCreateName,
          required: false,
          max_length: KEY_NAME_MAX,
        },
      ],
    },
    { type: ApplicationCommandOptionType.Subcommand, ...t.commands.apikeyList },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.apikeyRevoke,
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          ...t.commands.apikeyRevokeId,
          required: true,
          min_value: 1,
        },
      ],
    },
  ],
}));

async function execute(
  request: RequestOf<typeof definition>,
  context: CommandContext,
): Promise<Answer> {
  const { keyStore, guildId, logger, language } = context;
  const { options } = request;
  if (options.subcommand === 'create') {
    // A blank label would list as nothing at all: it gets the default too.
    const name = options.name?.trim() || language.t.apikey.defaultName(request.user.username);
    const created = await keyStore.createInGuild(
      guildId,
      name.slice(0, KEY_NAME_MAX),
      GUILD_KEY_CAP,
    );
    if (created === null) {
      return { content: language.t.apikey.full(language.digits(GUILD_KEY_CAP)), ephemeral: true };
    }
    // The key itself goes only to the admin, never to a log line.
    logger.info({ keyId: created.id, by: context.userId }, 'api key created from Discord');
    return { embeds: [newKeyEmbed(created.id, created.key, guildId, language)], ephemeral: true };
  }
  if (options.subcommand === 'list') {
    return { embeds: [keyListEmbed(await keyStore.list({ guildId }), language)], ephemeral: true };
  }
  // revoke: an id that is no safe integer (which Discord never sends) names no key either.
  const { id } = options;
  if (id === undefined || !(await keyStore.revoke(id, { guildId }))) {
    throw new NotFoundError(language.t.notFound.key);
  }
  logger.info({ keyId: id, by: context.userId }, 'api key revoked from Discord');
  return {
    content: language.t.apikey.revokeAnswer(language.digits(id)),
    ephemeral: true,
  };
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
