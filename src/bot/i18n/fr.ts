import type { Messages } from './messages.js';
import { plural } from './plural.js';

/** French, as the books name the houses; `many` is CLDR's form of round millions (« 1 000 000 de »). */
export const fr: Messages<'one' | 'many' | 'other'> = {
  commands: {
    apikey: {
      name: 'clé-api',
      description: 'Gérer les clés de ce serveur pour l’API HTTP de housecup',
    },
    apikeyCreate: {
      name: 'créer',
      description: 'Créer une clé qui ne lit que ce serveur (affichée une seule fois, à vous seul)',
    },
    apikeyCreateName: { name: 'nom', description: 'Un libellé pour reconnaître la clé' },
    apikeyList: {
      name: 'liste',
      description: 'Lister les clés de ce serveur (jamais les clés elles-mêmes)',
    },
    apikeyRevoke: {
      name: 'révoquer',
      description: 'Révoquer une clé de ce serveur : elle cesse aussitôt de fonctionner',
    },
    apikeyRevokeId: {
      name: 'numéro',
      description: 'Le numéro de la clé affiché par /clé-api liste',
    },
    jobs: {
      name: 'métiers',
      description:
        'Les métiers de ce serveur, avec leur salaire et le nombre de profils qui les exercent',
    },
    players: {
      name: 'joueurs',
      description: 'Les profils de joueurs de ce serveur, ou tous les profils d’un membre',
    },
    playersMember: { name: 'membre', description: 'Afficher seulement les profils de ce membre' },
    playersSort: { name: 'tri', description: 'Ordre de la liste (par membre par défaut)' },
    playersHouse: { name: 'maison', description: 'Seulement les profils de cette maison' },
    playersPeriod: {
      name: 'période',
      description: 'Les meneurs de la semaine, du mois ou du trimestre, selon les gallions gagnés',
    },
    points: {
      name: 'points',
      description: 'La Coupe des Quatre Maisons : les maisons classées par points',
    },
    premium: { name: 'premium', description: 'Ce serveur a-t-il premium, et jusqu’à quand' },
    rank: {
      name: 'rang',
      description:
        'Où en est un membre : rang par gallions, variation de cette semaine et de ce mois',
    },
    rankMember: { name: 'membre', description: 'Le membre dont afficher le rang (vous, sinon)' },
    scoreboard: {
      name: 'tableau-des-scores',
      description:
        'La coupe des maisons de ce serveur : sur une page web publique, ou en direct dans un salon',
    },
    scoreboardPublish: {
      name: 'publier',
      description:
        'Rendre la coupe des maisons publique : classement et graphique, jamais les joueurs',
    },
    scoreboardPublishTitle: {
      name: 'titre',
      description:
        'Le titre de la page, par exemple le nom de votre serveur (par défaut : House cup)',
    },
    scoreboardUnpublish: {
      name: 'retirer',
      description:
        'Retirer la page publique : les pages ouvertes cessent aussitôt de se mettre à jour',
    },
    scoreboardPost: {
      name: 'poster',
      description:
        'Poster la coupe des maisons dans un salon et la tenir à jour (5 au plus par serveur)',
    },
    scoreboardPostChannel: { name: 'salon', description: 'Où la poster (par défaut : ce salon)' },
    scoreboardStop: {
      name: 'arrêter',
      description: 'Ne plus tenir à jour la coupe des maisons d’un salon ; le message reste',
    },
    scoreboardStopChannel: {
      name: 'salon',
      description: 'Le salon dont la coupe en direct s’arrête (par défaut : ce salon)',
    },
    webhook: {
      name: 'webhook',
      description: 'Envoyer les changements de ce serveur en POST signés à vos propres outils',
    },
    webhookAdd: {
      name: 'ajouter',
      description:
        'Envoyer les changements à une URL (son secret de signature montré une fois, à vous seul)',
    },
    webhookAddUrl: { name: 'url', description: 'L’adresse https:// où envoyer' },
    webhookAddEventList: {
      name: 'événements',
      description: 'Les événements en liste à virgules, p. ex. points,term (ou chacun ci-dessous)',
    },
    webhookAddEvents: {
      points: { name: 'points', description: 'Envoyer les points des maisons à chaque changement' },
      premium: { name: 'premium', description: 'Envoyer le premium à chaque changement' },
      players: {
        name: 'joueurs',
        description: 'Envoyer le nombre de profils à chaque changement des profils',
      },
      jobs: {
        name: 'métiers',
        description: 'Envoyer le nombre de métiers à chaque changement des métiers',
      },
      term: {
        name: 'trimestre',
        description: 'Envoyer le trimestre quand un trimestre commence ou se termine',
      },
      award: {
        name: 'attribution',
        description: 'Envoyer chaque attribution : maison, points, raison, par qui et pour qui',
      },
    },
    webhookList: {
      name: 'liste',
      description: 'Lister les webhooks de ce serveur (jamais leurs secrets)',
    },
    webhookRemove: {
      name: 'supprimer',
      description: 'Supprimer un webhook, avec ses messages encore en attente',
    },
    webhookRemoveId: {
      name: 'numéro',
      description: 'Le numéro du webhook donné par /webhook liste',
    },
    term: {
      name: 'trimestre',
      description:
        'Les trimestres de ce serveur : chaque coupe gagnée, gardée au palmarès, puis relancée',
    },
    termStart: {
      name: 'commencer',
      description: 'Commencer un trimestre (Gérer le serveur) ; un seul est ouvert à la fois',
    },
    termStartName: { name: 'nom', description: 'Le nom du trimestre, par ex. Automne 2026' },
    termEnd: {
      name: 'terminer',
      description:
        'Terminer le trimestre ouvert, en gardant son classement et ses gagnants (Gérer le serveur)',
    },
    termEndReset: {
      name: 'remise-à-zéro',
      description: 'Remettre les points des quatre maisons à 0 une fois le classement gardé',
    },
    termList: {
      name: 'liste',
      description: 'Les trimestres de ce serveur, du plus récent, avec leurs gagnants',
    },
    award: {
      name: 'attribuer',
      description:
        'Donner des points aux maisons avec une raison, ou en reprendre (Gérer le serveur)',
    },
    awardGive: {
      name: 'donner',
      description:
        'Donner des points à une maison, avec une raison visible de tous (négatif : en retire)',
    },
    awardGiveHouse: { name: 'maison', description: 'La maison qui reçoit les points' },
    awardGivePoints: {
      name: 'points',
      description: 'Combien de points, de -1000 à 1000, sauf 0 (négatif : en retire)',
    },
    awardGiveReason: { name: 'raison', description: 'Pourquoi, en une ligne que tous liront' },
    awardGiveMember: {
      name: 'membre',
      description: 'Le membre pour qui sont les points (nommé, jamais notifié)',
    },
    awardUndo: {
      name: 'annuler',
      description: 'Reprendre une attribution, une seule fois, par son numéro',
    },
    awardUndoId: {
      name: 'numéro',
      description: 'Le numéro de l’attribution, affiché avec elle et dans /journal',
    },
    log: {
      name: 'journal',
      description: 'Le journal : qui a donné quels points, à quelle maison et pourquoi',
    },
    logHouse: { name: 'maison', description: 'Seulement les changements de cette maison' },
    logMember: { name: 'membre', description: 'Seulement les points donnés pour ce membre' },
  },
  houses: {
    gryffindor: 'Gryffondor',
    slytherin: 'Serpentard',
    ravenclaw: 'Serdaigle',
    hufflepuff: 'Poufsouffle',
  },
  noHouse: 'Aucune maison',
  sorts: {
    user_id: 'Par membre',
    galleons: 'Les plus riches d’abord',
    name: 'Par nom',
    year: 'Par année, premières années d’abord',
    created_at: 'Les profils les plus anciens d’abord',
  },
  periods: { week: 'Cette semaine', month: 'Ce mois-ci', term: 'Ce trimestre' },
  galleons: plural({ one: '{n} gallion', many: '{n} gallions', other: '{n} gallions' }),
  players: {
    title: 'Joueurs de ce serveur',
    noYear: 'Aucune année',
    year: (year) => `Année ${year}`,
    noJob: 'Aucun métier',
    job: (id) => `Métier #${id}`,
    jobLine: (job) => `Métier : ${job}`,
    profile: (id) => `Profil #${id}`,
    profiles: plural({ one: '{n} profil', many: '{n} profils', other: '{n} profils' }),
    footer: (page, pages, profiles) => `Page ${page} sur ${pages} · ${profiles}`,
    memberTitle: plural({ one: 'Profil', many: '{n} profils', other: '{n} profils' }),
    member: (who) => `Membre : ${who}`,
    notYours:
      'Seule la personne qui a lancé ce /joueurs peut en tourner les pages. Lancez /joueurs pour avoir le vôtre.',
    leaders: {
      week: (from, to) => `Meneurs de la semaine (${from} – ${to})`,
      month: (from, to) => `Meneurs du mois (${from} – ${to})`,
      term: (name, since) => `Meneurs du trimestre ${name} (depuis le ${since})`,
    },
  },
  rank: {
    title: plural({ one: 'Rang', many: 'Rangs de {n} profils', other: 'Rangs de {n} profils' }),
    inServer: (rank, of) => `n° ${rank} sur ${of} du serveur`,
    inHouse: (rank, of, house) => `n° ${rank} sur ${of} à ${house}`,
    week: (change) => `${change} cette semaine`,
    month: (change) => `${change} ce mois-ci`,
  },
  jobs: {
    title: (count) => `Métiers de ce serveur (${count})`,
    holders: plural({ one: '{n} titulaire', many: '{n} titulaires', other: '{n} titulaires' }),
  },
  points: {
    title: '🏆 Classement de la Coupe des Quatre Maisons',
    points: plural({ one: '{n} point', many: '{n} points', other: '{n} points' }),
    week: (change) => `${change} cette semaine`,
    term: (name, since) => `🎓 Trimestre : **${name}** — depuis le ${since}`,
  },
  chart: {
    period: plural({
      one: '24 dernières heures',
      many: '{n} derniers jours',
      other: '{n} derniers jours',
    }),
    standings: 'Classement actuel',
  },
  premium: {
    activeTitle: '✨ Premium est actif',
    noExpiry: 'Sans date d’expiration.',
    expiresOn: (date) => `Expire le ${date}.`,
    inactiveTitle: 'Premium n’est pas actif',
    expiredOn: (date) => `Expiré le ${date}.`,
    none: 'Ce serveur n’a pas premium.',
  },
  apikey: {
    listTitle: (count) => `Clés d’API de ce serveur (${count})`,
    never: 'jamais',
    noName: '(sans nom)',
    revoked: (date) => `❌ révoquée le ${date}`,
    dates: (created, lastUsed) => `créée le ${created} · dernière utilisation : ${lastUsed}`,
    empty: 'Aucune clé pour l’instant : `/clé-api créer` en crée une.',
    createdTitle: (id) => `Clé d’API #${id} créée`,
    copyNow:
      'Copiez-la maintenant : elle n’est affichée que cette fois et n’est conservée que sous forme de hachage.',
    readsOnly: (guild) =>
      `Elle ne lit que ce serveur (\`${guild}\`). Envoyez-la dans \`Authorization: Bearer <key>\`.`,
    revokeAnswer: (id) => `La clé d’API #${id} est révoquée : elle cesse aussitôt de fonctionner.`,
    full: (max) =>
      `Ce serveur a atteint sa limite de clés d’API actives (${max}). Révoquez-en d’abord une : \`/clé-api liste\` affiche leurs numéros, puis \`/clé-api révoquer numéro:<numéro>\` en révoque une.`,
    defaultName: (user) => `Discord, par ${user}`,
  },
  webhook: {
    addedTitle: (id) => `Webhook n° ${id} ajouté`,
    sendsTo: (url, events) => `Les messages vont à ${url} pour : ${events}.`,
    keepSecret:
      'Voici son secret de signature, montré cette seule fois : gardez-le avec votre récepteur, jamais dans un lieu public.',
    howToVerify:
      'Chaque message porte les en-têtes `webhook-id`, `webhook-timestamp` et `webhook-signature` (le schéma Standard Webhooks) : vérifiez le corps brut avec ce secret, par n’importe quelle bibliothèque Standard Webhooks, avant de vous y fier.',
    listTitle: (count, max) => `Webhooks de ce serveur (${count} sur ${max})`,
    empty: 'Aucun webhook pour l’instant : `/webhook ajouter url:` en crée un.',
    created: (date) => `créé le ${date}`,
    failing: (date) => `⚠️ en échec depuis le ${date}`,
    disabled: (date, why) => `❌ désactivé le ${date} : ${why}`,
    reasons: {
      gone: 'le destinataire a répondu 410 Gone',
      failing: 'tous les messages ont échoué pendant 3 jours',
      other: 'les envois ont cessé',
    },
    urlsCut: 'Les URL sont montrées sans leur chaîne de requête, qui peut contenir un jeton.',
    removed: (id) =>
      `Le webhook n° ${id} est supprimé : plus rien ne lui est envoyé, messages en attente compris.`,
    full: (max) =>
      `Ce serveur a déjà ${max} webhooks, le maximum : supprimez-en un d’abord (\`/webhook liste\` donne leurs numéros, \`/webhook supprimer numéro:<numéro>\` en supprime un).`,
    unknownEvents: (names: string) =>
      `Les événements doivent être une liste à virgules parmi ${names} : rien n’a été ajouté.`,
    noEvents:
      'Chaque événement est à False : il n’y aurait rien à envoyer, donc rien n’a été ajouté.',
    url: {
      tooLong: (max) => `L’URL dépasse ${max} caractères : rien n’a été ajouté.`,
      notUrl: 'Ce n’est pas une URL : rien n’a été ajouté.',
      scheme: (schemes) => `L’URL doit commencer par ${schemes} : rien n’a été ajouté.`,
      credentials:
        'L’URL ne doit contenir ni nom d’utilisateur ni mot de passe : rien n’a été ajouté.',
      forbiddenAddress: (host) =>
        `${host} est une adresse d’un réseau privé (loopback, privée, lien local…), où housecup n’envoie rien : rien n’a été ajouté.`,
      unresolvable: (host) => `${host} ne correspond à aucune adresse : rien n’a été ajouté.`,
    },
  },
  scoreboard: {
    live: {
      posted: (channel) =>
        `La coupe des maisons est postée dans ${channel} et tenue à jour : elle suit les points en quelques secondes, une modification toutes les 10 secondes au plus. \`/tableau-des-scores arrêter\` là-bas y met fin.`,
      missing: (channel, permissions) =>
        `housecup ne peut pas poster dans ${channel} : il lui manque ${permissions}. Rien n’a été posté.`,
      refused: (channel) =>
        `Discord a refusé le message dans ${channel} : housecup doit pouvoir y voir le salon, envoyer des messages, intégrer des liens et joindre des fichiers. Rien n’a été posté.`,
      full: (max) =>
        `Ce serveur a déjà ${max} coupes en direct, le maximum : arrêtez-en une avec \`/tableau-des-scores arrêter\` d’abord.`,
      stopped: (channel) =>
        `La coupe des maisons de ${channel} n’est plus tenue à jour ; le message reste tel quel.`,
      none: (channel) => `Il n’y a pas de coupe en direct dans ${channel}.`,
      noToken:
        'Ce housecup tourne sans son jeton de bot : il ne peut pas poster dans les salons. Son opérateur définit DISCORD_TOKEN pour cela.',
      permissions: {
        viewChannel: 'Voir le salon',
        sendMessages: 'Envoyer des messages',
        embedLinks: 'Intégrer des liens',
        attachFiles: 'Joindre des fichiers',
      },
    },
    published: (url) =>
      `La coupe des maisons de ce serveur est publique : ${url}\nAjoutez \`?overlay=1\` pour un overlay de stream.`,
    already: (url) => `La coupe des maisons de ce serveur était déjà publique : ${url}`,
    unpublished:
      'La page publique est retirée : elle répond 404 désormais, et les pages ouvertes ne se mettent plus à jour.',
    none: 'Ce serveur n’avait pas de page publique.',
    retitled: (url, title) => `Le titre de la page publique est désormais « ${title} » : ${url}`,
    noPoints:
      'Ce serveur n’a pas encore de points de maison : sa page serait vide, rien n’a donc été publié. Publiez-la dès que les maisons auront des points.',
    badTitle: (max) =>
      `Le titre doit tenir sur une ligne de 1 à ${max} caractères : rien n’a été modifié.`,
  },
  term: {
    started: (name) =>
      `Le trimestre « ${name} » a commencé. \`/trimestre terminer\` le termine et garde ses gagnants au palmarès.`,
    alreadyOpen: (name, since) =>
      `Le trimestre « ${name} » est ouvert depuis le ${since} : terminez-le d’abord avec \`/trimestre terminer\`. Aucun trimestre n’a commencé.`,
    badName: (max) =>
      `Le nom doit tenir sur une ligne de 1 à ${max} caractères : aucun trimestre n’a commencé.`,
    ended: (name, winners) => `Le trimestre « ${name} » est terminé, gagné par ${winners}.`,
    endedNoWinner: (name) =>
      `Le trimestre « ${name} » est terminé. Aucune maison n’avait de points : pas de gagnant.`,
    reset: 'Les points des maisons sont remis à 0.',
    noneOpen: 'Aucun trimestre n’est ouvert sur ce serveur : rien n’a été terminé.',
    manageServer:
      'Seuls les membres ayant la permission Gérer le serveur peuvent commencer ou terminer un trimestre.',
    listTitle: '🏆 Trimestres de ce serveur',
    empty: 'Ce serveur n’a encore aucun trimestre : `/trimestre commencer` en ouvre un.',
    dates: (from, to) => `${from} – ${to}`,
    open: (since) => `Ouvert depuis le ${since}`,
    wonBy: (houses, points) => `Gagné par ${houses} — ${points}`,
    leading: (houses, points) => `En tête : ${houses} — ${points}`,
    gained: plural({
      one: '{n} point gagné',
      many: '{n} points gagnés',
      other: '{n} points gagnés',
    }),
    noWinner: 'Aucun point de maison : pas de gagnant',
    noLeader: 'Aucune maison n’est encore en tête',
    latest: (count) => `Les ${count} trimestres les plus récents`,
  },
  award: {
    given: (house, points, reason) => `${house} **${points}** : ${reason}`,
    forMember: (member) => `Pour ${member}.`,
    total: (house, points) => `${house} a maintenant ${points}.`,
    number: (id) => `Attribution n° ${id} · \`/attribuer annuler numéro:${id}\` la reprend`,
    undone: (id, house, points) => `L’attribution n° ${id} est reprise : ${house} **${points}**.`,
    badPoints: (min, max) =>
      `Les points doivent être un nombre entier de ${min} à ${max}, sauf 0 : rien n’a été attribué.`,
    badReason: (max) =>
      `La raison doit tenir sur une ligne de 1 à ${max} caractères : rien n’a été attribué.`,
    badHouse: 'Choisissez l’une des quatre maisons : rien n’a été attribué.',
    badMember: 'Ce membre ne peut pas être nommé dans une attribution : rien n’a été attribué.',
    unknown: (id) => `Le journal de ce serveur n’a pas d’entrée n° ${id} : rien n’a été annulé.`,
    notAward: (id) =>
      `L’entrée n° ${id} n’est pas une attribution (un changement du jeu, un import, une remise à zéro de fin de trimestre ou une reprise) : seules les attributions peuvent être reprises.`,
    alreadyUndone: (id) => `L’attribution n° ${id} a déjà été reprise : rien n’a changé.`,
    rateLimited: (max, when) =>
      `Ce serveur a fait ${max} attributions dans la dernière minute, le maximum : réessayez ${when}.`,
  },
  log: {
    title: '📜 Journal des points des maisons',
    of: (what) => `📜 Journal des points des maisons · ${what}`,
    forMember: (member) => `pour ${member}`,
    by: (who) => `par ${who}`,
    sources: {
      award: 'attribution',
      undo: 'reprise',
      game: 'changé par le jeu',
      import: 'importé',
      'term-reset': 'remis à zéro en fin de trimestre',
    },
    undoneMark: 'reprise',
    footer: (page) => `Page ${page} · du plus récent`,
    empty: 'Le journal de ce serveur ne contient encore aucun changement des points des maisons.',
    emptyFiltered: 'Aucune entrée du journal de ce serveur ne correspond.',
    notYours:
      'Seule la personne qui a lancé ce /journal peut en tourner les pages. Lancez /journal pour avoir le vôtre.',
  },
  notFound: {
    term: 'Aucun trimestre n’est ouvert sur ce serveur : `/trimestre commencer` en ouvre un.',
    players: 'Aucun joueur trouvé sur ce serveur.',
    house: 'Aucun joueur de ce serveur n’est dans cette maison.',
    member: 'Ce membre n’a aucun profil sur ce serveur.',
    points: 'Aucun point de maison sur ce serveur pour l’instant.',
    jobs: 'Aucun métier trouvé sur ce serveur.',
    key: 'Aucune clé d’API active portant ce numéro n’appartient à ce serveur.',
    webhook: 'Aucun webhook de ce numéro n’appartient à ce serveur.',
  },
  errors: {
    apology:
      'Désolé, une erreur est survenue pendant la réponse. Elle a été consignée ; veuillez réessayer plus tard.',
    guildOnly: 'Cette commande ne fonctionne que dans un serveur.',
    unknownCommand: 'Ce bot ne connaît pas (ou plus) cette commande.',
  },
  lists: {
    moreLines: (count) => `…et ${count} de plus`,
    moreFields: (count) => `et ${count} de plus`,
    unknownMember: '(membre inconnu)',
  },
};
