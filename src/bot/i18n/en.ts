import { ENGLISH_CHART_TITLES } from '../../answers/chart.js';
import type { EventName } from '../../records/events.js';
import { plural } from './plural.js';

/*
 * Every text the bot shows, in English: the source the other languages are typed against
 * (messages.ts). Plain typed modules rather than i18next or a message-format library: tsc
 * checks each language's completeness and each text's parameters for free, and there is no
 * runtime dependency or loader. A text with values is a function of them, already formatted
 * (numbers through Intl by the caller); `{n}` in a plural form is its formatted count.
 */

/** Each event's option: in English, named as the catalogue names the event (what Discord sends). */
type EventLabels = {
  readonly [E in EventName]: { readonly name: E; readonly description: string };
};

export const en = {
  /**
   * Slash commands: a name (lowercase, 1–32) and a description (1–100) each. `as const`: the
   * English names are the ones Discord sends back, and the handlers' options are typed from them.
   */
  commands: {
    apikey: {
      name: 'apikey',
      description: "Manage this server's keys for the housecup HTTP API",
    },
    apikeyCreate: {
      name: 'create',
      description: 'Create a key that reads this server only (shown once, only to you)',
    },
    apikeyCreateName: { name: 'name', description: 'A label to recognise the key by' },
    apikeyList: {
      name: 'list',
      description: "List this server's keys (never the keys themselves)",
    },
    apikeyRevoke: {
      name: 'revoke',
      description: 'Revoke one of this server’s keys; it stops working at once',
    },
    apikeyRevokeId: { name: 'id', description: 'The key number shown by /apikey list' },
    jobs: {
      name: 'jobs',
      description: "This server's jobs, with salary and how many profiles hold each",
    },
    players: {
      name: 'players',
      description: "This server's player profiles, or every profile of one member",
    },
    playersMember: { name: 'member', description: "Show only this member's profiles" },
    playersSort: { name: 'sort', description: 'Order of the list (by member when not given)' },
    playersHouse: { name: 'house', description: 'Only the profiles of this house' },
    playersPeriod: {
      name: 'period',
      description: "This week's, this month's or this term's leaders, by the galleons they gained",
    },
    points: { name: 'points', description: 'The House Cup: the four houses ranked by points' },
    premium: { name: 'premium', description: 'Whether this server has premium, and until when' },
    rank: {
      name: 'rank',
      description: "Where a member stands: rank by galleons, this week's and this month's change",
    },
    rankMember: { name: 'member', description: 'Whose rank to show (yours when not given)' },
    scoreboard: {
      name: 'scoreboard',
      description: "This server's house cup: on a public web page, or live in a channel",
    },
    scoreboardPublish: {
      name: 'publish',
      description: 'Make the house cup public: standings and chart, never player data',
    },
    scoreboardPublishTitle: {
      name: 'title',
      description: 'The page’s heading, e.g. your server’s name (default: House cup)',
    },
    scoreboardUnpublish: {
      name: 'unpublish',
      description: 'Take the public page down; open pages stop updating at once',
    },
    scoreboardPost: {
      name: 'post',
      description: 'Post the house cup in a channel and keep it current (at most 5 per server)',
    },
    scoreboardPostChannel: {
      name: 'channel',
      description: 'Where to post it (default: this channel)',
    },
    scoreboardStop: {
      name: 'stop',
      description: 'Stop keeping the house cup current in a channel; the message stays',
    },
    scoreboardStopChannel: {
      name: 'channel',
      description: 'Which channel’s live house cup to stop (default: this channel)',
    },
    webhook: {
      name: 'webhook',
      description: "Send this server's changes as signed POSTs to your own tools",
    },
    webhookAdd: {
      name: 'add',
      description: 'Send changes to a URL (its signing secret is shown once, only to you)',
    },
    webhookAddUrl: { name: 'url', description: 'The https:// address to POST to' },
    webhookAddEventList: {
      name: 'events',
      description: 'The events to send as a comma list, e.g. points,term (or set each event below)',
    },
    /**
     * /webhook add's events, one option each (True: send it), keyed and in English named as the
     * catalogue of events names them (records/events.ts), so a new event without its label here
     * fails tsc, and every other catalogue follows.
     */
    webhookAddEvents: {
      points: { name: 'points', description: 'Send the house points each time they change' },
      premium: { name: 'premium', description: 'Send premium each time it changes' },
      players: {
        name: 'players',
        description: 'Send the number of profiles each time the profiles change',
      },
      jobs: { name: 'jobs', description: 'Send the number of jobs each time the jobs change' },
      term: { name: 'term', description: 'Send the term each time one starts or ends' },
      award: {
        name: 'award',
        description: 'Send each award: its house, points, reason, by and for whom',
      },
    } as const satisfies EventLabels,
    webhookList: {
      name: 'list',
      description: "List this server's webhooks (never their secrets)",
    },
    webhookRemove: {
      name: 'remove',
      description: 'Remove a webhook, with its messages still waiting',
    },
    webhookRemoveId: { name: 'id', description: 'The webhook number shown by /webhook list' },
    term: {
      name: 'term',
      description: "This server's terms: each cup won, kept in a hall of cups, begun again",
    },
    termStart: {
      name: 'start',
      description: 'Start a term (needs Manage Server); one term is open at a time',
    },
    termStartName: { name: 'name', description: 'The term’s name, e.g. Autumn 2026' },
    termEnd: {
      name: 'end',
      description: 'End the open term, keeping its standings and winners (needs Manage Server)',
    },
    termEndReset: {
      name: 'reset',
      description: 'Set the four houses’ points to 0 once the standings are kept',
    },
    termList: {
      name: 'list',
      description: 'This server’s terms, newest first, with their winners',
    },
    award: {
      name: 'award',
      description: 'Give house points with a reason, or take an award back (needs Manage Server)',
    },
    awardGive: {
      name: 'give',
      description: 'Give points to a house, with a reason everyone sees (negative takes them away)',
    },
    awardGiveHouse: { name: 'house', description: 'The house the points go to' },
    awardGivePoints: {
      name: 'points',
      description: 'How many points, from -1000 to 1000, not 0 (negative takes them away)',
    },
    awardGiveReason: { name: 'reason', description: 'Why, in one line everyone will read' },
    awardGiveMember: {
      name: 'member',
      description: 'The member the points are for (shown, never pinged)',
    },
    awardUndo: { name: 'undo', description: 'Take an award back, once, by its number' },
    awardUndoId: { name: 'id', description: 'The award’s number, shown with it and in /log' },
    log: {
      name: 'log',
      description: 'The ledger: who gave which points, to which house, and why, newest first',
    },
    logHouse: { name: 'house', description: 'Only the changes of this house' },
    logMember: { name: 'member', description: 'Only the points given for this member' },
  } as const,
  /** As the books of this language name them: members know their house by that name. */
  houses: {
    gryffindor: 'Gryffindor',
    slytherin: 'Slytherin',
    ravenclaw: 'Ravenclaw',
    hufflepuff: 'Hufflepuff',
  },
  noHouse: 'No house',
  /** /players' sorts, as its choices offer them and its titles name them. */
  sorts: {
    user_id: 'By member',
    galleons: 'Richest first',
    name: 'By name',
    year: 'By year, from first years',
    created_at: 'Oldest profiles first',
  },
  /** /players' periods, as its choices offer them. */
  periods: { week: 'This week', month: 'This month', term: 'This term' },
  // English has said "1 galleons" and "1 points" since the first bot: kept, as unit labels.
  galleons: plural({ one: '{n} galleons', other: '{n} galleons' }),
  players: {
    title: 'Players of this server',
    noYear: 'No year',
    year: (year: string) => `Year ${year}`,
    noJob: 'No job',
    job: (id: string) => `Job #${id}`,
    jobLine: (job: string) => `Job: ${job}`,
    profile: (id: string) => `Profile #${id}`,
    profiles: plural({ one: '{n} profile', other: '{n} profiles' }),
    footer: (page: string, pages: string, profiles: string) =>
      `Page ${page} of ${pages} · ${profiles}`,
    /** One member's profiles: the title. */
    memberTitle: plural({ one: 'Profile', other: '{n} profiles' }),
    member: (who: string) => `Member: ${who}`,
    notYours:
      'Only the person who ran this /players can turn its pages. Run /players to get your own.',
    /** A period's list: its title, with the period's first and last days. */
    leaders: {
      week: (from: string, to: string) => `This week's leaders (${from} – ${to})`,
      month: (from: string, to: string) => `This month's leaders (${from} – ${to})`,
      term: (name: string, since: string) => `This term's leaders: ${name} (since ${since})`,
    },
  },
  /** /rank: where each profile of a member stands. */
  rank: {
    title: plural({ one: 'Rank', other: 'Ranks of {n} profiles' }),
    /** By galleons, richest first: `#3 of 120 in the server`. */
    inServer: (rank: string, of: string) => `#${rank} of ${of} in the server`,
    inHouse: (rank: string, of: string, house: string) => `#${rank} of ${of} in ${house}`,
    /** `change` is an arrow and an amount: `▲ 120 galleons`. */
    week: (change: string) => `${change} this week`,
    month: (change: string) => `${change} this month`,
  },
  jobs: {
    title: (count: string) => `Jobs of this server (${count})`,
    holders: plural({ one: '{n} holder', other: '{n} holders' }),
  },
  points: {
    title: '🏆 House Cup standings',
    points: plural({ one: '{n} points', other: '{n} points' }),
    /** `change` is an arrow and a number: `▲ 120`. */
    week: (change: string) => `${change} this week`,
    /** The open term: its name and since when (`2026-09-01 (<t:…:R>)`, Discord counts the days). */
    term: (name: string, since: string) => `🎓 Term: **${name}** — since ${since}`,
  },
  /** The /points picture's title: the period its lines cover, or the standings alone. */
  chart: ENGLISH_CHART_TITLES,
  premium: {
    activeTitle: '✨ Premium is active',
    noExpiry: 'No expiry.',
    expiresOn: (date: string) => `Expires on ${date}.`,
    inactiveTitle: 'Premium is not active',
    expiredOn: (date: string) => `Expired on ${date}.`,
    none: 'This server has no premium.',
  },
  apikey: {
    listTitle: (count: string) => `API keys of this server (${count})`,
    never: 'never',
    noName: '(no name)',
    revoked: (date: string) => `❌ revoked ${date}`,
    dates: (created: string, lastUsed: string) => `created ${created} · last used ${lastUsed}`,
    empty: 'No key yet: `/apikey create` makes one.',
    createdTitle: (id: string) => `API key #${id} created`,
    copyNow: 'Copy it now: it is shown only this once and stored only as a hash.',
    readsOnly: (guild: string) =>
      `It reads this server only (\`${guild}\`). Send it as \`Authorization: Bearer <key>\`.`,
    revokeAnswer: (id: string) => `API key #${id} is revoked: it stops working at once.`,
    /** `/apikey create` refused: the server holds `max` active keys of its own already. */
    full: (max: string) =>
      `This server has reached its limit of active API keys (${max}). Revoke one first: \`/apikey list\` shows their numbers, then \`/apikey revoke id:<number>\` revokes one.`,
    /** The label of a key created without one. */
    defaultName: (user: string) => `Discord, by ${user}`,
  },
  webhook: {
    addedTitle: (id: string) => `Webhook #${id} added`,
    /** `url` as the list shows it, `events` the comma-separated events. */
    sendsTo: (url: string, events: string) => `Messages go to ${url} for: ${events}.`,
    keepSecret:
      'This is its signing secret, shown only this once: keep it with your receiver, never in a public place.',
    howToVerify:
      'Each message carries `webhook-id`, `webhook-timestamp` and `webhook-signature` headers (the Standard Webhooks scheme): verify the raw body with this secret, through any Standard Webhooks library, before trusting it.',
    listTitle: (count: string, max: string) => `Webhooks of this server (${count} of ${max})`,
    empty: 'No webhook yet: `/webhook add url:` makes one.',
    created: (date: string) => `created ${date}`,
    failing: (date: string) => `⚠️ failing since ${date}`,
    disabled: (date: string, why: string) => `❌ disabled ${date}: ${why}`,
    /** Why a subscription stopped (the store keeps the reason in English). */
    reasons: {
      gone: 'the endpoint answered 410 Gone',
      failing: 'every message failed for 3 days',
      other: 'deliveries stopped',
    },
    /** Under the list: why the URLs are cut. */
    urlsCut: 'URLs are shown without their query string, which may carry a token.',
    removed: (id: string) =>
      `Webhook #${id} is removed: nothing more is sent to it, messages still waiting included.`,
    full: (max: string) =>
      `This server has ${max} webhooks already, the most it may have: remove one first (\`/webhook list\` shows their numbers, \`/webhook remove id:<number>\` removes one).`,
    /** `events:` names an unknown event; `names` lists the known ones. */
    unknownEvents: (names: string) =>
      `The events must be a comma list among ${names}: nothing was added.`,
    noEvents: 'Every event was set to False: there would be nothing to send, so nothing was added.',
    /** A refused URL: nothing was added. */
    url: {
      tooLong: (max: string) => `The URL is longer than ${max} characters: nothing was added.`,
      notUrl: 'That is not a URL: nothing was added.',
      /** `schemes`: `https://`, or `https://` and `http://` where the operator allows both. */
      scheme: (schemes: string) => `The URL must start with ${schemes}: nothing was added.`,
      credentials: 'The URL must not carry a user name or password: nothing was added.',
      forbiddenAddress: (host: string) =>
        `${host} is an address inside a private network (loopback, private, link-local…), where housecup sends nothing: nothing was added.`,
      unresolvable: (host: string) => `${host} does not resolve to any address: nothing was added.`,
    },
  },
  scoreboard: {
    live: {
      posted: (channel: string) =>
        `The house cup is posted in ${channel} and kept current: it follows the points within seconds, at most one edit every 10 seconds. \`/scoreboard stop\` there ends it.`,
      missing: (channel: string, permissions: string) =>
        `housecup cannot post in ${channel}: it lacks ${permissions} there. Nothing was posted.`,
      refused: (channel: string) =>
        `Discord refused the message in ${channel}: housecup needs View Channel, Send Messages, Embed Links and Attach Files there. Nothing was posted.`,
      full: (max: string) =>
        `This server has ${max} live house cups already, the most it may have: stop one with \`/scoreboard stop\` first.`,
      stopped: (channel: string) =>
        `The house cup in ${channel} is no longer kept current; the message stays as it was.`,
      none: (channel: string) => `There is no live house cup in ${channel}.`,
      noToken:
        'This housecup runs without its bot token, so it cannot post in channels: its operator sets DISCORD_TOKEN for that.',
      permissions: {
        viewChannel: 'View Channel',
        sendMessages: 'Send Messages',
        embedLinks: 'Embed Links',
        attachFiles: 'Attach Files',
      },
    },
    published: (url: string) =>
      `The house cup of this server is public now: ${url}\nAdd \`?overlay=1\` for a stream overlay.`,
    already: (url: string) => `The house cup of this server was public already: ${url}`,
    unpublished: 'The public page is down: it answers 404 now, and open pages stop updating.',
    none: 'This server had no public page.',
    retitled: (url: string, title: string) => `The public page’s heading is now “${title}”: ${url}`,
    noPoints:
      'This server has no house points yet, so its page would be empty: nothing was published. Publish it once the houses have points.',
    badTitle: (max: string) =>
      `The title must be one line of 1 to ${max} characters: nothing was changed.`,
  },
  /** /term: a server's terms, each won and kept. */
  term: {
    started: (name: string) =>
      `Term “${name}” has started. \`/term end\` ends it and keeps its winners in the hall of cups.`,
    alreadyOpen: (name: string, since: string) =>
      `Term “${name}” is open since ${since}: end it first with \`/term end\`. No term was started.`,
    badName: (max: string) =>
      `The name must be one line of 1 to ${max} characters: no term was started.`,
    ended: (name: string, winners: string) => `Term “${name}” has ended, won by ${winners}.`,
    endedNoWinner: (name: string) => `Term “${name}” has ended. No house had points: no winner.`,
    reset: 'The houses’ points are reset to 0.',
    noneOpen: 'No term is open on this server: nothing was ended.',
    manageServer: 'Only members with the Manage Server permission can start or end a term.',
    listTitle: '🏆 Terms of this server',
    empty: 'This server has no term yet: `/term start` begins one.',
    /** An ended term's days; an open term's start. */
    dates: (from: string, to: string) => `${from} – ${to}`,
    open: (since: string) => `Open since ${since}`,
    /** `houses` is a list of houses, `points` what each gained: `🦁 Gryffindor — 360 points gained`. */
    wonBy: (houses: string, points: string) => `Won by ${houses} — ${points}`,
    leading: (houses: string, points: string) => `Leading: ${houses} — ${points}`,
    /** What a term's winners (or leaders) gained in it, the cup's measure. */
    gained: plural({ one: '{n} point gained', other: '{n} points gained' }),
    noWinner: 'No house points: no winner',
    /** An open term in which no house is ahead of another yet (one just begun). */
    noLeader: 'No house leads yet',
    /** The list shows the latest terms only. */
    latest: (count: string) => `The ${count} latest terms`,
  },
  /** /award: points given by hand, said publicly in the server's language, and taken back. */
  award: {
    /** `house` with its emoji, `points` signed (`+10`, `−5`), `reason` as plain text. */
    given: (house: string, points: string, reason: string) => `${house} **${points}**: ${reason}`,
    forMember: (member: string) => `For ${member}.`,
    /** `points` counted: `510 points`. */
    total: (house: string, points: string) => `${house} now has ${points}.`,
    /** Under an award: its number, which /award undo takes. */
    number: (id: string) => `Award #${id} · \`/award undo id:${id}\` takes it back`,
    undone: (id: string, house: string, points: string) =>
      `Award #${id} is taken back: ${house} **${points}**.`,
    badPoints: (min: string, max: string) =>
      `The points must be a whole number from ${min} to ${max}, not 0: nothing was awarded.`,
    badReason: (max: string) =>
      `The reason must be one line of 1 to ${max} characters: nothing was awarded.`,
    badHouse: 'Choose one of the four houses: nothing was awarded.',
    badMember: 'That member cannot be named in an award: nothing was awarded.',
    unknown: (id: string) => `This server has no entry #${id} in its ledger: nothing was undone.`,
    notAward: (id: string) =>
      `Entry #${id} is not an award (a game’s change, an import, a term’s reset or an undo): only awards can be taken back.`,
    alreadyUndone: (id: string) => `Award #${id} was taken back already: nothing changed.`,
    /** `when` is Discord's relative timestamp (`in 20 seconds`). */
    rateLimited: (max: string, when: string) =>
      `This server gave ${max} awards in the last minute, the most it may: try again ${when}.`,
  },
  /** /log: the ledger, a page at a time. */
  log: {
    title: '📜 Ledger of the house points',
    /** What the list is narrowed to: a house, a member, or both. */
    of: (what: string) => `📜 Ledger of the house points · ${what}`,
    forMember: (member: string) => `for ${member}`,
    by: (who: string) => `by ${who}`,
    /** What made an entry with no reason (a game, an import, a term's reset). */
    sources: {
      award: 'award',
      undo: 'undo',
      game: 'changed by the game',
      import: 'imported',
      'term-reset': 'reset at the end of a term',
    },
    undoneMark: 'taken back',
    footer: (page: string) => `Page ${page} · newest first`,
    empty: 'No change of the house points is in this server’s ledger yet.',
    emptyFiltered: 'No entry of this server’s ledger matches that.',
    notYours: 'Only the person who ran this /log can turn its pages. Run /log to get your own.',
  },
  /** What the bot says when there is nothing to show. */
  notFound: {
    term: 'No term is open on this server: `/term start` begins one.',
    players: 'No player found on this server.',
    /** /players with a house that none of the server's profiles is in. */
    house: 'No player of this server is in that house.',
    member: 'That member has no profile on this server.',
    points: 'No house points found on this server yet.',
    jobs: 'No job found on this server.',
    key: 'No active API key with that number belongs to this server.',
    webhook: 'No webhook with that number belongs to this server.',
  },
  errors: {
    apology:
      'Sorry, something went wrong while answering. It has been logged; please try again later.',
    guildOnly: 'This command works only inside a server.',
    unknownCommand: 'This command is not known to this bot (any more).',
  },
  /** What a list cut to Discord's limits says of the rest. */
  lists: {
    moreLines: (count: string) => `…and ${count} more`,
    moreFields: (count: string) => `and ${count} more`,
    unknownMember: '(unknown member)',
  },
};
