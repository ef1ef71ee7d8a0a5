import type { Messages } from './messages.js';
import { plural } from './plural.js';

/** Italian, as the books name the houses. */
export const it: Messages<'one' | 'many' | 'other'> = {
  commands: {
    apikey: {
      name: 'chiave-api',
      description: 'Gestisci le chiavi di questo server per l’API HTTP di housecup',
    },
    apikeyCreate: {
      name: 'crea',
      description: 'Crea una chiave che legge solo questo server (mostrata una volta, solo a te)',
    },
    apikeyCreateName: { name: 'nome', description: 'Un’etichetta per riconoscere la chiave' },
    apikeyList: {
      name: 'elenco',
      description: 'Elenca le chiavi di questo server (mai le chiavi stesse)',
    },
    apikeyRevoke: {
      name: 'revoca',
      description: 'Revoca una chiave di questo server; smette subito di funzionare',
    },
    apikeyRevokeId: {
      name: 'numero',
      description: 'Il numero della chiave mostrato da /chiave-api elenco',
    },
    jobs: {
      name: 'lavori',
      description: 'I lavori di questo server, con lo stipendio e quanti profili ha ciascuno',
    },
    players: {
      name: 'giocatori',
      description: 'I profili dei giocatori di questo server, o tutti i profili di un membro',
    },
    playersMember: { name: 'membro', description: 'Mostra solo i profili di questo membro' },
    playersSort: { name: 'ordine', description: 'Ordine dell’elenco (per membro se non indicato)' },
    playersHouse: { name: 'casa', description: 'Solo i profili di questa casa' },
    playersPeriod: {
      name: 'periodo',
      description: 'I migliori della settimana, del mese o del trimestre, per galeoni guadagnati',
    },
    points: {
      name: 'punti',
      description: 'La Coppa delle Case: le quattro case in classifica per punti',
    },
    premium: { name: 'premium', description: 'Se questo server ha premium, e fino a quando' },
    rank: {
      name: 'posizione',
      description:
        'Dove si trova un membro: posizione per galeoni, variazione della settimana e del mese',
    },
    rankMember: {
      name: 'membro',
      description: 'Di chi mostrare la posizione (la tua se non indicato)',
    },
    scoreboard: {
      name: 'tabellone',
      description:
        'La Coppa delle Case di questo server: su una pagina web pubblica o dal vivo in un canale',
    },
    scoreboardPublish: {
      name: 'pubblica',
      description:
        'Rendi pubblica la Coppa delle Case: classifica e grafico, mai i dati dei giocatori',
    },
    scoreboardPublishTitle: {
      name: 'titolo',
      description:
        'L’intestazione della pagina, ad esempio il nome del tuo server (predefinito: House cup)',
    },
    scoreboardUnpublish: {
      name: 'ritira',
      description: 'Ritira la pagina pubblica; le pagine aperte smettono subito di aggiornarsi',
    },
    scoreboardPost: {
      name: 'invia',
      description:
        'Invia la Coppa delle Case in un canale e tienila aggiornata (al massimo 5 per server)',
    },
    scoreboardPostChannel: {
      name: 'canale',
      description: 'Dove inviarla (predefinito: questo canale)',
    },
    scoreboardStop: {
      name: 'ferma',
      description: 'Smetti di aggiornare la Coppa delle Case in un canale; il messaggio resta',
    },
    scoreboardStopChannel: {
      name: 'canale',
      description: 'Il canale la cui Coppa dal vivo si ferma (predefinito: questo canale)',
    },
    webhook: {
      name: 'webhook',
      description: 'Invia le modifiche di questo server come POST firmati ai vostri strumenti',
    },
    webhookAdd: {
      name: 'aggiungi',
      description:
        'Invia le modifiche a un URL (il suo segreto di firma è mostrato una volta, solo a te)',
    },
    webhookAddUrl: { name: 'url', description: 'L’indirizzo https:// a cui inviare' },
    webhookAddEventList: {
      name: 'eventi',
      description:
        'Gli eventi come elenco separato da virgole, es. points,term (o ciascuno qui sotto)',
    },
    webhookAddEvents: {
      points: { name: 'punti', description: 'Invia i punti delle case a ogni modifica' },
      premium: { name: 'premium', description: 'Invia il premium a ogni modifica' },
      players: {
        name: 'giocatori',
        description: 'Invia il numero di profili a ogni modifica dei profili',
      },
      jobs: { name: 'lavori', description: 'Invia il numero di lavori a ogni modifica dei lavori' },
      term: { name: 'trimestre', description: 'Invia il trimestre quando uno inizia o finisce' },
      award: {
        name: 'assegnazione',
        description: 'Invia ogni assegnazione: casa, punti, motivo, da chi e per chi',
      },
    },
    webhookList: {
      name: 'elenco',
      description: 'Elenca i webhook di questo server (mai i loro segreti)',
    },
    webhookRemove: {
      name: 'rimuovi',
      description: 'Rimuovi un webhook, con i suoi messaggi ancora in attesa',
    },
    webhookRemoveId: {
      name: 'numero',
      description: 'Il numero del webhook mostrato da /webhook elenco',
    },
    term: {
      name: 'trimestre',
      description:
        'I trimestri di questo server: ogni coppa vinta, conservata nell’albo d’oro, poi ricominciata',
    },
    termStart: {
      name: 'inizia',
      description: 'Inizia un trimestre (Gestire il server); ne è aperto uno alla volta',
    },
    termStartName: { name: 'nome', description: 'Il nome del trimestre, ad es. Autunno 2026' },
    termEnd: {
      name: 'termina',
      description:
        'Termina il trimestre aperto, conservando classifica e vincitori (Gestire il server)',
    },
    termEndReset: {
      name: 'azzera',
      description: 'Porta a 0 i punti delle quattro case dopo aver conservato la classifica',
    },
    termList: {
      name: 'elenco',
      description: 'I trimestri di questo server, dal più recente, con i vincitori',
    },
    award: {
      name: 'assegna',
      description:
        'Assegna punti alle case con un motivo, o annulla un’assegnazione (Gestisci server)',
    },
    awardGive: {
      name: 'dai',
      description: 'Dai punti a una casa, con un motivo visibile a tutti (se negativi, li toglie)',
    },
    awardGiveHouse: { name: 'casa', description: 'La casa che riceve i punti' },
    awardGivePoints: {
      name: 'punti',
      description: 'Quanti punti, da -1000 a 1000, non 0 (se negativi, li toglie)',
    },
    awardGiveReason: { name: 'motivo', description: 'Perché, in una riga che tutti leggeranno' },
    awardGiveMember: {
      name: 'membro',
      description: 'Il membro a cui vanno i punti (nominato, mai menzionato con notifica)',
    },
    awardUndo: {
      name: 'annulla',
      description: 'Annulla un’assegnazione, una volta sola, dal suo numero',
    },
    awardUndoId: {
      name: 'numero',
      description: 'Il numero dell’assegnazione, mostrato con essa e in /registro',
    },
    log: {
      name: 'registro',
      description: 'Il registro: chi ha dato quali punti, a quale casa e perché, dal più recente',
    },
    logHouse: { name: 'casa', description: 'Solo i cambiamenti di questa casa' },
    logMember: { name: 'membro', description: 'Solo i punti dati per questo membro' },
  },
  houses: {
    gryffindor: 'Grifondoro',
    slytherin: 'Serpeverde',
    ravenclaw: 'Corvonero',
    hufflepuff: 'Tassorosso',
  },
  noHouse: 'Nessuna casa',
  sorts: {
    user_id: 'Per membro',
    galleons: 'Prima i più ricchi',
    name: 'Per nome',
    year: 'Per anno, dal primo in poi',
    created_at: 'Prima i profili più vecchi',
  },
  periods: { week: 'Questa settimana', month: 'Questo mese', term: 'Questo trimestre' },
  galleons: plural({ one: '{n} galeone', many: '{n} galeoni', other: '{n} galeoni' }),
  players: {
    title: 'Giocatori di questo server',
    noYear: 'Nessun anno',
    year: (year) => `Anno ${year}`,
    noJob: 'Nessun lavoro',
    job: (id) => `Lavoro #${id}`,
    jobLine: (job) => `Lavoro: ${job}`,
    profile: (id) => `Profilo #${id}`,
    profiles: plural({ one: '{n} profilo', many: '{n} profili', other: '{n} profili' }),
    footer: (page, pages, profiles) => `Pagina ${page} di ${pages} · ${profiles}`,
    memberTitle: plural({ one: 'Profilo', many: '{n} profili', other: '{n} profili' }),
    member: (who) => `Membro: ${who}`,
    notYours:
      'Solo chi ha usato questo /giocatori può sfogliarne le pagine. Usa /giocatori per avere il tuo.',
    leaders: {
      week: (from, to) => `I migliori della settimana (${from} – ${to})`,
      month: (from, to) => `I migliori del mese (${from} – ${to})`,
      term: (name, since) => `I migliori del trimestre ${name} (dal ${since})`,
    },
  },
  rank: {
    title: plural({
      one: 'Posizione',
      many: 'Posizioni di {n} profili',
      other: 'Posizioni di {n} profili',
    }),
    inServer: (rank, of) => `${rank}º su ${of} nel server`,
    inHouse: (rank, of, house) => `${rank}º su ${of} in ${house}`,
    week: (change) => `${change} questa settimana`,
    month: (change) => `${change} questo mese`,
  },
  jobs: {
    title: (count) => `Lavori di questo server (${count})`,
    holders: plural({ one: '{n} titolare', many: '{n} titolari', other: '{n} titolari' }),
  },
  points: {
    title: '🏆 Classifica della Coppa delle Case',
    points: plural({ one: '{n} punto', many: '{n} punti', other: '{n} punti' }),
    week: (change) => `${change} questa settimana`,
    term: (name, since) => `🎓 Trimestre: **${name}** — dal ${since}`,
  },
  chart: {
    period: plural({ one: 'Ultime 24 ore', many: 'Ultimi {n} giorni', other: 'Ultimi {n} giorni' }),
    standings: 'Classifica attuale',
  },
  premium: {
    activeTitle: '✨ Premium è attivo',
    noExpiry: 'Nessuna scadenza.',
    expiresOn: (date) => `Scade il ${date}.`,
    inactiveTitle: 'Premium non è attivo',
    expiredOn: (date) => `Scaduto il ${date}.`,
    none: 'Questo server non ha premium.',
  },
  apikey: {
    listTitle: (count) => `Chiavi API di questo server (${count})`,
    never: 'mai',
    noName: '(senza nome)',
    revoked: (date) => `❌ revocata il ${date}`,
    dates: (created, lastUsed) => `creata: ${created} · ultimo uso: ${lastUsed}`,
    empty: 'Ancora nessuna chiave: `/chiave-api crea` ne crea una.',
    createdTitle: (id) => `Chiave API #${id} creata`,
    copyNow: 'Copiala ora: viene mostrata solo questa volta e salvata solo come hash.',
    readsOnly: (guild) =>
      `Legge solo questo server (\`${guild}\`). Inviala come \`Authorization: Bearer <key>\`.`,
    revokeAnswer: (id) => `La chiave API #${id} è revocata: smette subito di funzionare.`,
    full: (max) =>
      `Questo server ha raggiunto il suo limite di chiavi API attive (${max}). Revocane prima una: \`/chiave-api elenco\` mostra i loro numeri, poi \`/chiave-api revoca numero:<numero>\` ne revoca una.`,
    defaultName: (user) => `Discord, da ${user}`,
  },
  webhook: {
    addedTitle: (id) => `Webhook n. ${id} aggiunto`,
    sendsTo: (url, events) => `I messaggi vanno a ${url} per: ${events}.`,
    keepSecret:
      'Questo è il suo segreto di firma, mostrato solo questa volta: conservalo con il tuo ricevitore, mai in un luogo pubblico.',
    howToVerify:
      'Ogni messaggio porta le intestazioni `webhook-id`, `webhook-timestamp` e `webhook-signature` (lo schema Standard Webhooks): verifica il corpo così com’è con questo segreto, con qualsiasi libreria Standard Webhooks, prima di fidarti.',
    listTitle: (count, max) => `Webhook di questo server (${count} su ${max})`,
    empty: 'Ancora nessun webhook: `/webhook aggiungi url:` ne crea uno.',
    created: (date) => `creato il ${date}`,
    failing: (date) => `⚠️ in errore dal ${date}`,
    disabled: (date, why) => `❌ disattivato il ${date}: ${why}`,
    reasons: {
      gone: 'il destinatario ha risposto 410 Gone',
      failing: 'tutti i messaggi sono falliti per 3 giorni',
      other: 'gli invii si sono fermati',
    },
    urlsCut: 'Gli URL sono mostrati senza la stringa di query, che può contenere un token.',
    removed: (id) =>
      `Il webhook n. ${id} è rimosso: non gli si invia più nulla, nemmeno i messaggi in attesa.`,
    full: (max) =>
      `Questo server ha già ${max} webhook, il massimo: rimuovine prima uno (\`/webhook elenco\` mostra i loro numeri, \`/webhook rimuovi numero:<numero>\` ne rimuove uno).`,
    unknownEvents: (names: string) =>
      `Gli eventi devono essere un elenco separato da virgole tra ${names}: non è stato aggiunto nulla.`,
    noEvents:
      'Ogni evento è impostato su False: non ci sarebbe nulla da inviare, quindi non è stato aggiunto nulla.',
    url: {
      tooLong: (max) => `L’URL supera i ${max} caratteri: non è stato aggiunto nulla.`,
      notUrl: 'Questo non è un URL: non è stato aggiunto nulla.',
      scheme: (schemes) => `L’URL deve iniziare con ${schemes}: non è stato aggiunto nulla.`,
      credentials: 'L’URL non deve contenere nome utente o password: non è stato aggiunto nulla.',
      forbiddenAddress: (host) =>
        `${host} è un indirizzo di una rete privata (loopback, privato, link-local…), a cui housecup non invia nulla: non è stato aggiunto nulla.`,
      unresolvable: (host) =>
        `${host} non corrisponde a nessun indirizzo: non è stato aggiunto nulla.`,
    },
  },
  scoreboard: {
    live: {
      posted: (channel) =>
        `La Coppa delle Case è in ${channel} e resta aggiornata: segue i punti in pochi secondi, al massimo una modifica ogni 10 secondi. \`/tabellone ferma\` lì la termina.`,
      missing: (channel, permissions) =>
        `housecup non può scrivere in ${channel}: lì gli manca ${permissions}. Non è stato inviato nulla.`,
      refused: (channel) =>
        `Discord ha rifiutato il messaggio in ${channel}: lì housecup deve poter visualizzare il canale, inviare messaggi, incorporare link e allegare file. Non è stato inviato nulla.`,
      full: (max) =>
        `Questo server ha già ${max} Coppe dal vivo, il massimo: fermane prima una con \`/tabellone ferma\`.`,
      stopped: (channel) =>
        `La Coppa delle Case in ${channel} non viene più aggiornata; il messaggio resta com’era.`,
      none: (channel) => `Non c’è nessuna Coppa dal vivo in ${channel}.`,
      noToken:
        'Questo housecup gira senza il token del bot, quindi non può scrivere nei canali: per questo chi lo gestisce imposta DISCORD_TOKEN.',
      permissions: {
        viewChannel: 'Visualizzare il canale',
        sendMessages: 'Inviare messaggi',
        embedLinks: 'Incorporare link',
        attachFiles: 'Allegare file',
      },
    },
    published: (url) =>
      `La Coppa delle Case di questo server ora è pubblica: ${url}\nAggiungi \`?overlay=1\` per un overlay da stream.`,
    already: (url) => `La Coppa delle Case di questo server era già pubblica: ${url}`,
    unpublished:
      'La pagina pubblica è stata ritirata: ora risponde 404 e le pagine aperte non si aggiornano più.',
    none: 'Questo server non aveva una pagina pubblica.',
    retitled: (url, title) => `L’intestazione della pagina pubblica ora è «${title}»: ${url}`,
    noPoints:
      'Questo server non ha ancora punti delle case, quindi la sua pagina sarebbe vuota: non è stato pubblicato nulla. Pubblicala quando le case avranno dei punti.',
    badTitle: (max) =>
      `Il titolo deve essere una sola riga da 1 a ${max} caratteri: non è stato modificato nulla.`,
  },
  term: {
    started: (name) =>
      `Il trimestre «${name}» è iniziato. \`/trimestre termina\` lo chiude e conserva i vincitori nell’albo d’oro.`,
    alreadyOpen: (name, since) =>
      `Il trimestre «${name}» è aperto dal ${since}: chiudilo prima con \`/trimestre termina\`. Nessun trimestre è stato iniziato.`,
    badName: (max) =>
      `Il nome deve essere una sola riga da 1 a ${max} caratteri: nessun trimestre è stato iniziato.`,
    ended: (name, winners) => `Il trimestre «${name}» è terminato, vinto da ${winners}.`,
    endedNoWinner: (name) =>
      `Il trimestre «${name}» è terminato. Nessuna casa aveva punti: nessun vincitore.`,
    reset: 'I punti delle case sono tornati a 0.',
    noneOpen: 'Nessun trimestre è aperto su questo server: non è stato terminato nulla.',
    manageServer:
      'Solo i membri con il permesso Gestire il server possono iniziare o terminare un trimestre.',
    listTitle: '🏆 Trimestri di questo server',
    empty: 'Questo server non ha ancora trimestri: `/trimestre inizia` ne apre uno.',
    dates: (from, to) => `${from} – ${to}`,
    open: (since) => `Aperto dal ${since}`,
    wonBy: (houses, points) => `Vinto da ${houses} — ${points}`,
    leading: (houses, points) => `In testa: ${houses} — ${points}`,
    gained: plural({
      one: '{n} punto guadagnato',
      many: '{n} punti guadagnati',
      other: '{n} punti guadagnati',
    }),
    noWinner: 'Nessun punto delle case: nessun vincitore',
    noLeader: 'Nessuna casa è ancora in testa',
    latest: (count) => `I ${count} trimestri più recenti`,
  },
  award: {
    given: (house, points, reason) => `${house} **${points}**: ${reason}`,
    forMember: (member) => `Per ${member}.`,
    total: (house, points) => `${house} ora ha ${points}.`,
    number: (id) => `Assegnazione n. ${id} · \`/assegna annulla numero:${id}\` la annulla`,
    undone: (id, house, points) => `L’assegnazione n. ${id} è annullata: ${house} **${points}**.`,
    badPoints: (min, max) =>
      `I punti devono essere un numero intero da ${min} a ${max}, diverso da 0: non è stato assegnato nulla.`,
    badReason: (max) =>
      `Il motivo deve essere una sola riga da 1 a ${max} caratteri: non è stato assegnato nulla.`,
    badHouse: 'Scegli una delle quattro case: non è stato assegnato nulla.',
    badMember: 'Questo membro non può comparire in un’assegnazione: non è stato assegnato nulla.',
    unknown: (id) =>
      `Il registro di questo server non ha la voce n. ${id}: non è stato annullato nulla.`,
    notAward: (id) =>
      `La voce n. ${id} non è un’assegnazione (una modifica del gioco, un’importazione, un azzeramento di fine trimestre o un annullamento): si possono annullare solo le assegnazioni.`,
    alreadyUndone: (id) => `L’assegnazione n. ${id} era già stata annullata: non è cambiato nulla.`,
    rateLimited: (max, when) =>
      `Questo server ha fatto ${max} assegnazioni nell’ultimo minuto, il massimo: riprova ${when}.`,
  },
  log: {
    title: '📜 Registro dei punti delle case',
    of: (what) => `📜 Registro dei punti delle case · ${what}`,
    forMember: (member) => `per ${member}`,
    by: (who) => `da ${who}`,
    sources: {
      award: 'assegnazione',
      undo: 'annullamento',
      game: 'modificato dal gioco',
      import: 'importato',
      'term-reset': 'azzerato a fine trimestre',
    },
    undoneMark: 'annullata',
    footer: (page) => `Pagina ${page} · dal più recente`,
    empty: 'Il registro di questo server non ha ancora nessuna modifica dei punti delle case.',
    emptyFiltered: 'Nessuna voce del registro di questo server corrisponde.',
    notYours:
      'Solo chi ha usato questo /registro può sfogliarne le pagine. Usa /registro per avere il tuo.',
  },
  notFound: {
    term: 'Nessun trimestre è aperto su questo server: `/trimestre inizia` ne apre uno.',
    players: 'Nessun giocatore trovato su questo server.',
    house: 'Nessun giocatore di questo server è in quella casa.',
    member: 'Quel membro non ha profili su questo server.',
    points: 'Ancora nessun punto delle case su questo server.',
    jobs: 'Nessun lavoro trovato su questo server.',
    key: 'Nessuna chiave API attiva con quel numero appartiene a questo server.',
    webhook: 'Nessun webhook con quel numero appartiene a questo server.',
  },
  errors: {
    apology:
      'Spiacenti, qualcosa è andato storto durante la risposta. L’errore è stato registrato; riprova più tardi.',
    guildOnly: 'Questo comando funziona solo all’interno di un server.',
    unknownCommand: 'Questo bot non conosce (più) questo comando.',
  },
  lists: {
    moreLines: (count) => `…e altri ${count}`,
    moreFields: (count) => `e altri ${count}`,
    unknownMember: '(membro sconosciuto)',
  },
};
