import type { Messages } from './messages.js';
import { plural } from './plural.js';

export type Spanish = Messages<'one' | 'many' | 'other'>;

/** Spanish of Spain (es-ES). */
export const esES: Spanish = {
  commands: {
    apikey: {
      name: 'clave-api',
      description: 'Gestiona las claves de este servidor para la API HTTP de housecup',
    },
    apikeyCreate: {
      name: 'crear',
      description: 'Crea una clave que solo lee este servidor (se muestra una vez, solo a ti)',
    },
    apikeyCreateName: { name: 'nombre', description: 'Un nombre para reconocer la clave' },
    apikeyList: {
      name: 'lista',
      description: 'Muestra las claves de este servidor (nunca las claves en sí)',
    },
    apikeyRevoke: {
      name: 'revocar',
      description: 'Revoca una clave de este servidor; deja de funcionar al instante',
    },
    apikeyRevokeId: {
      name: 'número',
      description: 'El número de clave que muestra /clave-api lista',
    },
    jobs: {
      name: 'trabajos',
      description: 'Los trabajos de este servidor, con su sueldo y cuántos perfiles tiene cada uno',
    },
    players: {
      name: 'jugadores',
      description: 'Los perfiles de jugador de este servidor, o todos los perfiles de un miembro',
    },
    playersMember: { name: 'miembro', description: 'Muestra solo los perfiles de este miembro' },
    playersSort: { name: 'orden', description: 'Orden de la lista (por miembro si no se indica)' },
    playersHouse: { name: 'casa', description: 'Solo los perfiles de esta casa' },
    playersPeriod: {
      name: 'periodo',
      description:
        'Los líderes de esta semana, de este mes o del trimestre, por los galeones ganados',
    },
    points: { name: 'puntos', description: 'La Copa de las Casas: las cuatro casas por puntos' },
    premium: { name: 'premium', description: 'Si este servidor tiene premium, y hasta cuándo' },
    rank: {
      name: 'posición',
      description:
        'Dónde está un miembro: posición por galeones y cambio de esta semana y de este mes',
    },
    rankMember: {
      name: 'miembro',
      description: 'De quién mostrar la posición (la tuya si no se indica)',
    },
    scoreboard: {
      name: 'marcador',
      description:
        'La Copa de las Casas de este servidor: en una web pública o en directo en un canal',
    },
    scoreboardPublish: {
      name: 'publicar',
      description:
        'Hace pública la Copa de las Casas: clasificación y gráfico, nunca datos de jugadores',
    },
    scoreboardPublishTitle: {
      name: 'título',
      description:
        'El encabezado de la página, p. ej. el nombre de tu servidor (por defecto: House cup)',
    },
    scoreboardUnpublish: {
      name: 'retirar',
      description:
        'Retira la página pública; las páginas abiertas dejan de actualizarse al instante',
    },
    scoreboardPost: {
      name: 'enviar',
      description:
        'Envía la Copa de las Casas a un canal y la mantiene al día (5 por servidor como máximo)',
    },
    scoreboardPostChannel: {
      name: 'canal',
      description: 'Dónde enviarla (por defecto: este canal)',
    },
    scoreboardStop: {
      name: 'detener',
      description: 'Deja de actualizar la Copa de las Casas en un canal; el mensaje se queda',
    },
    scoreboardStopChannel: {
      name: 'canal',
      description: 'El canal cuya Copa en directo se detiene (por defecto: este canal)',
    },
    webhook: {
      name: 'webhook',
      description:
        'Envía los cambios de este servidor como POST firmados a tus propias herramientas',
    },
    webhookAdd: {
      name: 'añadir',
      description:
        'Envía los cambios a una URL (su secreto de firma se muestra una vez, solo a ti)',
    },
    webhookAddUrl: { name: 'url', description: 'La dirección https:// a la que enviar' },
    webhookAddEventList: {
      name: 'eventos',
      description:
        'Los eventos como lista separada por comas, p. ej. points,term (o cada uno abajo)',
    },
    webhookAddEvents: {
      points: { name: 'puntos', description: 'Envía los puntos de las casas cada vez que cambian' },
      premium: { name: 'premium', description: 'Envía el premium cada vez que cambia' },
      players: {
        name: 'jugadores',
        description: 'Envía el número de perfiles cada vez que cambian los perfiles',
      },
      jobs: {
        name: 'trabajos',
        description: 'Envía el número de trabajos cada vez que cambian los trabajos',
      },
      term: {
        name: 'trimestre',
        description: 'Envía el trimestre cada vez que uno empieza o termina',
      },
      award: {
        name: 'premio',
        description: 'Envía cada premio: su casa, puntos, motivo, quién lo dio y para quién',
      },
    },
    webhookList: {
      name: 'lista',
      description: 'Lista los webhooks de este servidor (nunca sus secretos)',
    },
    webhookRemove: {
      name: 'quitar',
      description: 'Quita un webhook, con sus mensajes aún pendientes',
    },
    webhookRemoveId: {
      name: 'número',
      description: 'El número del webhook que muestra /webhook lista',
    },
    term: {
      name: 'trimestre',
      description:
        'Los trimestres de este servidor: cada copa ganada, guardada en el palmarés y empezada de nuevo',
    },
    termStart: {
      name: 'iniciar',
      description: 'Inicia un trimestre (Gestionar servidor); solo hay uno abierto a la vez',
    },
    termStartName: { name: 'nombre', description: 'El nombre del trimestre, p. ej. Otoño 2026' },
    termEnd: {
      name: 'terminar',
      description:
        'Termina el trimestre abierto y guarda su clasificación y ganadores (Gestionar servidor)',
    },
    termEndReset: {
      name: 'reiniciar',
      description: 'Pone a 0 los puntos de las cuatro casas una vez guardada la clasificación',
    },
    termList: {
      name: 'lista',
      description: 'Los trimestres de este servidor, del más reciente, con sus ganadores',
    },
    award: {
      name: 'otorgar',
      description: 'Da puntos a las casas con un motivo, o retira un premio (Gestionar servidor)',
    },
    awardGive: {
      name: 'dar',
      description: 'Da puntos a una casa, con un motivo que todos ven (en negativo, los quita)',
    },
    awardGiveHouse: { name: 'casa', description: 'La casa que recibe los puntos' },
    awardGivePoints: {
      name: 'puntos',
      description: 'Cuántos puntos, de -1000 a 1000, no 0 (en negativo, los quita)',
    },
    awardGiveReason: { name: 'motivo', description: 'Por qué, en una línea que todos leerán' },
    awardGiveMember: {
      name: 'miembro',
      description: 'El miembro para quien son los puntos (se nombra, nunca se menciona)',
    },
    awardUndo: { name: 'deshacer', description: 'Retira un premio, una sola vez, por su número' },
    awardUndoId: {
      name: 'número',
      description: 'El número del premio, mostrado con él y en /registro',
    },
    log: {
      name: 'registro',
      description: 'El registro: quién dio qué puntos, a qué casa y por qué, del más reciente',
    },
    logHouse: { name: 'casa', description: 'Solo los cambios de esta casa' },
    logMember: { name: 'miembro', description: 'Solo los puntos dados para este miembro' },
  },
  houses: {
    gryffindor: 'Gryffindor',
    slytherin: 'Slytherin',
    ravenclaw: 'Ravenclaw',
    hufflepuff: 'Hufflepuff',
  },
  noHouse: 'Sin casa',
  sorts: {
    user_id: 'Por miembro',
    galleons: 'Los más ricos primero',
    name: 'Por nombre',
    year: 'Por curso, de primero en adelante',
    created_at: 'Perfiles más antiguos primero',
  },
  periods: { week: 'Esta semana', month: 'Este mes', term: 'Este trimestre' },
  galleons: plural({ one: '{n} galeón', many: '{n} galeones', other: '{n} galeones' }),
  players: {
    title: 'Jugadores de este servidor',
    noYear: 'Sin curso',
    year: (year) => `Curso ${year}`,
    noJob: 'Sin trabajo',
    job: (id) => `Trabajo #${id}`,
    jobLine: (job) => `Trabajo: ${job}`,
    profile: (id) => `Perfil #${id}`,
    profiles: plural({ one: '{n} perfil', many: '{n} perfiles', other: '{n} perfiles' }),
    footer: (page, pages, profiles) => `Página ${page} de ${pages} · ${profiles}`,
    memberTitle: plural({ one: 'Perfil', many: '{n} perfiles', other: '{n} perfiles' }),
    member: (who) => `Miembro: ${who}`,
    notYours:
      'Solo quien usó este /jugadores puede pasar sus páginas. Usa /jugadores para tener el tuyo.',
    leaders: {
      week: (from, to) => `Líderes de esta semana (${from} – ${to})`,
      month: (from, to) => `Líderes de este mes (${from} – ${to})`,
      term: (name, since) => `Líderes del trimestre ${name} (desde el ${since})`,
    },
  },
  rank: {
    title: plural({
      one: 'Posición',
      many: 'Posiciones de {n} perfiles',
      other: 'Posiciones de {n} perfiles',
    }),
    inServer: (rank, of) => `#${rank} de ${of} en el servidor`,
    inHouse: (rank, of, house) => `#${rank} de ${of} en ${house}`,
    week: (change) => `${change} esta semana`,
    month: (change) => `${change} este mes`,
  },
  jobs: {
    title: (count) => `Trabajos de este servidor (${count})`,
    holders: plural({ one: '{n} titular', many: '{n} titulares', other: '{n} titulares' }),
  },
  points: {
    title: '🏆 Clasificación de la Copa de las Casas',
    points: plural({ one: '{n} punto', many: '{n} puntos', other: '{n} puntos' }),
    week: (change) => `${change} esta semana`,
    term: (name, since) => `🎓 Trimestre: **${name}** — desde el ${since}`,
  },
  chart: {
    period: plural({
      one: 'Últimas 24 horas',
      many: 'Últimos {n} días',
      other: 'Últimos {n} días',
    }),
    standings: 'Clasificación actual',
  },
  premium: {
    activeTitle: '✨ Premium está activo',
    noExpiry: 'Sin caducidad.',
    expiresOn: (date) => `Caduca el ${date}.`,
    inactiveTitle: 'Premium no está activo',
    expiredOn: (date) => `Caducó el ${date}.`,
    none: 'Este servidor no tiene premium.',
  },
  apikey: {
    listTitle: (count) => `Claves de API de este servidor (${count})`,
    never: 'nunca',
    noName: '(sin nombre)',
    revoked: (date) => `❌ revocada el ${date}`,
    dates: (created, lastUsed) => `creada: ${created} · último uso: ${lastUsed}`,
    empty: 'Aún no hay claves: `/clave-api crear` crea una.',
    createdTitle: (id) => `Clave de API #${id} creada`,
    copyNow: 'Cópiala ahora: solo se muestra esta vez y solo se guarda como hash.',
    readsOnly: (guild) =>
      `Solo lee este servidor (\`${guild}\`). Envíala como \`Authorization: Bearer <key>\`.`,
    revokeAnswer: (id) => `La clave de API #${id} está revocada: deja de funcionar al instante.`,
    full: (max) =>
      `Este servidor ha alcanzado su límite de claves de API activas (${max}). Revoca una primero: \`/clave-api lista\` muestra sus números y luego \`/clave-api revocar número:<número>\` revoca una.`,
    defaultName: (user) => `Discord, por ${user}`,
  },
  webhook: {
    addedTitle: (id) => `Webhook n.º ${id} añadido`,
    sendsTo: (url, events) => `Los mensajes van a ${url} para: ${events}.`,
    keepSecret:
      'Este es su secreto de firma, que solo se muestra esta vez: guárdalo con tu receptor, nunca en un lugar público.',
    howToVerify:
      'Cada mensaje lleva las cabeceras `webhook-id`, `webhook-timestamp` y `webhook-signature` (el esquema Standard Webhooks): verifica el cuerpo tal cual con este secreto, con cualquier biblioteca de Standard Webhooks, antes de fiarte de él.',
    listTitle: (count, max) => `Webhooks de este servidor (${count} de ${max})`,
    empty: 'Todavía no hay ningún webhook: `/webhook añadir url:` crea uno.',
    created: (date) => `creado el ${date}`,
    failing: (date) => `⚠️ falla desde el ${date}`,
    disabled: (date, why) => `❌ desactivado el ${date}: ${why}`,
    reasons: {
      gone: 'el destino respondió 410 Gone',
      failing: 'todos los mensajes fallaron durante 3 días',
      other: 'los envíos se detuvieron',
    },
    urlsCut: 'Las URL se muestran sin su cadena de consulta, que puede llevar un token.',
    removed: (id) =>
      `El webhook n.º ${id} se ha quitado: ya no se le envía nada, tampoco los mensajes pendientes.`,
    full: (max) =>
      `Este servidor ya tiene ${max} webhooks, el máximo: quita uno primero (\`/webhook lista\` muestra sus números y \`/webhook quitar número:<número>\` quita uno).`,
    unknownEvents: (names: string) =>
      `Los eventos deben ser una lista separada por comas entre ${names}: no se ha añadido nada.`,
    noEvents:
      'Todos los eventos se pusieron en False: no habría nada que enviar, así que no se ha añadido nada.',
    url: {
      tooLong: (max) => `La URL tiene más de ${max} caracteres: no se ha añadido nada.`,
      notUrl: 'Eso no es una URL: no se ha añadido nada.',
      scheme: (schemes) => `La URL debe empezar por ${schemes}: no se ha añadido nada.`,
      credentials: 'La URL no puede llevar usuario ni contraseña: no se ha añadido nada.',
      forbiddenAddress: (host) =>
        `${host} es una dirección de una red privada (loopback, privada, de enlace local…), a la que housecup no envía nada: no se ha añadido nada.`,
      unresolvable: (host) => `${host} no se resuelve en ninguna dirección: no se ha añadido nada.`,
    },
  },
  scoreboard: {
    live: {
      posted: (channel) =>
        `La Copa de las Casas está en ${channel} y se mantiene al día: sigue a los puntos en segundos, con una edición cada 10 segundos como mucho. \`/marcador detener\` allí la termina.`,
      missing: (channel, permissions) =>
        `housecup no puede publicar en ${channel}: le falta ${permissions} allí. No se ha enviado nada.`,
      refused: (channel) =>
        `Discord rechazó el mensaje en ${channel}: housecup necesita allí Ver canal, Enviar mensajes, Insertar enlaces y Adjuntar archivos. No se ha enviado nada.`,
      full: (max) =>
        `Este servidor ya tiene ${max} Copas en directo, el máximo: detén una con \`/marcador detener\` primero.`,
      stopped: (channel) =>
        `La Copa de las Casas de ${channel} ya no se actualiza; el mensaje se queda como estaba.`,
      none: (channel) => `No hay ninguna Copa en directo en ${channel}.`,
      noToken:
        'Este housecup funciona sin su token de bot, así que no puede publicar en canales: para ello, quien lo opera define DISCORD_TOKEN.',
      permissions: {
        viewChannel: 'Ver canal',
        sendMessages: 'Enviar mensajes',
        embedLinks: 'Insertar enlaces',
        attachFiles: 'Adjuntar archivos',
      },
    },
    published: (url) =>
      `La Copa de las Casas de este servidor ahora es pública: ${url}\nAñade \`?overlay=1\` para usarla como overlay en directo.`,
    already: (url) => `La Copa de las Casas de este servidor ya era pública: ${url}`,
    unpublished:
      'La página pública se ha retirado: ahora responde 404 y las páginas abiertas dejan de actualizarse.',
    none: 'Este servidor no tenía página pública.',
    retitled: (url, title) => `El encabezado de la página pública ahora es «${title}»: ${url}`,
    noPoints:
      'Este servidor todavía no tiene puntos de las casas, así que su página estaría vacía: no se ha publicado nada. Publícala cuando las casas tengan puntos.',
    badTitle: (max) =>
      `El título debe ser una sola línea de 1 a ${max} caracteres: no se ha cambiado nada.`,
  },
  term: {
    started: (name) =>
      `El trimestre «${name}» ha comenzado. \`/trimestre terminar\` lo termina y guarda sus ganadores en el palmarés.`,
    alreadyOpen: (name, since) =>
      `El trimestre «${name}» está abierto desde el ${since}: termínalo primero con \`/trimestre terminar\`. No se inició ningún trimestre.`,
    badName: (max) =>
      `El nombre debe ser una sola línea de 1 a ${max} caracteres: no se inició ningún trimestre.`,
    ended: (name, winners) => `El trimestre «${name}» ha terminado; lo ganó ${winners}.`,
    endedNoWinner: (name) =>
      `El trimestre «${name}» ha terminado. Ninguna casa tenía puntos: no hay ganador.`,
    reset: 'Los puntos de las casas vuelven a 0.',
    noneOpen: 'No hay ningún trimestre abierto en este servidor: no se terminó nada.',
    manageServer:
      'Solo los miembros con el permiso Gestionar servidor pueden iniciar o terminar un trimestre.',
    listTitle: '🏆 Trimestres de este servidor',
    empty: 'Este servidor aún no tiene trimestres: `/trimestre iniciar` abre uno.',
    dates: (from, to) => `${from} – ${to}`,
    open: (since) => `Abierto desde el ${since}`,
    wonBy: (houses, points) => `Ganado por ${houses} — ${points}`,
    leading: (houses, points) => `En cabeza: ${houses} — ${points}`,
    gained: plural({
      one: '{n} punto ganado',
      many: '{n} puntos ganados',
      other: '{n} puntos ganados',
    }),
    noWinner: 'Sin puntos de las casas: no hay ganador',
    noLeader: 'Ninguna casa va en cabeza todavía',
    latest: (count) => `Los ${count} trimestres más recientes`,
  },
  award: {
    given: (house, points, reason) => `${house} **${points}**: ${reason}`,
    forMember: (member) => `Para ${member}.`,
    total: (house, points) => `${house} tiene ahora ${points}.`,
    number: (id) => `Premio n.º ${id} · \`/otorgar deshacer número:${id}\` lo retira`,
    undone: (id, house, points) => `El premio n.º ${id} se ha retirado: ${house} **${points}**.`,
    badPoints: (min, max) =>
      `Los puntos deben ser un número entero de ${min} a ${max}, distinto de 0: no se ha otorgado nada.`,
    badReason: (max) =>
      `El motivo debe ser una sola línea de 1 a ${max} caracteres: no se ha otorgado nada.`,
    badHouse: 'Elige una de las cuatro casas: no se ha otorgado nada.',
    badMember: 'Ese miembro no puede figurar en un premio: no se ha otorgado nada.',
    unknown: (id) =>
      `El registro de este servidor no tiene la entrada n.º ${id}: no se ha deshecho nada.`,
    notAward: (id) =>
      `La entrada n.º ${id} no es un premio (un cambio del juego, una importación, un reinicio de trimestre o una retirada): solo se pueden retirar premios.`,
    alreadyUndone: (id) => `El premio n.º ${id} ya se había retirado: no ha cambiado nada.`,
    rateLimited: (max, when) =>
      `Este servidor ha dado ${max} premios en el último minuto, el máximo: vuelve a intentarlo ${when}.`,
  },
  log: {
    title: '📜 Registro de los puntos de las casas',
    of: (what) => `📜 Registro de los puntos de las casas · ${what}`,
    forMember: (member) => `para ${member}`,
    by: (who) => `por ${who}`,
    sources: {
      award: 'premio',
      undo: 'retirada',
      game: 'cambiado por el juego',
      import: 'importado',
      'term-reset': 'reiniciado al final de un trimestre',
    },
    undoneMark: 'retirado',
    footer: (page) => `Página ${page} · del más reciente`,
    empty: 'El registro de este servidor aún no tiene ningún cambio de los puntos de las casas.',
    emptyFiltered: 'Ninguna entrada del registro de este servidor coincide.',
    notYours:
      'Solo quien usó este /registro puede pasar sus páginas. Usa /registro para tener el tuyo.',
  },
  notFound: {
    term: 'No hay ningún trimestre abierto en este servidor: `/trimestre iniciar` abre uno.',
    players: 'No se ha encontrado ningún jugador en este servidor.',
    house: 'Ningún jugador de este servidor está en esa casa.',
    member: 'Ese miembro no tiene ningún perfil en este servidor.',
    points: 'Todavía no hay puntos de las casas en este servidor.',
    jobs: 'No se ha encontrado ningún trabajo en este servidor.',
    key: 'Ninguna clave de API activa con ese número pertenece a este servidor.',
    webhook: 'Ningún webhook con ese número pertenece a este servidor.',
  },
  errors: {
    apology:
      'Lo sentimos, algo ha fallado al responder. Ha quedado registrado; inténtalo de nuevo más tarde.',
    guildOnly: 'Este comando solo funciona dentro de un servidor.',
    unknownCommand: 'Este bot no conoce este comando (o ya no).',
  },
  lists: {
    moreLines: (count) => `…y ${count} más`,
    moreFields: (count) => `y ${count} más`,
    unknownMember: '(miembro desconocido)',
  },
};
