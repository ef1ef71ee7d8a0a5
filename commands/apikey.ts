import {
  ApplicationCommandOptionType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Answer, CommandContext, CommandModule, CommandRequest } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { keyListEmbed, newKeyEmbed } from '../src/bot/embeds/apikeys.js';
import { NOT_FOUND, NotFoundError } from '../src/bot/not-found.js';

const definition = {
  ...GUILD_ONLY_COMMAND,
  name: 'apikey',
  description: "Manage this server's keys for the housecup HTTP API",
  // Manage Server by default; a server's admins may grant it to other roles in Discord, which
  // enforces both before the interaction reaches housecup. Re-checking request.memberPermissions
  // here would undo such a grant (the payload's permissions do not include it).
  default_member_permissions: PermissionFlagsBits.ManageGuild.toString(),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'create',
      description: 'Create a key that reads this server only (shown once, only to you)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'name',
          description: 'A label to recognise the key by',
          required: false,
          max_length: 100,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'list',
      description: "List this server's keys (never the keys themselves)",
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'revoke',
      description: 'Revoke one of this server’s keys; it stops working at once',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'id',
          description: 'The key number shown by /apikey list',
          required: true,
          min_value: 1,
        },
      ],
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function execute(request: CommandRequest, context: CommandContext): Promise<Answer> {
  const { keyStore, guildId, logger } = context;
  const { options } = request;
  const subcommand = options.subcommand;
  if (subcommand === 'create') {
    // A blank label would list as nothing at all: it gets the default too.
    const name = options.string('name')?.trim() || `Discord, by ${request.user.username}`;
    const created = await keyStore.create({ name: name.slice(0, 100), guilds: [guildId] });
    // The key itself goes only to the admin, never to a log line.
    logger.info({ keyId: created.id, by: context.userId }, 'api key created from Discord');
    return { embeds: [newKeyEmbed(created.id, created.key, guildId)], ephemeral: true };
  }
  if (subcommand === 'list') {
    return { embeds: [keyListEmbed(await keyStore.list({ guildId }))], ephemeral: true };
  }
  if (subcommand === 'revoke') {
    const id = options.integer('id');
    if (id === null) throw new Error('/apikey revoke without its required id');
    if (!(await keyStore.revoke(id, { guildId }))) throw new NotFoundError(NOT_FOUND.key);
    logger.info({ keyId: id, by: context.userId }, 'api key revoked from Discord');
    return { content: `API key #${id} is revoked: it stops working at once.`, ephemeral: true };
  }
  throw new Error(`unknown /apikey subcommand ${String(subcommand)}`);
}

export default { definition, execute } satisfies CommandModule;
