import type { Messages } from './messages.js';
import { plural } from './plural.js';

/** Dutch: the books' houses are "afdelingen", and their cup the afdelingsbeker. */
export const nl: Messages<'one' | 'other'> = {
  commands: {
    apikey: {
      name: 'api-sleutel',
      description: 'Beheer de sleutels van deze server voor de HTTP-API van housecup',
    },
    apikeyCreate: {
      name: 'maken',
      description:
        'Maak een sleutel die alleen deze server leest (één keer getoond, alleen aan jou)',
    },
    apikeyCreateName: { name: 'naam', description: 'Een naam om de sleutel aan te herkennen' },
    apikeyList: {
      name: 'lijst',
      description: 'Toon de sleutels van deze server (nooit de sleutels zelf)',
    },
    apikeyRevoke: {
      name: 'intrekken',
      description: 'Trek een sleutel van deze server in; hij werkt meteen niet meer',
    },
    apikeyRevokeId: { name: 'nummer', description: 'Het sleutelnummer uit /api-sleutel lijst' },
    jobs: {
      name: 'banen',
      description: 'De banen van deze server, met salaris en hoeveel profielen elke baan hebben',
    },
    players: {
      name: 'spelers',
      description: 'De spelersprofielen van deze server, of alle profielen van één lid',
    },
    playersMember: { name: 'lid', description: 'Toon alleen de profielen van dit lid' },
    playersSort: { name: 'sortering', description: 'Volgorde van de lijst (standaard per lid)' },
    playersHouse: { name: 'afdeling', description: 'Alleen de profielen van deze afdeling' },
    playersPeriod: {
      name: 'periode',
      description:
        'De koplopers van deze week, deze maand of deze periode, naar gewonnen galjoenen',
    },
    points: {
      name: 'punten',
      description: 'De afdelingsbeker: de vier afdelingen gerangschikt op punten',
    },
    premium: { name: 'premium', description: 'Of deze server premium heeft, en tot wanneer' },
    rank: {
      name: 'positie',
      description:
        'Waar een lid staat: positie naar galjoenen, verandering deze week en deze maand',
    },
    rankMember: {
      name: 'lid',
      description: 'Wiens positie te tonen (de jouwe als je niemand kiest)',
    },
    scoreboard: {
      name: 'scorebord',
      description:
        'De afdelingsbeker van deze server: op een openbare webpagina of live in een kanaal',
    },
    scoreboardPublish: {
      name: 'publiceren',
      description: 'Maak de afdelingsbeker openbaar: stand en grafiek, nooit spelersgegevens',
    },
    scoreboardPublishTitle: {
      name: 'titel',
      description:
        'De kop van de pagina, bijvoorbeeld de naam van je server (standaard: House cup)',
    },
    scoreboardUnpublish: {
      name: 'offline-halen',
      description: 'Haal de openbare pagina weg; open pagina’s worden meteen niet meer bijgewerkt',
    },
    scoreboardPost: {
      name: 'plaatsen',
      description:
        'Plaats de afdelingsbeker in een kanaal en houd hem bij (hoogstens 5 per server)',
    },
    scoreboardPostChannel: { name: 'kanaal', description: 'Waar hij komt (standaard: dit kanaal)' },
    scoreboardStop: {
      name: 'stoppen',
      description: 'Houd de afdelingsbeker in een kanaal niet meer bij; het bericht blijft',
    },
    scoreboardStopChannel: {
      name: 'kanaal',
      description: 'Het kanaal waarvan de live beker stopt (standaard: dit kanaal)',
    },
    webhook: {
      name: 'webhook',
      description:
        'Stuur de wijzigingen van deze server als ondertekende POSTs naar je eigen tools',
    },
    webhookAdd: {
      name: 'toevoegen',
      description:
        'Stuur wijzigingen naar een URL (het ondertekengeheim wordt één keer getoond, alleen aan jou)',
    },
    webhookAddUrl: { name: 'url', description: 'Het https://-adres om naartoe te sturen' },
    webhookAddEventList: {
      name: 'gebeurtenissen',
      description:
        'De gebeurtenissen als lijst met komma’s, bv. points,term (of elk hieronder apart)',
    },
    webhookAddEvents: {
      points: { name: 'punten', description: 'Stuur de afdelingspunten bij elke wijziging' },
      premium: { name: 'premium', description: 'Stuur premium bij elke wijziging' },
      players: {
        name: 'spelers',
        description: 'Stuur het aantal profielen bij elke wijziging van de profielen',
      },
      jobs: {
        name: 'banen',
        description: 'Stuur het aantal banen bij elke wijziging van de banen',
      },
      term: { name: 'periode', description: 'Stuur de periode wanneer er een begint of eindigt' },
      award: {
        name: 'toekenning',
        description: 'Stuur elke toekenning: afdeling, punten, reden, door wie en voor wie',
      },
    },
    webhookList: {
      name: 'lijst',
      description: 'Toon de webhooks van deze server (nooit hun geheimen)',
    },
    webhookRemove: {
      name: 'verwijderen',
      description: 'Verwijder een webhook, met zijn berichten die nog wachten',
    },
    webhookRemoveId: { name: 'nummer', description: 'Het webhooknummer uit /webhook lijst' },
    term: {
      name: 'periode',
      description:
        'De periodes van deze server: elke beker gewonnen, bewaard in de erehal, opnieuw begonnen',
    },
    termStart: {
      name: 'starten',
      description: 'Een periode starten (Server beheren); er is er telkens één open',
    },
    termStartName: { name: 'naam', description: 'De naam van de periode, bijv. Herfst 2026' },
    termEnd: {
      name: 'beëindigen',
      description: 'De open periode beëindigen; stand en winnaars blijven bewaard (Server beheren)',
    },
    termEndReset: {
      name: 'resetten',
      description: 'De punten van de vier afdelingen op 0 zetten zodra de stand bewaard is',
    },
    termList: {
      name: 'lijst',
      description: 'De periodes van deze server, nieuwste eerst, met hun winnaars',
    },
    award: {
      name: 'toekennen',
      description:
        'Geef afdelingspunten met een reden, of draai een toekenning terug (Server beheren)',
    },
    awardGive: {
      name: 'geven',
      description:
        'Geef een afdeling punten, met een reden die iedereen ziet (negatief trekt ze af)',
    },
    awardGiveHouse: { name: 'afdeling', description: 'De afdeling die de punten krijgt' },
    awardGivePoints: {
      name: 'punten',
      description: 'Hoeveel punten, van -1000 tot 1000, niet 0 (negatief trekt ze af)',
    },
    awardGiveReason: { name: 'reden', description: 'Waarom, in één regel die iedereen leest' },
    awardGiveMember: {
      name: 'lid',
      description: 'Het lid voor wie de punten zijn (genoemd, nooit gepingd)',
    },
    awardUndo: {
      name: 'terugdraaien',
      description: 'Draai een toekenning één keer terug, via haar nummer',
    },
    awardUndoId: {
      name: 'nummer',
      description: 'Het nummer van de toekenning, erbij getoond en in /logboek',
    },
    log: {
      name: 'logboek',
      description:
        'Het logboek: wie welke punten gaf, aan welke afdeling en waarom, nieuwste eerst',
    },
    logHouse: { name: 'afdeling', description: 'Alleen de wijzigingen van deze afdeling' },
    logMember: { name: 'lid', description: 'Alleen de punten die voor dit lid gegeven zijn' },
  },
  houses: {
    gryffindor: 'Griffoendor',
    slytherin: 'Zwadderich',
    ravenclaw: 'Ravenklauw',
    hufflepuff: 'Huffelpuf',
  },
  noHouse: 'Geen afdeling',
  sorts: {
    user_id: 'Per lid',
    galleons: 'Rijkste eerst',
    name: 'Op naam',
    year: 'Op jaar, eerstejaars eerst',
    created_at: 'Oudste profielen eerst',
  },
  periods: { week: 'Deze week', month: 'Deze maand', term: 'Deze periode' },
  galleons: plural({ one: '{n} galjoen', other: '{n} galjoenen' }),
  players: {
    title: 'Spelers van deze server',
    noYear: 'Geen jaar',
    year: (year) => `Jaar ${year}`,
    noJob: 'Geen baan',
    job: (id) => `Baan #${id}`,
    jobLine: (job) => `Baan: ${job}`,
    profile: (id) => `Profiel #${id}`,
    profiles: plural({ one: '{n} profiel', other: '{n} profielen' }),
    footer: (page, pages, profiles) => `Pagina ${page} van ${pages} · ${profiles}`,
    memberTitle: plural({ one: 'Profiel', other: '{n} profielen' }),
    member: (who) => `Lid: ${who}`,
    notYours:
      'Alleen wie deze /spelers gebruikte, kan erin bladeren. Gebruik zelf /spelers voor je eigen lijst.',
    leaders: {
      week: (from, to) => `Koplopers van deze week (${from} – ${to})`,
      month: (from, to) => `Koplopers van deze maand (${from} – ${to})`,
      term: (name, since) => `Koplopers van de periode ${name} (sinds ${since})`,
    },
  },
  rank: {
    title: plural({ one: 'Positie', other: 'Posities van {n} profielen' }),
    inServer: (rank, of) => `#${rank} van ${of} op de server`,
    inHouse: (rank, of, house) => `#${rank} van ${of} in ${house}`,
    week: (change) => `${change} deze week`,
    month: (change) => `${change} deze maand`,
  },
  jobs: {
    title: (count) => `Banen van deze server (${count})`,
    holders: plural({ one: '{n} houder', other: '{n} houders' }),
  },
  points: {
    title: '🏆 Stand van de afdelingsbeker',
    points: plural({ one: '{n} punt', other: '{n} punten' }),
    week: (change) => `${change} deze week`,
    term: (name, since) => `🎓 Periode: **${name}** — sinds ${since}`,
  },
  chart: {
    period: plural({ one: 'Afgelopen 24 uur', other: 'Afgelopen {n} dagen' }),
    standings: 'Huidige stand',
  },
  premium: {
    activeTitle: '✨ Premium is actief',
    noExpiry: 'Verloopt niet.',
    expiresOn: (date) => `Verloopt op ${date}.`,
    inactiveTitle: 'Premium is niet actief',
    expiredOn: (date) => `Verlopen op ${date}.`,
    none: 'Deze server heeft geen premium.',
  },
  apikey: {
    listTitle: (count) => `API-sleutels van deze server (${count})`,
    never: 'nooit',
    noName: '(geen naam)',
    revoked: (date) => `❌ ingetrokken op ${date}`,
    dates: (created, lastUsed) => `gemaakt: ${created} · laatst gebruikt: ${lastUsed}`,
    empty: 'Nog geen sleutel: `/api-sleutel maken` maakt er een.',
    createdTitle: (id) => `API-sleutel #${id} gemaakt`,
    copyNow: 'Kopieer hem nu: hij wordt alleen deze ene keer getoond en alleen als hash bewaard.',
    readsOnly: (guild) =>
      `Hij leest alleen deze server (\`${guild}\`). Stuur hem mee als \`Authorization: Bearer <key>\`.`,
    revokeAnswer: (id) => `API-sleutel #${id} is ingetrokken: hij werkt meteen niet meer.`,
    full: (max) =>
      `Deze server heeft zijn limiet van actieve API-sleutels bereikt (${max}). Trek er eerst een in: \`/api-sleutel lijst\` toont hun nummers, daarna trekt \`/api-sleutel intrekken nummer:<nummer>\` er een in.`,
    defaultName: (user) => `Discord, door ${user}`,
  },
  webhook: {
    addedTitle: (id) => `Webhook #${id} toegevoegd`,
    sendsTo: (url, events) => `Berichten gaan naar ${url} voor: ${events}.`,
    keepSecret:
      'Dit is het ondertekengeheim, alleen deze ene keer getoond: bewaar het bij je ontvanger, nooit op een openbare plek.',
    howToVerify:
      'Elk bericht draagt de headers `webhook-id`, `webhook-timestamp` en `webhook-signature` (het Standard Webhooks-schema): controleer de onbewerkte body met dit geheim, via een willekeurige Standard Webhooks-bibliotheek, voordat je hem vertrouwt.',
    listTitle: (count, max) => `Webhooks van deze server (${count} van ${max})`,
    empty: 'Nog geen webhook: `/webhook toevoegen url:` maakt er een.',
    created: (date) => `aangemaakt op ${date}`,
    failing: (date) => `⚠️ mislukt sinds ${date}`,
    disabled: (date, why) => `❌ uitgeschakeld op ${date}: ${why}`,
    reasons: {
      gone: 'het eindpunt antwoordde 410 Gone',
      failing: 'elk bericht mislukte 3 dagen lang',
      other: 'het versturen is gestopt',
    },
    urlsCut: 'URLs worden getoond zonder hun querystring, die een token kan bevatten.',
    removed: (id) =>
      `Webhook #${id} is verwijderd: er wordt niets meer naartoe gestuurd, ook geen wachtende berichten.`,
    full: (max) =>
      `Deze server heeft al ${max} webhooks, het maximum: verwijder er eerst een (\`/webhook lijst\` toont hun nummers, \`/webhook verwijderen nummer:<nummer>\` verwijdert er een).`,
    unknownEvents: (names: string) =>
      `De gebeurtenissen moeten een lijst met komma’s zijn uit ${names}: er is niets toegevoegd.`,
    noEvents:
      'Elke gebeurtenis staat op False: er zou niets te sturen zijn, dus er is niets toegevoegd.',
    url: {
      tooLong: (max) => `De URL is langer dan ${max} tekens: er is niets toegevoegd.`,
      notUrl: 'Dat is geen URL: er is niets toegevoegd.',
      scheme: (schemes) => `De URL moet beginnen met ${schemes}: er is niets toegevoegd.`,
      credentials: 'De URL mag geen gebruikersnaam of wachtwoord bevatten: er is niets toegevoegd.',
      forbiddenAddress: (host) =>
        `${host} is een adres in een privénetwerk (loopback, privé, link-local…), waar housecup niets naartoe stuurt: er is niets toegevoegd.`,
      unresolvable: (host) => `${host} verwijst naar geen enkel adres: er is niets toegevoegd.`,
    },
  },
  scoreboard: {
    live: {
      posted: (channel) =>
        `De afdelingsbeker staat in ${channel} en wordt bijgehouden: hij volgt de punten binnen seconden, hoogstens één bewerking per 10 seconden. \`/scorebord stoppen\` daar beëindigt het.`,
      missing: (channel, permissions) =>
        `housecup kan niet plaatsen in ${channel}: daar ontbreekt ${permissions}. Er is niets geplaatst.`,
      refused: (channel) =>
        `Discord weigerde het bericht in ${channel}: housecup heeft daar Kanaal bekijken, Berichten verzenden, Links insluiten en Bestanden bijvoegen nodig. Er is niets geplaatst.`,
      full: (max) =>
        `Deze server heeft al ${max} live bekers, het maximum: stop er eerst een met \`/scorebord stoppen\`.`,
      stopped: (channel) =>
        `De afdelingsbeker in ${channel} wordt niet meer bijgehouden; het bericht blijft zoals het was.`,
      none: (channel) => `Er is geen live beker in ${channel}.`,
      noToken:
        'Deze housecup draait zonder bottoken en kan dus niet in kanalen plaatsen: daarvoor stelt de beheerder DISCORD_TOKEN in.',
      permissions: {
        viewChannel: 'Kanaal bekijken',
        sendMessages: 'Berichten verzenden',
        embedLinks: 'Links insluiten',
        attachFiles: 'Bestanden bijvoegen',
      },
    },
    published: (url) =>
      `De afdelingsbeker van deze server is nu openbaar: ${url}\nVoeg \`?overlay=1\` toe voor een stream-overlay.`,
    already: (url) => `De afdelingsbeker van deze server was al openbaar: ${url}`,
    unpublished:
      'De openbare pagina is weg: ze geeft nu 404, en open pagina’s worden niet meer bijgewerkt.',
    none: 'Deze server had geen openbare pagina.',
    retitled: (url, title) => `De kop van de openbare pagina is nu ‘${title}’: ${url}`,
    noPoints:
      'Deze server heeft nog geen afdelingspunten, dus de pagina zou leeg zijn: er is niets gepubliceerd. Publiceer haar zodra de afdelingen punten hebben.',
    badTitle: (max) =>
      `De titel moet één regel van 1 tot ${max} tekens zijn: er is niets gewijzigd.`,
  },
  term: {
    started: (name) =>
      `De periode ‘${name}’ is begonnen. \`/periode beëindigen\` sluit haar af en bewaart de winnaars in de erehal.`,
    alreadyOpen: (name, since) =>
      `De periode ‘${name}’ is open sinds ${since}: beëindig die eerst met \`/periode beëindigen\`. Er is geen periode gestart.`,
    badName: (max) =>
      `De naam moet één regel van 1 tot ${max} tekens zijn: er is geen periode gestart.`,
    ended: (name, winners) => `De periode ‘${name}’ is afgelopen, gewonnen door ${winners}.`,
    endedNoWinner: (name) =>
      `De periode ‘${name}’ is afgelopen. Geen afdeling had punten: geen winnaar.`,
    reset: 'De punten van de afdelingen staan weer op 0.',
    noneOpen: 'Er is geen periode open op deze server: er is niets beëindigd.',
    manageServer:
      'Alleen leden met de machtiging Server beheren kunnen een periode starten of beëindigen.',
    listTitle: '🏆 Periodes van deze server',
    empty: 'Deze server heeft nog geen periode: `/periode starten` begint er een.',
    dates: (from, to) => `${from} – ${to}`,
    open: (since) => `Open sinds ${since}`,
    wonBy: (houses, points) => `Gewonnen door ${houses} — ${points}`,
    leading: (houses, points) => `Aan kop: ${houses} — ${points}`,
    gained: plural({ one: '{n} punt behaald', other: '{n} punten behaald' }),
    noWinner: 'Geen afdelingspunten: geen winnaar',
    noLeader: 'Nog geen afdeling staat voor',
    latest: (count) => `De ${count} nieuwste periodes`,
  },
  award: {
    given: (house, points, reason) => `${house} **${points}**: ${reason}`,
    forMember: (member) => `Voor ${member}.`,
    total: (house, points) => `${house} heeft nu ${points}.`,
    number: (id) =>
      `Toekenning #${id} · \`/toekennen terugdraaien nummer:${id}\` draait haar terug`,
    undone: (id, house, points) => `Toekenning #${id} is teruggedraaid: ${house} **${points}**.`,
    badPoints: (min, max) =>
      `De punten moeten een geheel getal van ${min} tot ${max} zijn, niet 0: er is niets toegekend.`,
    badReason: (max) =>
      `De reden moet één regel van 1 tot ${max} tekens zijn: er is niets toegekend.`,
    badHouse: 'Kies een van de vier afdelingen: er is niets toegekend.',
    badMember: 'Dat lid kan niet in een toekenning genoemd worden: er is niets toegekend.',
    unknown: (id) =>
      `Het logboek van deze server heeft geen regel #${id}: er is niets teruggedraaid.`,
    notAward: (id) =>
      `Regel #${id} is geen toekenning (een wijziging door het spel, een import, een reset aan het eind van een periode of een terugdraaiing): alleen toekenningen kunnen worden teruggedraaid.`,
    alreadyUndone: (id) => `Toekenning #${id} was al teruggedraaid: er is niets veranderd.`,
    rateLimited: (max, when) =>
      `Deze server deed in de laatste minuut ${max} toekenningen, het maximum: probeer het ${when} opnieuw.`,
  },
  log: {
    title: '📜 Logboek van de afdelingspunten',
    of: (what) => `📜 Logboek van de afdelingspunten · ${what}`,
    forMember: (member) => `voor ${member}`,
    by: (who) => `door ${who}`,
    sources: {
      award: 'toekenning',
      undo: 'terugdraaiing',
      game: 'gewijzigd door het spel',
      import: 'geïmporteerd',
      'term-reset': 'op 0 gezet aan het eind van een periode',
    },
    undoneMark: 'teruggedraaid',
    footer: (page) => `Pagina ${page} · nieuwste eerst`,
    empty: 'Het logboek van deze server heeft nog geen wijziging van de afdelingspunten.',
    emptyFiltered: 'Geen regel van het logboek van deze server komt daarmee overeen.',
    notYours: 'Alleen wie dit /logboek opvroeg, kan erin bladeren. Gebruik /logboek voor je eigen.',
  },
  notFound: {
    term: 'Er is geen periode open op deze server: `/periode starten` begint er een.',
    players: 'Geen speler gevonden op deze server.',
    house: 'Geen speler van deze server zit in die afdeling.',
    member: 'Dat lid heeft geen profiel op deze server.',
    points: 'Nog geen afdelingspunten op deze server.',
    jobs: 'Geen baan gevonden op deze server.',
    key: 'Er hoort geen actieve API-sleutel met dat nummer bij deze server.',
    webhook: 'Er hoort geen webhook met dat nummer bij deze server.',
  },
  errors: {
    apology:
      'Sorry, er ging iets mis bij het antwoorden. Het is gelogd; probeer het later opnieuw.',
    guildOnly: 'Deze opdracht werkt alleen in een server.',
    unknownCommand: 'Deze bot kent deze opdracht niet (meer).',
  },
  lists: {
    moreLines: (count) => `…en nog ${count}`,
    moreFields: (count) => `en nog ${count}`,
    unknownMember: '(onbekend lid)',
  },
};
