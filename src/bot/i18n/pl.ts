import type { Messages } from './messages.js';
import { plural } from './plural.js';

/** Polish: four plural forms (1 punkt, 2 punkty, 5 punktów, 1,5 punktu). */
export const pl: Messages<'one' | 'few' | 'many' | 'other'> = {
  commands: {
    apikey: {
      name: 'klucz-api',
      description: 'Zarządzaj kluczami tego serwera do API HTTP housecup',
    },
    apikeyCreate: {
      name: 'utwórz',
      description: 'Utwórz klucz, który czyta tylko ten serwer (pokazany raz, tylko tobie)',
    },
    apikeyCreateName: { name: 'nazwa', description: 'Nazwa, po której rozpoznasz klucz' },
    apikeyList: { name: 'lista', description: 'Pokaż klucze tego serwera (nigdy samych kluczy)' },
    apikeyRevoke: {
      name: 'unieważnij',
      description: 'Unieważnij klucz tego serwera; od razu przestaje działać',
    },
    apikeyRevokeId: { name: 'numer', description: 'Numer klucza z /klucz-api lista' },
    jobs: {
      name: 'prace',
      description: 'Prace na tym serwerze z pensją i liczbą profili, które je wykonują',
    },
    players: {
      name: 'gracze',
      description: 'Profile graczy na tym serwerze albo wszystkie profile jednego członka',
    },
    playersMember: { name: 'członek', description: 'Pokaż tylko profile tego członka' },
    playersSort: { name: 'sortowanie', description: 'Kolejność listy (domyślnie według członka)' },
    playersHouse: { name: 'dom', description: 'Tylko profile tego domu' },
    playersPeriod: {
      name: 'okres',
      description: 'Liderzy tygodnia, miesiąca lub semestru według zdobytych galeonów',
    },
    points: { name: 'punkty', description: 'Puchar Domów: cztery domy według punktów' },
    premium: { name: 'premium', description: 'Czy ten serwer ma premium i do kiedy' },
    rank: {
      name: 'pozycja',
      description: 'Gdzie jest członek: pozycja według galeonów, zmiana w tym tygodniu i miesiącu',
    },
    rankMember: { name: 'członek', description: 'Czyją pozycję pokazać (twoją, jeśli nie podano)' },
    scoreboard: {
      name: 'tablica-wyników',
      description: 'Puchar Domów tego serwera: na publicznej stronie albo na żywo na kanale',
    },
    scoreboardPublish: {
      name: 'opublikuj',
      description: 'Upublicznij Puchar Domów: tabela i wykres, nigdy dane graczy',
    },
    scoreboardPublishTitle: {
      name: 'tytuł',
      description: 'Nagłówek strony, np. nazwa twojego serwera (domyślnie: House cup)',
    },
    scoreboardUnpublish: {
      name: 'wycofaj',
      description: 'Usuń publiczną stronę; otwarte strony od razu przestają się odświeżać',
    },
    scoreboardPost: {
      name: 'wyślij',
      description: 'Wyślij Puchar Domów na kanał i odświeżaj go na bieżąco (najwyżej 5 na serwer)',
    },
    scoreboardPostChannel: { name: 'kanał', description: 'Gdzie go wysłać (domyślnie: ten kanał)' },
    scoreboardStop: {
      name: 'zatrzymaj',
      description: 'Przestań odświeżać Puchar Domów na kanale; wiadomość zostaje',
    },
    scoreboardStopChannel: {
      name: 'kanał',
      description: 'Kanał, którego Puchar na żywo zatrzymać (domyślnie: ten kanał)',
    },
    webhook: {
      name: 'webhook',
      description: 'Wysyłaj zmiany tego serwera jako podpisane POST-y do własnych narzędzi',
    },
    webhookAdd: {
      name: 'dodaj',
      description: 'Wysyłaj zmiany pod adres URL (jego sekret podpisu pokazany raz, tylko tobie)',
    },
    webhookAddUrl: { name: 'url', description: 'Adres https://, pod który wysyłać' },
    webhookAddEventList: {
      name: 'zdarzenia',
      description: 'Zdarzenia jako lista po przecinku, np. points,term (lub każde osobno poniżej)',
    },
    webhookAddEvents: {
      points: { name: 'punkty', description: 'Wysyłaj punkty domów przy każdej zmianie' },
      premium: { name: 'premium', description: 'Wysyłaj premium przy każdej zmianie' },
      players: {
        name: 'gracze',
        description: 'Wysyłaj liczbę profili przy każdej zmianie profili',
      },
      jobs: { name: 'prace', description: 'Wysyłaj liczbę prac przy każdej zmianie prac' },
      term: { name: 'semestr', description: 'Wysyłaj semestr, gdy się zaczyna lub kończy' },
      award: {
        name: 'przyznanie',
        description: 'Wysyłaj każde przyznanie: dom, punkty, powód, kto i dla kogo',
      },
    },
    webhookList: {
      name: 'lista',
      description: 'Pokaż webhooki tego serwera (nigdy ich sekretów)',
    },
    webhookRemove: {
      name: 'usuń',
      description: 'Usuń webhook wraz z jego oczekującymi wiadomościami',
    },
    webhookRemoveId: { name: 'numer', description: 'Numer webhooka z /webhook lista' },
    term: {
      name: 'semestr',
      description:
        'Semestry tego serwera: każdy puchar wygrany, zapisany w galerii sław, zaczęty od nowa',
    },
    termStart: {
      name: 'rozpocznij',
      description: 'Rozpocznij semestr (Zarządzanie serwerem); otwarty jest tylko jeden naraz',
    },
    termStartName: { name: 'nazwa', description: 'Nazwa semestru, np. Jesień 2026' },
    termEnd: {
      name: 'zakończ',
      description: 'Zakończ otwarty semestr, zachowując wyniki i zwycięzców (Zarządzanie serwerem)',
    },
    termEndReset: {
      name: 'wyzeruj',
      description: 'Wyzeruj punkty czterech domów po zapisaniu wyników',
    },
    termList: {
      name: 'lista',
      description: 'Semestry tego serwera, od najnowszego, z ich zwycięzcami',
    },
    award: {
      name: 'przyznaj',
      description: 'Przyznaj domom punkty z powodem albo cofnij przyznanie (Zarządzanie serwerem)',
    },
    awardGive: {
      name: 'daj',
      description: 'Daj domowi punkty z powodem widocznym dla wszystkich (ujemne je odejmują)',
    },
    awardGiveHouse: { name: 'dom', description: 'Dom, który dostaje punkty' },
    awardGivePoints: {
      name: 'punkty',
      description: 'Ile punktów, od -1000 do 1000, nie 0 (ujemne je odejmują)',
    },
    awardGiveReason: {
      name: 'powód',
      description: 'Dlaczego, w jednej linii, którą wszyscy przeczytają',
    },
    awardGiveMember: {
      name: 'członek',
      description: 'Członek, dla którego są punkty (wymieniony, nigdy nie oznaczony pingiem)',
    },
    awardUndo: { name: 'cofnij', description: 'Cofnij przyznanie, tylko raz, po jego numerze' },
    awardUndoId: {
      name: 'numer',
      description: 'Numer przyznania, pokazany przy nim i w /dziennik',
    },
    log: {
      name: 'dziennik',
      description: 'Dziennik: kto dał jakie punkty, któremu domowi i dlaczego, od najnowszych',
    },
    logHouse: { name: 'dom', description: 'Tylko zmiany tego domu' },
    logMember: { name: 'członek', description: 'Tylko punkty przyznane dla tego członka' },
  },
  houses: {
    gryffindor: 'Gryffindor',
    slytherin: 'Slytherin',
    ravenclaw: 'Ravenclaw',
    hufflepuff: 'Hufflepuff',
  },
  noHouse: 'Bez domu',
  sorts: {
    user_id: 'Według członka',
    galleons: 'Najbogatsi najpierw',
    name: 'Według nazwy',
    year: 'Według roku, od pierwszoroczniaków',
    created_at: 'Najstarsze profile najpierw',
  },
  periods: { week: 'Ten tydzień', month: 'Ten miesiąc', term: 'Ten semestr' },
  galleons: plural({
    one: '{n} galeon',
    few: '{n} galeony',
    many: '{n} galeonów',
    other: '{n} galeona',
  }),
  players: {
    title: 'Gracze tego serwera',
    noYear: 'Bez roku',
    year: (year) => `Rok ${year}`,
    noJob: 'Bez pracy',
    job: (id) => `Praca #${id}`,
    jobLine: (job) => `Praca: ${job}`,
    profile: (id) => `Profil #${id}`,
    profiles: plural({
      one: '{n} profil',
      few: '{n} profile',
      many: '{n} profili',
      other: '{n} profilu',
    }),
    footer: (page, pages, profiles) => `Strona ${page} z ${pages} · ${profiles}`,
    memberTitle: plural({
      one: 'Profil',
      few: '{n} profile',
      many: '{n} profili',
      other: '{n} profilu',
    }),
    member: (who) => `Członek: ${who}`,
    notYours:
      'Tylko osoba, która użyła tego /gracze, może przewijać jego strony. Użyj /gracze, aby dostać własną listę.',
    leaders: {
      week: (from, to) => `Liderzy tego tygodnia (${from} – ${to})`,
      month: (from, to) => `Liderzy tego miesiąca (${from} – ${to})`,
      term: (name, since) => `Liderzy semestru ${name} (od ${since})`,
    },
  },
  rank: {
    title: plural({
      one: 'Pozycja',
      few: 'Pozycje {n} profili',
      many: 'Pozycje {n} profili',
      other: 'Pozycje {n} profilu',
    }),
    inServer: (rank, of) => `${rank}. miejsce z ${of} na serwerze`,
    inHouse: (rank, of, house) => `${rank}. miejsce z ${of} w domu ${house}`,
    week: (change) => `${change} w tym tygodniu`,
    month: (change) => `${change} w tym miesiącu`,
  },
  jobs: {
    title: (count) => `Prace na tym serwerze (${count})`,
    holders: plural({ one: '{n} osoba', few: '{n} osoby', many: '{n} osób', other: '{n} osoby' }),
  },
  points: {
    title: '🏆 Tabela Pucharu Domów',
    points: plural({
      one: '{n} punkt',
      few: '{n} punkty',
      many: '{n} punktów',
      other: '{n} punktu',
    }),
    week: (change) => `${change} w tym tygodniu`,
    term: (name, since) => `🎓 Semestr: **${name}** — od ${since}`,
  },
  chart: {
    period: plural({
      one: 'Ostatnie 24 godziny',
      few: 'Ostatnie {n} dni',
      many: 'Ostatnie {n} dni',
      other: 'Ostatnie {n} dnia',
    }),
    standings: 'Aktualna klasyfikacja',
  },
  premium: {
    activeTitle: '✨ Premium jest aktywne',
    noExpiry: 'Bez daty wygaśnięcia.',
    expiresOn: (date) => `Wygasa ${date}.`,
    inactiveTitle: 'Premium nie jest aktywne',
    expiredOn: (date) => `Wygasło ${date}.`,
    none: 'Ten serwer nie ma premium.',
  },
  apikey: {
    listTitle: (count) => `Klucze API tego serwera (${count})`,
    never: 'nigdy',
    noName: '(bez nazwy)',
    revoked: (date) => `❌ unieważniony ${date}`,
    dates: (created, lastUsed) => `utworzony: ${created} · ostatnio użyty: ${lastUsed}`,
    empty: 'Brak kluczy: `/klucz-api utwórz` tworzy nowy.',
    createdTitle: (id) => `Utworzono klucz API #${id}`,
    copyNow:
      'Skopiuj go teraz: jest pokazywany tylko ten jeden raz i przechowywany tylko jako hash.',
    readsOnly: (guild) =>
      `Czyta tylko ten serwer (\`${guild}\`). Wysyłaj go jako \`Authorization: Bearer <key>\`.`,
    revokeAnswer: (id) => `Klucz API #${id} został unieważniony: od razu przestaje działać.`,
    full: (max) =>
      `Ten serwer osiągnął swój limit aktywnych kluczy API (${max}). Najpierw unieważnij jeden z nich: \`/klucz-api lista\` pokazuje ich numery, a potem \`/klucz-api unieważnij numer:<numer>\` unieważnia wybrany klucz.`,
    defaultName: (user) => `Discord, utworzył ${user}`,
  },
  webhook: {
    addedTitle: (id) => `Dodano webhook nr ${id}`,
    sendsTo: (url, events) => `Wiadomości trafiają pod ${url} dla: ${events}.`,
    keepSecret:
      'To jego sekret podpisu, pokazany tylko ten jeden raz: przechowuj go przy odbiorcy, nigdy w miejscu publicznym.',
    howToVerify:
      'Każda wiadomość ma nagłówki `webhook-id`, `webhook-timestamp` i `webhook-signature` (schemat Standard Webhooks): zweryfikuj surową treść tym sekretem, dowolną biblioteką Standard Webhooks, zanim jej zaufasz.',
    listTitle: (count, max) => `Webhooki tego serwera (${count} z ${max})`,
    empty: 'Nie ma jeszcze webhooka: `/webhook dodaj url:` tworzy jeden.',
    created: (date) => `utworzony ${date}`,
    failing: (date) => `⚠️ zawodzi od ${date}`,
    disabled: (date, why) => `❌ wyłączony ${date}: ${why}`,
    reasons: {
      gone: 'odbiorca odpowiedział 410 Gone',
      failing: 'każda wiadomość zawodziła przez 3 dni',
      other: 'wysyłanie zostało zatrzymane',
    },
    urlsCut: 'Adresy URL są pokazane bez parametrów zapytania, które mogą zawierać token.',
    removed: (id) =>
      `Webhook nr ${id} został usunięty: nic więcej nie jest do niego wysyłane, także oczekujące wiadomości.`,
    full: (max) =>
      `Ten serwer ma już ${max} webhooków, najwięcej, ile może: najpierw usuń jeden (\`/webhook lista\` pokazuje ich numery, \`/webhook usuń numer:<numer>\` usuwa jeden).`,
    unknownEvents: (names: string) =>
      `Zdarzenia muszą być listą po przecinku spośród: ${names}. Nic nie dodano.`,
    noEvents:
      'Każde zdarzenie ustawiono na False: nie byłoby czego wysyłać, więc niczego nie dodano.',
    url: {
      tooLong: (max) => `Adres URL ma więcej niż ${max} znaków: niczego nie dodano.`,
      notUrl: 'To nie jest adres URL: niczego nie dodano.',
      scheme: (schemes) => `Adres URL musi zaczynać się od ${schemes}: niczego nie dodano.`,
      credentials: 'Adres URL nie może zawierać nazwy użytkownika ani hasła: niczego nie dodano.',
      forbiddenAddress: (host) =>
        `${host} to adres w sieci prywatnej (loopback, prywatny, link-local…), pod który housecup niczego nie wysyła: niczego nie dodano.`,
      unresolvable: (host) => `${host} nie wskazuje żadnego adresu: niczego nie dodano.`,
    },
  },
  scoreboard: {
    live: {
      posted: (channel) =>
        `Puchar Domów jest na ${channel} i odświeża się na bieżąco: podąża za punktami w kilka sekund, najwyżej jedna zmiana na 10 sekund. \`/tablica-wyników zatrzymaj\` tam go kończy.`,
      missing: (channel, permissions) =>
        `housecup nie może pisać na ${channel}: brakuje mu tam uprawnienia ${permissions}. Nic nie wysłano.`,
      refused: (channel) =>
        `Discord odrzucił wiadomość na ${channel}: housecup potrzebuje tam uprawnień Wyświetlanie kanału, Wysyłanie wiadomości, Osadzanie linków i Załączanie plików. Nic nie wysłano.`,
      full: (max) =>
        `Ten serwer ma już ${max} Pucharów na żywo, tyle, ile może: najpierw zatrzymaj jeden przez \`/tablica-wyników zatrzymaj\`.`,
      stopped: (channel) =>
        `Puchar Domów na ${channel} nie jest już odświeżany; wiadomość zostaje bez zmian.`,
      none: (channel) => `Na ${channel} nie ma Pucharu na żywo.`,
      noToken:
        'Ten housecup działa bez tokenu bota, więc nie może pisać na kanałach: do tego jego operator ustawia DISCORD_TOKEN.',
      permissions: {
        viewChannel: 'Wyświetlanie kanału',
        sendMessages: 'Wysyłanie wiadomości',
        embedLinks: 'Osadzanie linków',
        attachFiles: 'Załączanie plików',
      },
    },
    published: (url) =>
      `Puchar Domów tego serwera jest teraz publiczny: ${url}\nDodaj \`?overlay=1\`, aby użyć go jako nakładki na stream.`,
    already: (url) => `Puchar Domów tego serwera był już publiczny: ${url}`,
    unpublished:
      'Publiczna strona jest usunięta: odpowiada teraz 404, a otwarte strony przestają się odświeżać.',
    none: 'Ten serwer nie miał publicznej strony.',
    retitled: (url, title) => `Nagłówek publicznej strony to teraz „${title}”: ${url}`,
    noPoints:
      'Ten serwer nie ma jeszcze punktów domów, więc jego strona byłaby pusta: niczego nie opublikowano. Opublikuj ją, gdy domy będą miały punkty.',
    badTitle: (max) =>
      `Tytuł musi być jednym wierszem o długości od 1 do ${max} znaków: niczego nie zmieniono.`,
  },
  term: {
    started: (name) =>
      `Semestr „${name}” się rozpoczął. \`/semestr zakończ\` kończy go i zapisuje zwycięzców w galerii sław.`,
    alreadyOpen: (name, since) =>
      `Semestr „${name}” jest otwarty od ${since}: najpierw go zakończ (\`/semestr zakończ\`). Nie rozpoczęto semestru.`,
    badName: (max) =>
      `Nazwa musi być jednym wierszem o długości od 1 do ${max} znaków: nie rozpoczęto semestru.`,
    ended: (name, winners) => `Semestr „${name}” się zakończył. Zwycięzca: ${winners}.`,
    endedNoWinner: (name) =>
      `Semestr „${name}” się zakończył. Żaden dom nie miał punktów: brak zwycięzcy.`,
    reset: 'Punkty domów wyzerowano.',
    noneOpen: 'Na tym serwerze nie ma otwartego semestru: niczego nie zakończono.',
    manageServer:
      'Tylko członkowie z uprawnieniem Zarządzanie serwerem mogą rozpocząć lub zakończyć semestr.',
    listTitle: '🏆 Semestry tego serwera',
    empty: 'Ten serwer nie ma jeszcze semestru: `/semestr rozpocznij` otwiera pierwszy.',
    dates: (from, to) => `${from} – ${to}`,
    open: (since) => `Otwarty od ${since}`,
    wonBy: (houses, points) => `Zwycięzca: ${houses} — ${points}`,
    leading: (houses, points) => `Prowadzi: ${houses} — ${points}`,
    gained: plural({
      one: '{n} punkt zdobyty',
      few: '{n} punkty zdobyte',
      many: '{n} punktów zdobytych',
      other: '{n} punktu zdobytego',
    }),
    noWinner: 'Brak punktów domów: brak zwycięzcy',
    noLeader: 'Żaden dom jeszcze nie prowadzi',
    latest: (count) => `Najnowsze semestry (${count})`,
  },
  award: {
    given: (house, points, reason) => `${house} **${points}**: ${reason}`,
    forMember: (member) => `Dla: ${member}.`,
    total: (house, points) => `${house} ma teraz ${points}.`,
    number: (id) => `Przyznanie nr ${id} · \`/przyznaj cofnij numer:${id}\` je cofa`,
    undone: (id, house, points) => `Przyznanie nr ${id} zostało cofnięte: ${house} **${points}**.`,
    badPoints: (min, max) =>
      `Punkty muszą być liczbą całkowitą od ${min} do ${max}, różną od 0: nic nie przyznano.`,
    badReason: (max) =>
      `Powód musi być jedną linią o długości od 1 do ${max} znaków: nic nie przyznano.`,
    badHouse: 'Wybierz jeden z czterech domów: nic nie przyznano.',
    badMember: 'Tego członka nie można wymienić w przyznaniu: nic nie przyznano.',
    unknown: (id) => `Dziennik tego serwera nie ma wpisu nr ${id}: nic nie cofnięto.`,
    notAward: (id) =>
      `Wpis nr ${id} nie jest przyznaniem (to zmiana z gry, import, wyzerowanie na koniec semestru albo cofnięcie): cofnąć można tylko przyznania.`,
    alreadyUndone: (id) => `Przyznanie nr ${id} zostało już cofnięte: nic się nie zmieniło.`,
    rateLimited: (max, when) =>
      `Ten serwer przyznał w ostatniej minucie ${max} razy punkty, więcej nie można: spróbuj ponownie ${when}.`,
  },
  log: {
    title: '📜 Dziennik punktów domów',
    of: (what) => `📜 Dziennik punktów domów · ${what}`,
    forMember: (member) => `dla: ${member}`,
    by: (who) => `przez: ${who}`,
    sources: {
      award: 'przyznanie',
      undo: 'cofnięcie',
      game: 'zmienione przez grę',
      import: 'zaimportowane',
      'term-reset': 'wyzerowane na koniec semestru',
    },
    undoneMark: 'cofnięte',
    footer: (page) => `Strona ${page} · od najnowszych`,
    empty: 'Dziennik tego serwera nie ma jeszcze żadnej zmiany punktów domów.',
    emptyFiltered: 'Żaden wpis dziennika tego serwera do tego nie pasuje.',
    notYours:
      'Tylko osoba, która użyła tego /dziennik, może przewracać jego strony. Użyj /dziennik, aby mieć własny.',
  },
  notFound: {
    term: 'Na tym serwerze nie ma otwartego semestru: `/semestr rozpocznij` otwiera nowy.',
    players: 'Nie znaleziono żadnego gracza na tym serwerze.',
    house: 'Żaden gracz tego serwera nie należy do tego domu.',
    member: 'Ten członek nie ma profilu na tym serwerze.',
    points: 'Na tym serwerze nie ma jeszcze punktów domów.',
    jobs: 'Nie znaleziono żadnej pracy na tym serwerze.',
    key: 'Do tego serwera nie należy żaden aktywny klucz API o tym numerze.',
    webhook: 'Żaden webhook o tym numerze nie należy do tego serwera.',
  },
  errors: {
    apology:
      'Przepraszamy, coś poszło nie tak podczas odpowiadania. Błąd został zapisany; spróbuj ponownie później.',
    guildOnly: 'To polecenie działa tylko na serwerze.',
    unknownCommand: 'Ten bot nie zna (już) tego polecenia.',
  },
  lists: {
    moreLines: (count) => `…i ${count} więcej`,
    moreFields: (count) => `i ${count} więcej`,
    unknownMember: '(nieznany członek)',
  },
};
