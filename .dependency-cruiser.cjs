// The layers of docs/architecture.md, checked by `npm run lint`: data flows one way,
// store → read service → answers → presenters, and no presenter imports another.
const PRESENTERS = '^(src/http|src/pages|src/bot|src/interactions|commands)/';
// /interactions and the gateway are two transports of one Discord presenter: they share the
// command code (src/bot, commands/).
const DISCORD = '^(src/bot|src/interactions|commands)/';
const BELOW_PRESENTERS = '^src/(answers|events|pictures|read|store|records|transfer)/';

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
      to: { path: '^src/(answers|events|pictures)/' },
    },
    {
      name: 'imports-composition-root',
      severity: 'error',
      comment: 'Only the entry points import the composition root.',
      from: { pathNot: '^src/(main|start|demo|cli/.*)\\.ts$' },
      to: { path: '^src/start\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle of types still ties two modules' designs together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
