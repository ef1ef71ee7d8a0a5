// The layers of docs/architecture.md, checked by `npm run lint`: data flows one way,
// store → read service → answers → presenters, and no presenter imports another.
const PRESENTERS = '^(src/http|src/pages|src/bot|src/interactions|commands)/';
// /interactions and the gateway are two transports of one Discord presenter: they share the
// command code (src/bot, commands/).
const DISCORD = '^(src/bot|src/interactions|commands)/';
const BELOW_PRESENTERS = '^src/(answers|events|webhooks|pictures|read|store|records|transfer)/';
// The rooms (folders) by level, lowest first: a room imports rooms of lower levels only, never one
// beside it or above it, so no two rooms import each other, however many files lie between. A
// new import against this order is a decision: move the code, or move the room here.
const ROOM_LEVELS = [
  ['src/records'],
  ['src/read', 'src/transfer', 'src/keys', 'src/pictures'],
  ['src/store', 'src/budgets'],
  ['src/redis', 'src/answers'],
  ['src/events', 'src/bot'],
  ['src/webhooks'],
  ['src/http', 'src/pages', 'src/interactions', 'commands'],
  ['src/cli'],
];
const anyOf = (rooms) => `^(${rooms.join('|')})/`;
const roomRules = ROOM_LEVELS.flatMap((level, i) =>
  level.map((room) => ({
    name: 'room-imports-room-beside-or-above',
    severity: 'error',
    comment: 'Rooms import downwards only (ROOM_LEVELS): two rooms that import each other are one.',
    from: { path: `^${room}/` },
    to: {
      path: anyOf([...level.filter((other) => other !== room), ...ROOM_LEVELS.slice(i + 1).flat()]),
    },
  })),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle (type imports included) ties modules that should be layered.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'presenter-imports-presenter',
      severity: 'error',
      comment:
        'A presenter (HTTP, pages, Discord) takes what it shares with another from src/answers, ' +
        'never from that presenter; the composition root (src/start.ts) mounts one in another.',
      from: { path: '^src/(http|pages)/' },
      to: { path: PRESENTERS, pathNot: '^src/$1/' },
    },
    {
      name: 'presenter-imports-presenter',
      severity: 'error',
      comment: 'The Discord presenter imports no other presenter.',
      from: { path: DISCORD },
      to: { path: PRESENTERS, pathNot: DISCORD },
    },
    {
      name: 'below-imports-presenter',
      severity: 'error',
      comment:
        'Answers, live events, pictures, the read service and the store know nothing of the ' +
        'presenters above them.',
      from: { path: BELOW_PRESENTERS },
      to: { path: PRESENTERS },
    },
    {
      name: 'read-imports-answers',
      severity: 'error',
      comment: 'The read service and the store give data; answers are built above them.',
      from: { path: '^src/(read|store|records)/' },
      to: { path: '^src/(answers|events|webhooks|pictures)/' },
    },
    {
      name: 'imports-composition-root',
      severity: 'error',
      comment: 'Only the process entry (src/main.ts) imports the composition root.',
      from: { pathNot: '^src/main\\.ts$' },
      to: { path: '^src/start\\.ts$' },
    },
    ...roomRules,
    {
      name: 'root-file-imports-room',
      severity: 'error',
      comment:
        'What every room reads of the process (config, logger, paths) imports no room: the rooms ' +
        'import it, so such an import would tie that room to all of them.',
      from: {
        path: '^src/(config|logger|paths|trusted-proxies|process-failures|log-stream|supported-node|node-http)\\.ts$',
      },
      to: { path: '^(src/[^/]+|commands)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle of types still ties two modules' designs together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
