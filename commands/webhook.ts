import { ApplicationCommandOptionType, PermissionFlagsBits } from 'discord.js';
import type { Answer, CommandContext, CommandModule, RequestOf } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { newWebhookEmbed, type ReasonKind, webhookListEmbed } from '../src/bot/embeds/webhooks.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';
import { EVENT_NAMES, type EventName, eventList } from '../src/records/events.js';
import { SUBSCRIPTIONS_PER_GUILD } from '../src/records/webhooks.js';
import { FAILING_REASON, GONE_REASON } from '../src/webhooks/deliverer.js';
import { hostOf, systemResolver, URL_MAX } from '../src/webhooks/safety.js';
import { type AddRefusal, addSubscription } from '../src/webhooks/subscriptions.js';

/** Room for every event's name in `events:`, commas and spaces between. */
const EVENT_LIST_MAX = 200;

const definition = localizedCommand((t) => ({
  ...GUILD_ONLY_COMMAND,
  ...t.commands.webhook,
  // Manage Server by default, as /apikey: a webhook sends the server's data out, and its secret
  // is the receiver's. Discord enforces it (and any grant an admin makes) before housecup sees it.
  default_member_permissions: PermissionFlagsBits.ManageGuild.toString(),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.webhookAdd,
      options: [
        {
          type: ApplicationCommandOptionType.String,
          ...t.commands.webhookAddUrl,
          required: true,
          max_length: URL_MAX,
        },
        // The events as the command line takes them, a comma list (`points,term`).
        {
          type: ApplicationCommandOptionType.String,
          ...t.commands.webhookAddEventList,
          required: false,
          max_length: EVENT_LIST_MAX,
        },
        // And one option per event, as Discord offers several values no other way but a text to
        // type right (a choice is one value). The catalogue's order and names.
        ...EVENT_NAMES.map(
          (event) =>
            ({
              type: ApplicationCommandOptionType.Boolean,
              ...t.commands.webhookAddEvents[event],
              required: false,
            }) as const,
        ),
      ],
    },
    { type: ApplicationCommandOptionType.Subcommand, ...t.commands.webhookList },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.webhookRemove,
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          ...t.commands.webhookRemoveId,
          required: true,
          min_value: 1,
        },
      ],
    },
  ],
}));

const reasonKind: ReasonKind = (reason) => {
  if (reason === GONE_REASON) return 'gone';
  if (reason === FAILING_REASON) return 'failing';
  return 'other';
};

/** The host of a URL that passed the form check (the refusals about addresses name it). */
function hostIn(url: string): string {
  try {
    return hostOf(new URL(url));
  } catch {
    return url;
  }
}

/** A refused add, in the member's language. */
function refusal(refused: AddRefusal, url: string, context: CommandContext): string {
  const { language } = context;
  const { t } = language;
  if (refused.reason === 'cap') return t.webhook.full(language.digits(SUBSCRIPTIONS_PER_GUILD));
  if (refused.reason === 'events') return t.webhook.noEvents;
  return urlRefusal(refused.problem, url, context);
}

/**
 * The events an add asks for: those `events:` lists and those set True, but any set False; when
 * none is asked for, every event but those set False (`/webhook add url:` alone asks for all of
 * them, `players:False` for all but players). Null when `events:` names an unknown event.
 */
function eventsOf(given: {
  readonly events?: string | undefined;
  readonly [event: string]: unknown;
}): EventName[] | null {
  const listed = given.events?.trim() ? eventList(given.events) : [];
  if (listed === null) return null;
  const asked = EVENT_NAMES.filter((event) => listed.includes(event) || given[event] === true);
  const from = asked.length > 0 ? asked : EVENT_NAMES;
  return from.filter((event) => given[event] !== false);
}

function urlRefusal(
  problem: Extract<AddRefusal, { reason: 'url' }>['problem'],
  url: string,
  context: CommandContext,
): string {
  const { language } = context;
  const texts = language.t.webhook.url;
  // The host is a user's text: a code span shows it as it is (a backtick cannot be in a host).
  const host = `\`${hostIn(url).replaceAll('`', '')}\``;
  switch (problem) {
    case 'tooLong':
      return texts.tooLong(language.digits(URL_MAX));
    case 'notUrl':
      return texts.notUrl;
    case 'scheme':
      return texts.scheme(
        context.webhooks.rules.allowHttp ? '`https://` / `http://`' : '`https://`',
      );
    case 'credentials':
      return texts.credentials;
    case 'forbiddenAddress':
      return texts.forbiddenAddress(host);
    case 'unresolvable':
      return texts.unresolvable(host);
  }
}

async function execute(
  request: RequestOf<typeof definition>,
  context: CommandContext,
): Promise<Answer> {
  const { guildId, logger, language, webhooks } = context;
  const { options } = request;
  if (options.subcommand === 'add') {
    // Required, so Discord always sends it; a payload without it is simply not a URL.
    const url = options.url?.trim() ?? '';
    const events = eventsOf(options);
    if (events === null) {
      return { content: language.t.webhook.unknownEvents(EVENT_NAMES.join(',')), ephemeral: true };
    }
    const added = await addSubscription(
      {
        webhooks: webhooks.store,
        read: context.read,
        rules: { ...webhooks.rules, resolve: systemResolver },
      },
      { guildId, url, events },
    );
    if (!added.ok) return { content: refusal(added, url, context), ephemeral: true };
    // The secret goes only to the admin, in this one ephemeral answer, never to a log line.
    logger.info(
      { subscription: added.subscription.id, by: context.userId },
      'webhook subscription added from Discord',
    );
    return {
      embeds: [newWebhookEmbed(added.subscription, added.secret, language)],
      ephemeral: true,
    };
  }
  if (options.subcommand === 'list') {
    const embed = webhookListEmbed(
      await webhooks.store.list(guildId),
      SUBSCRIPTIONS_PER_GUILD,
      reasonKind,
      language,
    );
    return { embeds: [embed], ephemeral: true };
  }
  // remove: an id that is no safe integer (which Discord never sends) names none either.
  const { id } = options;
  if (id === undefined || !(await webhooks.store.remove(id, { guildId }))) {
    throw new NotFoundError(language.t.notFound.webhook);
  }
  logger.info(
    { subscription: id, by: context.userId },
    'webhook subscription removed from Discord',
  );
  return { content: language.t.webhook.removed(language.digits(id)), ephemeral: true };
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
