import { esES, type Spanish } from './es.js';

/**
 * Latin American Spanish (es-419): Spain's texts but where usage differs (administrar and
 * Discord's Administrar servidor, salario, vencer, the preterite rather than the perfect, agregar,
 * transmisión).
 */
export const es419: Spanish = {
  ...esES,
  commands: {
    ...esES.commands,
    apikey: {
      name: 'clave-api',
      description: 'Administra las claves de este servidor para la API HTTP de housecup',
    },
    webhookAdd: {
      name: 'agregar',
      description:
        'Envía los cambios a una URL (su secreto de firma se muestra una vez, solo a ti)',
    },
    jobs: {
      name: 'trabajos',
      description:
        'Los trabajos de este servidor, con su salario y cuántos perfiles tiene cada uno',
    },
    // Discord names the permission Administrar servidor in Latin American Spanish.
    termStart: {
      ...esES.commands.termStart,
      description: 'Inicia un trimestre (Administrar servidor); solo hay uno abierto a la vez',
    },
    termEnd: {
      ...esES.commands.termEnd,
      description:
        'Termina el trimestre abierto y guarda su clasificación y ganadores (Administrar servidor)',
    },
    award: {
      ...esES.commands.award,
      description: 'Da puntos a las casas con un motivo, o retira un premio (Administrar servidor)',
    },
  },
  apikey: {
    ...esES.apikey,
    full: (max) =>
      `Este servidor alcanzó su límite de claves de API activas (${max}). Revoca una primero: \`/clave-api lista\` muestra sus números y luego \`/clave-api revocar número:<número>\` revoca una.`,
  },
  webhook: {
    ...esES.webhook,
    addedTitle: (id) => `Webhook n.º ${id} agregado`,
    empty: 'Todavía no hay ningún webhook: `/webhook agregar url:` crea uno.',
    removed: (id) =>
      `Se quitó el webhook n.º ${id}: ya no se le envía nada, tampoco los mensajes pendientes.`,
    noEvents:
      'Todos los eventos se pusieron en False: no habría nada que enviar, así que no se agregó nada.',
    url: {
      tooLong: (max) => `La URL tiene más de ${max} caracteres: no se agregó nada.`,
      notUrl: 'Eso no es una URL: no se agregó nada.',
      scheme: (schemes) => `La URL debe empezar con ${schemes}: no se agregó nada.`,
      credentials: 'La URL no puede llevar usuario ni contraseña: no se agregó nada.',
      forbiddenAddress: (host) =>
        `${host} es una dirección de una red privada (loopback, privada, de enlace local…), a la que housecup no envía nada: no se agregó nada.`,
      unresolvable: (host) => `${host} no se resuelve en ninguna dirección: no se agregó nada.`,
    },
  },
  premium: {
    ...esES.premium,
    noExpiry: 'Sin vencimiento.',
    expiresOn: (date) => `Vence el ${date}.`,
    expiredOn: (date) => `Venció el ${date}.`,
  },
  scoreboard: {
    ...esES.scoreboard,
    live: {
      ...esES.scoreboard.live,
      missing: (channel, permissions) =>
        `housecup no puede publicar en ${channel}: le falta ${permissions} allí. No se envió nada.`,
      refused: (channel) =>
        `Discord rechazó el mensaje en ${channel}: housecup necesita allí Ver canal, Enviar mensajes, Insertar enlaces y Adjuntar archivos. No se envió nada.`,
    },
    published: (url) =>
      `La Copa de las Casas de este servidor ahora es pública: ${url}\nAgrega \`?overlay=1\` para usarla como overlay de transmisión.`,
    unpublished:
      'La página pública se retiró: ahora responde 404 y las páginas abiertas dejan de actualizarse.',
    noPoints:
      'Este servidor todavía no tiene puntos de las casas, así que su página estaría vacía: no se publicó nada. Publícala cuando las casas tengan puntos.',
    badTitle: (max) =>
      `El título debe ser una sola línea de 1 a ${max} caracteres: no se cambió nada.`,
  },
  term: {
    ...esES.term,
    started: (name) =>
      `El trimestre «${name}» comenzó. \`/trimestre terminar\` lo termina y guarda sus ganadores en el palmarés.`,
    ended: (name, winners) => `El trimestre «${name}» terminó; lo ganó ${winners}.`,
    endedNoWinner: (name) =>
      `El trimestre «${name}» terminó. Ninguna casa tenía puntos: no hay ganador.`,
    manageServer:
      'Solo los miembros con el permiso Administrar servidor pueden iniciar o terminar un trimestre.',
  },
  award: {
    ...esES.award,
    undone: (id, house, points) => `El premio n.º ${id} se retiró: ${house} **${points}**.`,
    badPoints: (min, max) =>
      `Los puntos deben ser un número entero de ${min} a ${max}, distinto de 0: no se otorgó nada.`,
    badReason: (max) =>
      `El motivo debe ser una sola línea de 1 a ${max} caracteres: no se otorgó nada.`,
    badHouse: 'Elige una de las cuatro casas: no se otorgó nada.',
    badMember: 'Ese miembro no puede figurar en un premio: no se otorgó nada.',
    unknown: (id) =>
      `El registro de este servidor no tiene la entrada n.º ${id}: no se deshizo nada.`,
    alreadyUndone: (id) => `El premio n.º ${id} ya se había retirado: no cambió nada.`,
    rateLimited: (max, when) =>
      `Este servidor dio ${max} premios en el último minuto, el máximo: vuelve a intentarlo ${when}.`,
  },
  notFound: {
    ...esES.notFound,
    players: 'No se encontró ningún jugador en este servidor.',
    jobs: 'No se encontró ningún trabajo en este servidor.',
  },
  errors: {
    ...esES.errors,
    apology:
      'Lo sentimos, algo falló al responder. Quedó registrado; vuelve a intentarlo más tarde.',
  },
};
