import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EXPIRED_GUILD, DEMO_GUILD, DEMO_MEMBER } from '../../src/http/endpoints/demo-ids.js';
import { packageRoot } from '../../src/paths.js';
import { listen } from '../support/app.js';
import { buildDemoApp, type DemoApp } from './support/demo-app.js';

// Asynchronous: the server answering these children runs in this very process.
const run = promisify(execFile);

/*
 * What a client author does with the served document: generate TypeScript types from it with
 * openapi-typescript (as the README says), write a client with openapi-fetch, type-check it, and
 * run it. test/ops/client/housecup-client.ts calls all nine endpoints and walks a paged list.
 */

const folder = join(packageRoot, 'test', 'ops', 'client');
const generated = join(folder, 'generated', 'housecup.d.ts');
const client = join(folder, 'housecup-client.ts');

let demo: DemoApp;
let url: string;

beforeAll(async () => {
  demo = await buildDemoApp();
  ({ url } = await listen(demo.app));
});
afterAll(async () => {
  await demo?.close();
  rmSync(join(folder, 'generated'), { recursive: true, force: true });
});

describe('a typed client generated from the served document', () => {
  it('is generated, type-checks, and reads every endpoint and a whole paged list', async () => {
    await run(
      process.execPath,
      [
        join(packageRoot, 'node_modules/openapi-typescript/bin/cli.js'),
        `${url}/v1/openapi.json`,
        '-o',
        generated,
      ],
      { cwd: packageRoot },
    );

    const program = ts.createProgram([client], {
      strict: true,
      noEmit: true,
      noUncheckedIndexedAccess: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2023,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      skipLibCheck: true,
      types: ['node'],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(problems).toEqual([]);

    const { stdout } = await run(process.execPath, ['--import', 'tsx', client], {
      cwd: packageRoot,
      env: {
        ...process.env,
        BASE_URL: url,
        KEY: demo.key,
        GUILD: DEMO_GUILD,
        MEMBER: DEMO_MEMBER,
        EXPIRED_GUILD: DEMO_EXPIRED_GUILD,
      },
    });
    const read = JSON.parse(stdout);
    expect(read).toEqual({
      typed: [true, true, true, true, true],
      // Each area lists its own methods and the event stream, which carries all four.
      areas: { '/v1/players': 4, '/v1/points': 6, '/v1/jobs': 2, '/v1/premium': 2 },
      names: ['Harry Potter', 'Harry (Half-Blood Prince era)', 'Harry (Auror)'],
      gryffindor: 1240,
      salaries: [120, 110, 90, 100, 70, 130],
      active: true,
      inactive: { guildId: DEMO_EXPIRED_GUILD, premium: false, status: 404 },
      walked: 47,
      pages: 5,
      total: 47,
      ledger: [['gryffindor', 1240, false]],
    });
  });
});
