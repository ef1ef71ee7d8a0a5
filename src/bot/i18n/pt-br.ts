import type { Messages } from './messages.js';
import { plural } from './plural.js';

/** Brazilian Portuguese, as the books name the houses. */
export const ptBR: Messages<'one' | 'many' | 'other'> = {
  commands: {
    apikey: {
      name: 'chave-api',
      description: 'Gerencie as chaves deste servidor para a API HTTP do housecup',
    },
    apikeyCreate: {
      name: 'criar',
      description: 'Crie uma chave que lê só este servidor (mostrada uma vez, só para você)',
    },
    apikeyCreateName: { name: 'nome', description: 'Um nome para reconhecer a chave' },
    apikeyList: {
      name: 'listar',
      description: 'Liste as chaves deste servidor (nunca as chaves em si)',
    },
    apikeyRevoke: {
      name: 'revogar',
      description: 'Revogue uma chave deste servidor; ela para de funcionar na hora',
    },
    apikeyRevokeId: {
      name: 'número',
      description: 'O número da chave mostrado por /chave-api listar',
    },
    jobs: {
      name: 'empregos',
      description: 'Os empregos deste servidor, com salário e quantos perfis tem cada um',
    },
    players: {
      name: 'jogadores',
      description: 'Os perfis de jogador deste servidor, ou todos os perfis de um membro',
    },
    playersMember: { name: 'membro', description: 'Mostrar só os perfis deste membro' },
    playersSort: {
      name: 'ordem',
      description: 'Ordem da lista (por membro, se não for informada)',
    },
    playersHouse: { name: 'casa', description: 'Só os perfis desta casa' },
    playersPeriod: {
      name: 'período',
      description: 'Os líderes da semana, do mês ou do período, pelos galeões ganhos',
    },
    points: { name: 'pontos', description: 'A Taça das Casas: as quatro casas por pontos' },
    premium: { name: 'premium', description: 'Se este servidor tem premium, e até quando' },
    rank: {
      name: 'posição',
      description: 'Onde um membro está: posição por galeões, variação desta semana e deste mês',
    },
    rankMember: {
      name: 'membro',
      description: 'De quem mostrar a posição (a sua, se ninguém for escolhido)',
    },
    scoreboard: {
      name: 'placar',
      description: 'A Taça das Casas deste servidor: numa página pública ou ao vivo num canal',
    },
    scoreboardPublish: {
      name: 'publicar',
      description:
        'Torne a Taça das Casas pública: classificação e gráfico, nunca dados de jogadores',
    },
    scoreboardPublishTitle: {
      name: 'título',
      description: 'O título da página, por exemplo o nome do seu servidor (padrão: House cup)',
    },
    scoreboardUnpublish: {
      name: 'despublicar',
      description: 'Tire a página pública do ar; páginas abertas param de atualizar na hora',
    },
    scoreboardPost: {
      name: 'postar',
      description:
        'Poste a Taça das Casas num canal e mantenha-a atualizada (no máximo 5 por servidor)',
    },
    scoreboardPostChannel: { name: 'canal', description: 'Onde postar (padrão: este canal)' },
    scoreboardStop: {
      name: 'parar',
      description: 'Pare de atualizar a Taça das Casas num canal; a mensagem fica',
    },
    scoreboardStopChannel: {
      name: 'canal',
      description: 'O canal cuja Taça ao vivo para (padrão: este canal)',
    },
    webhook: {
      name: 'webhook',
      description:
        'Envie as mudanças deste servidor como POSTs assinados às suas próprias ferramentas',
    },
    webhookAdd: {
      name: 'adicionar',
      description:
        'Envie as mudanças a uma URL (o segredo de assinatura é mostrado uma vez, só para você)',
    },
    webhookAddUrl: { name: 'url', description: 'O endereço https:// para onde enviar' },
    webhookAddEventList: {
      name: 'eventos',
      description:
        'Os eventos como lista separada por vírgulas, ex.: points,term (ou cada um abaixo)',
    },
    webhookAddEvents: {
      points: { name: 'pontos', description: 'Enviar os pontos das casas a cada mudança' },
      premium: { name: 'premium', description: 'Enviar o premium a cada mudança' },
      players: {
        name: 'jogadores',
        description: 'Enviar o número de perfis a cada mudança dos perfis',
      },
      jobs: {
        name: 'empregos',
        description: 'Enviar o número de empregos a cada mudança dos empregos',
      },
      term: { name: 'período', description: 'Enviar o período quando um começa ou termina' },
      award: {
        name: 'concessão',
        description: 'Envia cada concessão: casa, pontos, motivo, quem deu e para quem',
      },
    },
    webhookList: {
      name: 'listar',
      description: 'Liste os webhooks deste servidor (nunca os segredos)',
    },
    webhookRemove: {
      name: 'remover',
      description: 'Remova um webhook, com as mensagens ainda pendentes',
    },
    webhookRemoveId: {
      name: 'número',
      description: 'O número do webhook mostrado por /webhook listar',
    },
    term: {
      name: 'período',
      description:
        'Os períodos deste servidor: cada taça ganha, guardada no hall da fama e recomeçada',
    },
    termStart: {
      name: 'iniciar',
      description: 'Inicia um período (Gerenciar servidor); só um fica aberto por vez',
    },
    termStartName: { name: 'nome', description: 'O nome do período, por ex. Outono 2026' },
    termEnd: {
      name: 'encerrar',
      description:
        'Encerra o período aberto, guardando a classificação e os vencedores (Gerenciar servidor)',
    },
    termEndReset: {
      name: 'zerar',
      description: 'Zera os pontos das quatro casas depois de guardar a classificação',
    },
    termList: {
      name: 'lista',
      description: 'Os períodos deste servidor, do mais recente, com os vencedores',
    },
    award: {
      name: 'conceder',
      description:
        'Dê pontos às casas com um motivo, ou desfaça uma concessão (Gerenciar servidor)',
    },
    awardGive: {
      name: 'dar',
      description: 'Dê pontos a uma casa, com um motivo que todos veem (negativo tira pontos)',
    },
    awardGiveHouse: { name: 'casa', description: 'A casa que recebe os pontos' },
    awardGivePoints: {
      name: 'pontos',
      description: 'Quantos pontos, de -1000 a 1000, menos 0 (negativo tira pontos)',
    },
    awardGiveReason: { name: 'motivo', description: 'Por quê, em uma linha que todos vão ler' },
    awardGiveMember: {
      name: 'membro',
      description: 'O membro para quem são os pontos (citado, nunca notificado)',
    },
    awardUndo: {
      name: 'desfazer',
      description: 'Desfaça uma concessão, uma única vez, pelo número',
    },
    awardUndoId: {
      name: 'número',
      description: 'O número da concessão, mostrado com ela e no /registro',
    },
    log: {
      name: 'registro',
      description: 'O registro: quem deu quais pontos, a qual casa e por quê, do mais recente',
    },
    logHouse: { name: 'casa', description: 'Só as mudanças desta casa' },
    logMember: { name: 'membro', description: 'Só os pontos dados para este membro' },
  },
  houses: {
    gryffindor: 'Grifinória',
    slytherin: 'Sonserina',
    ravenclaw: 'Corvinal',
    hufflepuff: 'Lufa-Lufa',
  },
  noHouse: 'Sem casa',
  sorts: {
    user_id: 'Por membro',
    galleons: 'Mais ricos primeiro',
    name: 'Por nome',
    year: 'Por ano, do primeiro em diante',
    created_at: 'Perfis mais antigos primeiro',
  },
  periods: { week: 'Esta semana', month: 'Este mês', term: 'Este período' },
  galleons: plural({ one: '{n} galeão', many: '{n} galeões', other: '{n} galeões' }),
  players: {
    title: 'Jogadores deste servidor',
    noYear: 'Sem ano',
    year: (year) => `${year}º ano`,
    noJob: 'Sem emprego',
    job: (id) => `Emprego #${id}`,
    jobLine: (job) => `Emprego: ${job}`,
    profile: (id) => `Perfil #${id}`,
    profiles: plural({ one: '{n} perfil', many: '{n} perfis', other: '{n} perfis' }),
    footer: (page, pages, profiles) => `Página ${page} de ${pages} · ${profiles}`,
    memberTitle: plural({ one: 'Perfil', many: '{n} perfis', other: '{n} perfis' }),
    member: (who) => `Membro: ${who}`,
    notYours: 'Só quem usou este /jogadores pode virar as páginas. Use /jogadores para ter a sua.',
    leaders: {
      week: (from, to) => `Líderes desta semana (${from} – ${to})`,
      month: (from, to) => `Líderes deste mês (${from} – ${to})`,
      term: (name, since) => `Líderes do período ${name} (desde ${since})`,
    },
  },
  rank: {
    title: plural({
      one: 'Posição',
      many: 'Posições de {n} perfis',
      other: 'Posições de {n} perfis',
    }),
    inServer: (rank, of) => `${rank}º de ${of} no servidor`,
    inHouse: (rank, of, house) => `${rank}º de ${of} na ${house}`,
    week: (change) => `${change} nesta semana`,
    month: (change) => `${change} neste mês`,
  },
  jobs: {
    title: (count) => `Empregos deste servidor (${count})`,
    holders: plural({ one: '{n} ocupante', many: '{n} ocupantes', other: '{n} ocupantes' }),
  },
  points: {
    title: '🏆 Classificação da Taça das Casas',
    points: plural({ one: '{n} ponto', many: '{n} pontos', other: '{n} pontos' }),
    week: (change) => `${change} esta semana`,
    term: (name, since) => `🎓 Período: **${name}** — desde ${since}`,
  },
  chart: {
    period: plural({
      one: 'Últimas 24 horas',
      many: 'Últimos {n} dias',
      other: 'Últimos {n} dias',
    }),
    standings: 'Classificação atual',
  },
  premium: {
    activeTitle: '✨ Premium está ativo',
    noExpiry: 'Sem data de expiração.',
    expiresOn: (date) => `Expira em ${date}.`,
    inactiveTitle: 'Premium não está ativo',
    expiredOn: (date) => `Expirou em ${date}.`,
    none: 'Este servidor não tem premium.',
  },
  apikey: {
    listTitle: (count) => `Chaves de API deste servidor (${count})`,
    never: 'nunca',
    noName: '(sem nome)',
    revoked: (date) => `❌ revogada em ${date}`,
    dates: (created, lastUsed) => `criada: ${created} · último uso: ${lastUsed}`,
    empty: 'Nenhuma chave ainda: `/chave-api criar` cria uma.',
    createdTitle: (id) => `Chave de API #${id} criada`,
    copyNow: 'Copie agora: ela só é mostrada desta vez e só é guardada como hash.',
    readsOnly: (guild) =>
      `Ela lê só este servidor (\`${guild}\`). Envie como \`Authorization: Bearer <key>\`.`,
    revokeAnswer: (id) => `A chave de API #${id} foi revogada: ela para de funcionar na hora.`,
    full: (max) =>
      `Este servidor atingiu o limite de chaves de API ativas (${max}). Revogue uma primeiro: \`/chave-api listar\` mostra os números delas, e depois \`/chave-api revogar número:<número>\` revoga uma.`,
    defaultName: (user) => `Discord, por ${user}`,
  },
  webhook: {
    addedTitle: (id) => `Webhook nº ${id} adicionado`,
    sendsTo: (url, events) => `As mensagens vão para ${url} para: ${events}.`,
    keepSecret:
      'Este é o segredo de assinatura, mostrado só desta vez: guarde-o junto ao seu receptor, nunca em um lugar público.',
    howToVerify:
      'Cada mensagem traz os cabeçalhos `webhook-id`, `webhook-timestamp` e `webhook-signature` (o esquema Standard Webhooks): verifique o corpo bruto com este segredo, com qualquer biblioteca Standard Webhooks, antes de confiar nele.',
    listTitle: (count, max) => `Webhooks deste servidor (${count} de ${max})`,
    empty: 'Ainda não há webhook: `/webhook adicionar url:` cria um.',
    created: (date) => `criado em ${date}`,
    failing: (date) => `⚠️ falhando desde ${date}`,
    disabled: (date, why) => `❌ desativado em ${date}: ${why}`,
    reasons: {
      gone: 'o destino respondeu 410 Gone',
      failing: 'todas as mensagens falharam por 3 dias',
      other: 'os envios pararam',
    },
    urlsCut: 'As URLs aparecem sem a query string, que pode conter um token.',
    removed: (id) =>
      `O webhook nº ${id} foi removido: nada mais é enviado a ele, nem as mensagens pendentes.`,
    full: (max) =>
      `Este servidor já tem ${max} webhooks, o máximo: remova um primeiro (\`/webhook listar\` mostra os números, \`/webhook remover número:<número>\` remove um).`,
    unknownEvents: (names: string) =>
      `Os eventos devem ser uma lista separada por vírgulas entre ${names}: nada foi adicionado.`,
    noEvents:
      'Todos os eventos foram definidos como False: não haveria nada a enviar, então nada foi adicionado.',
    url: {
      tooLong: (max) => `A URL tem mais de ${max} caracteres: nada foi adicionado.`,
      notUrl: 'Isso não é uma URL: nada foi adicionado.',
      scheme: (schemes) => `A URL deve começar com ${schemes}: nada foi adicionado.`,
      credentials: 'A URL não pode ter usuário nem senha: nada foi adicionado.',
      forbiddenAddress: (host) =>
        `${host} é um endereço de uma rede privada (loopback, privado, link-local…), para onde o housecup não envia nada: nada foi adicionado.`,
      unresolvable: (host) => `${host} não corresponde a nenhum endereço: nada foi adicionado.`,
    },
  },
  scoreboard: {
    live: {
      posted: (channel) =>
        `A Taça das Casas está em ${channel} e fica atualizada: acompanha os pontos em segundos, no máximo uma edição a cada 10 segundos. \`/placar parar\` lá encerra.`,
      missing: (channel, permissions) =>
        `O housecup não pode postar em ${channel}: falta-lhe ${permissions} lá. Nada foi postado.`,
      refused: (channel) =>
        `O Discord recusou a mensagem em ${channel}: o housecup precisa lá de Ver canal, Enviar mensagens, Inserir links e Anexar arquivos. Nada foi postado.`,
      full: (max) =>
        `Este servidor já tem ${max} Taças ao vivo, o máximo: pare uma com \`/placar parar\` antes.`,
      stopped: (channel) =>
        `A Taça das Casas em ${channel} não é mais atualizada; a mensagem fica como estava.`,
      none: (channel) => `Não há Taça ao vivo em ${channel}.`,
      noToken:
        'Este housecup roda sem o token do bot, então não pode postar em canais: para isso, quem o opera define DISCORD_TOKEN.',
      permissions: {
        viewChannel: 'Ver canal',
        sendMessages: 'Enviar mensagens',
        embedLinks: 'Inserir links',
        attachFiles: 'Anexar arquivos',
      },
    },
    published: (url) =>
      `A Taça das Casas deste servidor agora é pública: ${url}\nAdicione \`?overlay=1\` para um overlay de live.`,
    already: (url) => `A Taça das Casas deste servidor já era pública: ${url}`,
    unpublished:
      'A página pública saiu do ar: agora ela responde 404, e páginas abertas param de atualizar.',
    none: 'Este servidor não tinha página pública.',
    retitled: (url, title) => `O título da página pública agora é “${title}”: ${url}`,
    noPoints:
      'Este servidor ainda não tem pontos das casas, então a página ficaria vazia: nada foi publicado. Publique quando as casas tiverem pontos.',
    badTitle: (max) =>
      `O título deve ser uma única linha de 1 a ${max} caracteres: nada foi alterado.`,
  },
  term: {
    started: (name) =>
      `O período “${name}” começou. \`/período encerrar\` o encerra e guarda os vencedores no hall da fama.`,
    alreadyOpen: (name, since) =>
      `O período “${name}” está aberto desde ${since}: encerre-o primeiro com \`/período encerrar\`. Nenhum período foi iniciado.`,
    badName: (max) =>
      `O nome deve ser uma única linha de 1 a ${max} caracteres: nenhum período foi iniciado.`,
    ended: (name, winners) => `O período “${name}” terminou, vencido por ${winners}.`,
    endedNoWinner: (name) =>
      `O período “${name}” terminou. Nenhuma casa tinha pontos: sem vencedor.`,
    reset: 'Os pontos das casas voltaram a 0.',
    noneOpen: 'Não há período aberto neste servidor: nada foi encerrado.',
    manageServer:
      'Só membros com a permissão Gerenciar servidor podem iniciar ou encerrar um período.',
    listTitle: '🏆 Períodos deste servidor',
    empty: 'Este servidor ainda não tem períodos: `/período iniciar` abre um.',
    dates: (from, to) => `${from} – ${to}`,
    open: (since) => `Aberto desde ${since}`,
    wonBy: (houses, points) => `Vencido por ${houses} — ${points}`,
    leading: (houses, points) => `Na liderança: ${houses} — ${points}`,
    gained: plural({
      one: '{n} ponto ganho',
      many: '{n} pontos ganhos',
      other: '{n} pontos ganhos',
    }),
    noWinner: 'Sem pontos das casas: sem vencedor',
    noLeader: 'Nenhuma casa lidera ainda',
    latest: (count) => `Os ${count} períodos mais recentes`,
  },
  award: {
    given: (house, points, reason) => `${house} **${points}**: ${reason}`,
    forMember: (member) => `Para ${member}.`,
    total: (house, points) => `${house} agora tem ${points}.`,
    number: (id) => `Concessão nº ${id} · \`/conceder desfazer número:${id}\` a desfaz`,
    undone: (id, house, points) => `A concessão nº ${id} foi desfeita: ${house} **${points}**.`,
    badPoints: (min, max) =>
      `Os pontos devem ser um número inteiro de ${min} a ${max}, diferente de 0: nada foi concedido.`,
    badReason: (max) =>
      `O motivo deve ser uma única linha de 1 a ${max} caracteres: nada foi concedido.`,
    badHouse: 'Escolha uma das quatro casas: nada foi concedido.',
    badMember: 'Esse membro não pode ser citado em uma concessão: nada foi concedido.',
    unknown: (id) => `O registro deste servidor não tem a entrada nº ${id}: nada foi desfeito.`,
    notAward: (id) =>
      `A entrada nº ${id} não é uma concessão (uma mudança do jogo, uma importação, um zeramento de fim de período ou um desfazer): só concessões podem ser desfeitas.`,
    alreadyUndone: (id) => `A concessão nº ${id} já tinha sido desfeita: nada mudou.`,
    rateLimited: (max, when) =>
      `Este servidor fez ${max} concessões no último minuto, o máximo: tente de novo ${when}.`,
  },
  log: {
    title: '📜 Registro dos pontos das casas',
    of: (what) => `📜 Registro dos pontos das casas · ${what}`,
    forMember: (member) => `para ${member}`,
    by: (who) => `por ${who}`,
    sources: {
      award: 'concessão',
      undo: 'desfeita',
      game: 'mudado pelo jogo',
      import: 'importado',
      'term-reset': 'zerado no fim de um período',
    },
    undoneMark: 'desfeita',
    footer: (page) => `Página ${page} · do mais recente`,
    empty: 'O registro deste servidor ainda não tem nenhuma mudança dos pontos das casas.',
    emptyFiltered: 'Nenhuma entrada do registro deste servidor corresponde.',
    notYours: 'Só quem usou este /registro pode virar as páginas. Use /registro para ter o seu.',
  },
  notFound: {
    term: 'Não há período aberto neste servidor: `/período iniciar` abre um.',
    players: 'Nenhum jogador encontrado neste servidor.',
    house: 'Nenhum jogador deste servidor está nessa casa.',
    member: 'Esse membro não tem perfil neste servidor.',
    points: 'Ainda não há pontos das casas neste servidor.',
    jobs: 'Nenhum emprego encontrado neste servidor.',
    key: 'Nenhuma chave de API ativa com esse número pertence a este servidor.',
    webhook: 'Nenhum webhook com esse número pertence a este servidor.',
  },
  errors: {
    apology:
      'Desculpe, algo deu errado ao responder. O erro foi registrado; tente de novo mais tarde.',
    guildOnly: 'Este comando só funciona dentro de um servidor.',
    unknownCommand: 'Este bot não conhece (mais) este comando.',
  },
  lists: {
    moreLines: (count) => `…e mais ${count}`,
    moreFields: (count) => `e mais ${count}`,
    unknownMember: '(membro desconhecido)',
  },
};
