import type { Messages } from './messages.js';
import { plural } from './plural.js';

/** German: the longest of the languages, so the one that tests Discord's limits. */
export const de: Messages<'one' | 'other'> = {
  commands: {
    apikey: {
      name: 'api-schlüssel',
      description: 'Schlüssel dieses Servers für die HTTP-API von housecup verwalten',
    },
    apikeyCreate: {
      name: 'erstellen',
      description:
        'Einen Schlüssel erstellen, der nur diesen Server liest (einmal und nur dir gezeigt)',
    },
    apikeyCreateName: {
      name: 'name',
      description: 'Eine Bezeichnung, an der du den Schlüssel erkennst',
    },
    apikeyList: {
      name: 'liste',
      description: 'Die Schlüssel dieses Servers auflisten (nie die Schlüssel selbst)',
    },
    apikeyRevoke: {
      name: 'widerrufen',
      description: 'Einen Schlüssel dieses Servers widerrufen; er funktioniert sofort nicht mehr',
    },
    apikeyRevokeId: { name: 'nummer', description: 'Die Schlüsselnummer aus /api-schlüssel liste' },
    jobs: {
      name: 'berufe',
      description: 'Die Berufe dieses Servers mit Gehalt und der Zahl der Profile, die sie ausüben',
    },
    players: {
      name: 'spieler',
      description: 'Die Spielerprofile dieses Servers oder alle Profile eines Mitglieds',
    },
    playersMember: { name: 'mitglied', description: 'Nur die Profile dieses Mitglieds zeigen' },
    playersSort: {
      name: 'sortierung',
      description: 'Reihenfolge der Liste (ohne Angabe nach Mitglied)',
    },
    playersHouse: { name: 'haus', description: 'Nur die Profile dieses Hauses' },
    playersPeriod: {
      name: 'zeitraum',
      description:
        'Die Spitze dieser Woche, dieses Monats oder Trimesters, nach gewonnenen Galleonen',
    },
    points: { name: 'punkte', description: 'Der Hauspokal: die vier Häuser nach Punkten' },
    premium: { name: 'premium', description: 'Ob dieser Server Premium hat und bis wann' },
    rank: {
      name: 'rang',
      description:
        'Wo ein Mitglied steht: Rang nach Galleonen, Änderung dieser Woche und dieses Monats',
    },
    rankMember: {
      name: 'mitglied',
      description: 'Wessen Rang gezeigt wird (deiner, wenn nicht angegeben)',
    },
    scoreboard: {
      name: 'punktetafel',
      description:
        'Der Hauspokal dieses Servers: auf einer öffentlichen Webseite oder live in einem Kanal',
    },
    scoreboardPublish: {
      name: 'veröffentlichen',
      description: 'Den Hauspokal veröffentlichen: Stand und Verlauf, nie Spielerdaten',
    },
    scoreboardPublishTitle: {
      name: 'titel',
      description: 'Die Überschrift der Seite, etwa der Name eures Servers (Standard: House cup)',
    },
    scoreboardUnpublish: {
      name: 'zurückziehen',
      description:
        'Die öffentliche Seite entfernen; offene Seiten werden sofort nicht mehr aktualisiert',
    },
    scoreboardPost: {
      name: 'posten',
      description:
        'Den Hauspokal in einem Kanal posten und aktuell halten (höchstens 5 pro Server)',
    },
    scoreboardPostChannel: {
      name: 'kanal',
      description: 'Wo er gepostet wird (Standard: dieser Kanal)',
    },
    scoreboardStop: {
      name: 'stoppen',
      description: 'Den Hauspokal in einem Kanal nicht mehr aktualisieren; die Nachricht bleibt',
    },
    scoreboardStopChannel: {
      name: 'kanal',
      description: 'In welchem Kanal der Live-Hauspokal endet (Standard: dieser Kanal)',
    },
    webhook: {
      name: 'webhook',
      description:
        'Die Änderungen dieses Servers als signierte POSTs an eure eigenen Werkzeuge senden',
    },
    webhookAdd: {
      name: 'hinzufügen',
      description:
        'Änderungen an eine URL senden (ihr Signaturgeheimnis wird einmal und nur dir gezeigt)',
    },
    webhookAddUrl: { name: 'url', description: 'Die https://-Adresse, an die gesendet wird' },
    webhookAddEventList: {
      name: 'ereignisse',
      description:
        'Die Ereignisse als Liste mit Kommas, z. B. points,term (oder jedes unten einzeln)',
    },
    webhookAddEvents: {
      points: { name: 'punkte', description: 'Die Hauspunkte bei jeder Änderung senden' },
      premium: { name: 'premium', description: 'Premium bei jeder Änderung senden' },
      players: {
        name: 'spieler',
        description: 'Die Zahl der Profile bei jeder Änderung der Profile senden',
      },
      jobs: {
        name: 'berufe',
        description: 'Die Zahl der Berufe bei jeder Änderung der Berufe senden',
      },
      term: {
        name: 'trimester',
        description: 'Das Trimester senden, wenn eines beginnt oder endet',
      },
      award: {
        name: 'vergabe',
        description: 'Jede Vergabe senden: Haus, Punkte, Grund, von wem und für wen',
      },
    },
    webhookList: {
      name: 'liste',
      description: 'Die Webhooks dieses Servers auflisten (nie ihre Geheimnisse)',
    },
    webhookRemove: {
      name: 'entfernen',
      description: 'Einen Webhook entfernen, samt seiner noch wartenden Nachrichten',
    },
    webhookRemoveId: { name: 'nummer', description: 'Die Webhook-Nummer aus /webhook liste' },
    term: {
      name: 'trimester',
      description:
        'Die Trimester dieses Servers: jeder Pokal gewonnen, in der Ruhmeshalle, neu begonnen',
    },
    termStart: {
      name: 'starten',
      description: 'Ein Trimester starten (Server verwalten); es ist immer nur eines offen',
    },
    termStartName: { name: 'name', description: 'Der Name des Trimesters, z. B. Herbst 2026' },
    termEnd: {
      name: 'beenden',
      description:
        'Das offene Trimester beenden, Stand und Sieger bleiben erhalten (Server verwalten)',
    },
    termEndReset: {
      name: 'zurücksetzen',
      description: 'Die Punkte der vier Häuser auf 0 setzen, nachdem der Stand gesichert ist',
    },
    termList: {
      name: 'liste',
      description: 'Die Trimester dieses Servers, neueste zuerst, mit ihren Siegern',
    },
    award: {
      name: 'vergeben',
      description: 'Hauspunkte mit Begründung vergeben oder zurücknehmen (Server verwalten)',
    },
    awardGive: {
      name: 'geben',
      description: 'Einem Haus Punkte geben, mit einem Grund für alle (negativ zieht sie ab)',
    },
    awardGiveHouse: { name: 'haus', description: 'Das Haus, das die Punkte bekommt' },
    awardGivePoints: {
      name: 'punkte',
      description: 'Wie viele Punkte, von -1000 bis 1000, nicht 0 (negativ zieht sie ab)',
    },
    awardGiveReason: { name: 'grund', description: 'Warum, in einer Zeile, die alle lesen' },
    awardGiveMember: {
      name: 'mitglied',
      description: 'Das Mitglied, für das die Punkte sind (genannt, nie angepingt)',
    },
    awardUndo: {
      name: 'zurücknehmen',
      description: 'Eine Vergabe einmal zurücknehmen, über ihre Nummer',
    },
    awardUndoId: {
      name: 'nummer',
      description: 'Die Nummer der Vergabe, bei ihr und in /protokoll',
    },
    log: {
      name: 'protokoll',
      description: 'Das Punkteprotokoll: wer welchem Haus welche Punkte gab und warum',
    },
    logHouse: { name: 'haus', description: 'Nur die Änderungen dieses Hauses' },
    logMember: { name: 'mitglied', description: 'Nur die Punkte für dieses Mitglied' },
  },
  houses: {
    gryffindor: 'Gryffindor',
    slytherin: 'Slytherin',
    ravenclaw: 'Ravenclaw',
    hufflepuff: 'Hufflepuff',
  },
  noHouse: 'Kein Haus',
  sorts: {
    user_id: 'Nach Mitglied',
    galleons: 'Reichste zuerst',
    name: 'Nach Name',
    year: 'Nach Schuljahr, Erstklässler zuerst',
    created_at: 'Älteste Profile zuerst',
  },
  periods: { week: 'Diese Woche', month: 'Dieser Monat', term: 'Dieses Trimester' },
  galleons: plural({ one: '{n} Galleone', other: '{n} Galleonen' }),
  players: {
    title: 'Spieler dieses Servers',
    noYear: 'Kein Schuljahr',
    year: (year) => `${year}. Schuljahr`,
    noJob: 'Kein Beruf',
    job: (id) => `Beruf #${id}`,
    jobLine: (job) => `Beruf: ${job}`,
    profile: (id) => `Profil #${id}`,
    profiles: plural({ one: '{n} Profil', other: '{n} Profile' }),
    footer: (page, pages, profiles) => `Seite ${page} von ${pages} · ${profiles}`,
    memberTitle: plural({ one: 'Profil', other: '{n} Profile' }),
    member: (who) => `Mitglied: ${who}`,
    notYours:
      'Nur wer dieses /spieler aufgerufen hat, kann darin blättern. Ruf /spieler selbst auf, um deine eigene Liste zu bekommen.',
    leaders: {
      week: (from, to) => `Spitze dieser Woche (${from} – ${to})`,
      month: (from, to) => `Spitze dieses Monats (${from} – ${to})`,
      term: (name, since) => `Spitze des Trimesters ${name} (seit ${since})`,
    },
  },
  rank: {
    title: plural({ one: 'Rang', other: 'Ränge von {n} Profilen' }),
    inServer: (rank, of) => `Platz ${rank} von ${of} auf dem Server`,
    inHouse: (rank, of, house) => `Platz ${rank} von ${of} in ${house}`,
    week: (change) => `${change} diese Woche`,
    month: (change) => `${change} diesen Monat`,
  },
  jobs: {
    title: (count) => `Berufe dieses Servers (${count})`,
    holders: plural({ one: '{n} Inhaber', other: '{n} Inhaber' }),
  },
  points: {
    title: '🏆 Stand des Hauspokals',
    points: plural({ one: '{n} Punkt', other: '{n} Punkte' }),
    week: (change) => `${change} diese Woche`,
    term: (name, since) => `🎓 Trimester: **${name}** — seit ${since}`,
  },
  chart: {
    period: plural({ one: 'Letzte 24 Stunden', other: 'Letzte {n} Tage' }),
    standings: 'Aktueller Stand',
  },
  premium: {
    activeTitle: '✨ Premium ist aktiv',
    noExpiry: 'Läuft nicht ab.',
    expiresOn: (date) => `Läuft am ${date} ab.`,
    inactiveTitle: 'Premium ist nicht aktiv',
    expiredOn: (date) => `Abgelaufen am ${date}.`,
    none: 'Dieser Server hat kein Premium.',
  },
  apikey: {
    listTitle: (count) => `API-Schlüssel dieses Servers (${count})`,
    never: 'nie',
    noName: '(ohne Namen)',
    revoked: (date) => `❌ widerrufen am ${date}`,
    dates: (created, lastUsed) => `erstellt: ${created} · zuletzt benutzt: ${lastUsed}`,
    empty: 'Noch kein Schlüssel: `/api-schlüssel erstellen` legt einen an.',
    createdTitle: (id) => `API-Schlüssel #${id} erstellt`,
    copyNow: 'Kopiere ihn jetzt: Er wird nur dieses eine Mal gezeigt und nur als Hash gespeichert.',
    readsOnly: (guild) =>
      `Er liest nur diesen Server (\`${guild}\`). Sende ihn als \`Authorization: Bearer <key>\`.`,
    revokeAnswer: (id) =>
      `API-Schlüssel #${id} ist widerrufen: Er funktioniert ab sofort nicht mehr.`,
    full: (max) =>
      `Dieser Server hat die Höchstzahl aktiver API-Schlüssel erreicht (${max}). Widerrufe zuerst einen: \`/api-schlüssel liste\` zeigt ihre Nummern, dann widerruft \`/api-schlüssel widerrufen nummer:<Nummer>\` einen.`,
    defaultName: (user) => `Discord, von ${user}`,
  },
  webhook: {
    addedTitle: (id) => `Webhook #${id} hinzugefügt`,
    sendsTo: (url, events) => `Nachrichten gehen an ${url} für: ${events}.`,
    keepSecret:
      'Das ist sein Signaturgeheimnis, nur dieses eine Mal gezeigt: Bewahre es beim Empfänger auf, nie an einem öffentlichen Ort.',
    howToVerify:
      'Jede Nachricht trägt die Header `webhook-id`, `webhook-timestamp` und `webhook-signature` (das Standard-Webhooks-Verfahren): Prüfe den unveränderten Body mit diesem Geheimnis über eine beliebige Standard-Webhooks-Bibliothek, bevor du ihm traust.',
    listTitle: (count, max) => `Webhooks dieses Servers (${count} von ${max})`,
    empty: 'Noch kein Webhook: `/webhook hinzufügen url:` legt einen an.',
    created: (date) => `angelegt am ${date}`,
    failing: (date) => `⚠️ schlägt fehl seit ${date}`,
    disabled: (date, why) => `❌ abgeschaltet am ${date}: ${why}`,
    reasons: {
      gone: 'der Endpunkt antwortete 410 Gone',
      failing: 'jede Nachricht schlug 3 Tage lang fehl',
      other: 'die Zustellung wurde beendet',
    },
    urlsCut: 'URLs werden ohne ihren Query-String gezeigt, der ein Token enthalten kann.',
    removed: (id) =>
      `Webhook #${id} ist entfernt: An ihn wird nichts mehr gesendet, auch keine wartenden Nachrichten.`,
    full: (max) =>
      `Dieser Server hat bereits ${max} Webhooks, mehr sind nicht möglich: Entferne zuerst einen (\`/webhook liste\` zeigt ihre Nummern, \`/webhook entfernen nummer:<Nummer>\` entfernt einen).`,
    unknownEvents: (names: string) =>
      `Die Ereignisse müssen eine Liste mit Kommas aus ${names} sein: nichts wurde hinzugefügt.`,
    noEvents:
      'Jedes Ereignis wurde auf False gesetzt: Es gäbe nichts zu senden, also wurde nichts hinzugefügt.',
    url: {
      tooLong: (max) => `Die URL ist länger als ${max} Zeichen: Es wurde nichts hinzugefügt.`,
      notUrl: 'Das ist keine URL: Es wurde nichts hinzugefügt.',
      scheme: (schemes) => `Die URL muss mit ${schemes} beginnen: Es wurde nichts hinzugefügt.`,
      credentials:
        'Die URL darf keinen Benutzernamen und kein Passwort enthalten: Es wurde nichts hinzugefügt.',
      forbiddenAddress: (host) =>
        `${host} ist eine Adresse in einem privaten Netz (Loopback, privat, link-local…), an die housecup nichts sendet: Es wurde nichts hinzugefügt.`,
      unresolvable: (host) =>
        `${host} löst sich in keine Adresse auf: Es wurde nichts hinzugefügt.`,
    },
  },
  scoreboard: {
    live: {
      posted: (channel) =>
        `Der Hauspokal ist in ${channel} gepostet und bleibt aktuell: Er folgt den Punkten binnen Sekunden, höchstens eine Änderung alle 10 Sekunden. \`/punktetafel stoppen\` dort beendet das.`,
      missing: (channel, permissions) =>
        `housecup kann in ${channel} nicht posten: Dort fehlt ${permissions}. Es wurde nichts gepostet.`,
      refused: (channel) =>
        `Discord hat die Nachricht in ${channel} abgelehnt: housecup braucht dort Kanal ansehen, Nachrichten senden, Links einbetten und Dateien anhängen. Es wurde nichts gepostet.`,
      full: (max) =>
        `Dieser Server hat schon ${max} Live-Hauspokale, mehr geht nicht: Beende zuerst einen mit \`/punktetafel stoppen\`.`,
      stopped: (channel) =>
        `Der Hauspokal in ${channel} wird nicht mehr aktualisiert; die Nachricht bleibt, wie sie ist.`,
      none: (channel) => `In ${channel} gibt es keinen Live-Hauspokal.`,
      noToken:
        'Dieses housecup läuft ohne Bot-Token und kann daher nicht in Kanälen posten: Dafür setzt sein Betreiber DISCORD_TOKEN.',
      permissions: {
        viewChannel: 'Kanal ansehen',
        sendMessages: 'Nachrichten senden',
        embedLinks: 'Links einbetten',
        attachFiles: 'Dateien anhängen',
      },
    },
    published: (url) =>
      `Der Hauspokal dieses Servers ist jetzt öffentlich: ${url}\nMit \`?overlay=1\` wird daraus ein Stream-Overlay.`,
    already: (url) => `Der Hauspokal dieses Servers war schon öffentlich: ${url}`,
    unpublished:
      'Die öffentliche Seite ist entfernt: Sie antwortet jetzt mit 404, und offene Seiten werden nicht mehr aktualisiert.',
    none: 'Dieser Server hatte keine öffentliche Seite.',
    retitled: (url, title) =>
      `Die Überschrift der öffentlichen Seite lautet jetzt „${title}“: ${url}`,
    noPoints:
      'Dieser Server hat noch keine Hauspunkte, seine Seite wäre also leer: Es wurde nichts veröffentlicht. Veröffentliche sie, sobald die Häuser Punkte haben.',
    badTitle: (max) =>
      `Der Titel muss eine Zeile mit 1 bis ${max} Zeichen sein: Es wurde nichts geändert.`,
  },
  term: {
    started: (name) =>
      `Das Trimester „${name}“ hat begonnen. \`/trimester beenden\` beendet es und bewahrt seine Sieger in der Ruhmeshalle.`,
    alreadyOpen: (name, since) =>
      `Das Trimester „${name}“ ist seit ${since} offen: Beende es zuerst mit \`/trimester beenden\`. Es wurde kein Trimester gestartet.`,
    badName: (max) =>
      `Der Name muss eine Zeile mit 1 bis ${max} Zeichen sein: Es wurde kein Trimester gestartet.`,
    ended: (name, winners) => `Das Trimester „${name}“ ist beendet, gewonnen von ${winners}.`,
    endedNoWinner: (name) =>
      `Das Trimester „${name}“ ist beendet. Kein Haus hatte Punkte: kein Sieger.`,
    reset: 'Die Punkte der Häuser stehen wieder auf 0.',
    noneOpen: 'Auf diesem Server ist kein Trimester offen: Es wurde nichts beendet.',
    manageServer:
      'Nur Mitglieder mit der Berechtigung „Server verwalten“ können ein Trimester starten oder beenden.',
    listTitle: '🏆 Trimester dieses Servers',
    empty: 'Dieser Server hat noch kein Trimester: `/trimester starten` beginnt eines.',
    dates: (from, to) => `${from} – ${to}`,
    open: (since) => `Offen seit ${since}`,
    wonBy: (houses, points) => `Gewonnen von ${houses} — ${points}`,
    leading: (houses, points) => `Vorne: ${houses} — ${points}`,
    gained: plural({ one: '{n} Punkt hinzugewonnen', other: '{n} Punkte hinzugewonnen' }),
    noWinner: 'Keine Hauspunkte: kein Sieger',
    noLeader: 'Noch führt kein Haus',
    latest: (count) => `Die ${count} neuesten Trimester`,
  },
  award: {
    given: (house, points, reason) => `${house} **${points}**: ${reason}`,
    forMember: (member) => `Für ${member}.`,
    total: (house, points) => `${house} hat jetzt ${points}.`,
    number: (id) => `Vergabe #${id} · \`/vergeben zurücknehmen nummer:${id}\` nimmt sie zurück`,
    undone: (id, house, points) => `Vergabe #${id} ist zurückgenommen: ${house} **${points}**.`,
    badPoints: (min, max) =>
      `Die Punkte müssen eine ganze Zahl von ${min} bis ${max} sein, nicht 0: Es wurde nichts vergeben.`,
    badReason: (max) =>
      `Der Grund muss eine Zeile mit 1 bis ${max} Zeichen sein: Es wurde nichts vergeben.`,
    badHouse: 'Wähle eines der vier Häuser: Es wurde nichts vergeben.',
    badMember:
      'Dieses Mitglied kann in einer Vergabe nicht genannt werden: Es wurde nichts vergeben.',
    unknown: (id) =>
      `Das Protokoll dieses Servers hat keinen Eintrag #${id}: Es wurde nichts zurückgenommen.`,
    notAward: (id) =>
      `Eintrag #${id} ist keine Vergabe (eine Änderung durch das Spiel, ein Import, ein Zurücksetzen am Trimesterende oder eine Rücknahme): Nur Vergaben lassen sich zurücknehmen.`,
    alreadyUndone: (id) => `Vergabe #${id} wurde schon zurückgenommen: Nichts hat sich geändert.`,
    rateLimited: (max, when) =>
      `Dieser Server hat in der letzten Minute ${max} Vergaben gemacht, mehr geht nicht: Versuch es ${when} wieder.`,
  },
  log: {
    title: '📜 Protokoll der Hauspunkte',
    of: (what) => `📜 Protokoll der Hauspunkte · ${what}`,
    forMember: (member) => `für ${member}`,
    by: (who) => `von ${who}`,
    sources: {
      award: 'Vergabe',
      undo: 'Rücknahme',
      game: 'vom Spiel geändert',
      import: 'importiert',
      'term-reset': 'am Trimesterende zurückgesetzt',
    },
    undoneMark: 'zurückgenommen',
    footer: (page) => `Seite ${page} · neueste zuerst`,
    empty: 'Das Protokoll dieses Servers enthält noch keine Änderung der Hauspunkte.',
    emptyFiltered: 'Kein Eintrag im Protokoll dieses Servers passt dazu.',
    notYours:
      'Nur wer dieses /protokoll aufgerufen hat, kann darin blättern. Ruf /protokoll auf, um dein eigenes zu bekommen.',
  },
  notFound: {
    term: 'Auf diesem Server ist kein Trimester offen: `/trimester starten` beginnt eines.',
    players: 'Auf diesem Server wurde kein Spieler gefunden.',
    house: 'Kein Spieler dieses Servers ist in diesem Haus.',
    member: 'Dieses Mitglied hat auf diesem Server kein Profil.',
    points: 'Auf diesem Server gibt es noch keine Hauspunkte.',
    jobs: 'Auf diesem Server wurde kein Beruf gefunden.',
    key: 'Zu diesem Server gehört kein aktiver API-Schlüssel mit dieser Nummer.',
    webhook: 'Zu diesem Server gehört kein Webhook mit dieser Nummer.',
  },
  errors: {
    apology:
      'Entschuldigung, beim Antworten ist etwas schiefgelaufen. Der Fehler wurde protokolliert; bitte versuch es später noch einmal.',
    guildOnly: 'Dieser Befehl funktioniert nur auf einem Server.',
    unknownCommand: 'Diesen Befehl kennt dieser Bot (nicht mehr).',
  },
  lists: {
    moreLines: (count) => `…und ${count} weitere`,
    moreFields: (count) => `und ${count} weitere`,
    unknownMember: '(unbekanntes Mitglied)',
  },
};
