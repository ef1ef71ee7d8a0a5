/*
 * The fake Discord must refuse what real Discord refuses, or a bot test passes on a body that
 * would fail in production. Each limit is probed at its edge: the largest body accepted, one
 * character more refused with Discord's 400 (code 50035, errors nested by path).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../support/fake-discord.js';

let fake: FakeDiscord;
let lenient: FakeDiscord;
beforeAll(async () => {
  fake = await FakeDiscord.start();
  lenient = await FakeDiscord.start({ houseRules: false });
});
afterAll(async () => {
  await fake?.close();
  await lenient?.close();
});

type Body = Record<string, unknown>;
const NONE = { parse: [] };

async function send(path: string, method: string, body: unknown, to = fake) {
  const response = await fetch(`${to.restUrl}/v10${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Body) : undefined };
}

/** An interaction of its own per reply: Discord takes one answer per interaction. */
let interactions = 100;
const reply = (data: Body, to = fake) =>
  send(`/interactions/${++interactions}/token/callback`, 'POST', { type: 4, data }, to);

function button(customId: string) {
  return { type: 2, style: 2, custom_id: customId, label: 'x' };
}

function rows(count: number, perRow: number, idLength = 10) {
  return Array.from({ length: count }, (_, r) => ({
    type: 1,
    components: Array.from({ length: perRow }, (_, c) =>
      button(`${r}-${c}-`.padEnd(idLength, 'x')),
    ),
  }));
}

/** One embed whose texts add up to exactly `total` characters (up to 6,000 and more). */
function embedOfTotal(total: number): Body {
  const description = Math.min(4096, total - 1);
  const fields: { name: string; value: string }[] = [];
  for (let left = total - 1 - description; left > 0; left -= 1000) {
    const size = Math.min(1000, left);
    fields.push({ name: 'n', value: 'v'.repeat(size - 1) });
  }
  return { title: 'T', description: 'D'.repeat(description), fields };
}

describe('one answer per interaction', () => {
  it('a second callback to an interaction is refused: 400, code 40060', async () => {
    const answer = { type: 4, data: { content: 'once', allowed_mentions: NONE } };
    const path = '/interactions/7/once/callback';
    expect((await send(path, 'POST', answer)).status).toBe(204);
    expect(await send(path, 'POST', answer)).toEqual({
      status: 400,
      body: { message: 'Interaction has already been acknowledged.', code: 40060 },
    });
  });
});

describe('messages at the limits are accepted', () => {
  it('content 2,000; an embed of 6,000 characters; 5 rows of 5 buttons with 100-character ids', async () => {
    const answer = await reply({
      content: 'c'.repeat(2000),
      embeds: [embedOfTotal(6000)],
      components: rows(5, 5, 100),
      allowed_mentions: NONE,
    });
    expect(answer.status).toBe(204);
  });

  it('25 fields of 256 and 1,024 characters in 10 embeds, and a zero-width field name', async () => {
    const fields = Array.from({ length: 25 }, () => ({ name: 'n', value: 'v' }));
    const embeds = Array.from({ length: 10 }, () => ({ title: 't'.repeat(256), fields }));
    embeds[0] = {
      title: 't',
      fields: [
        { name: 'n'.repeat(256), value: 'v'.repeat(1024) },
        { name: '\u200b', value: 'x' },
      ],
    } as never;
    expect((await reply({ embeds, allowed_mentions: NONE })).status).toBe(204);
  });
});

describe('messages real Discord refuses are refused', () => {
  const cases: [string, Body, (string | number)[], string][] = [
    ['content over 2,000', { content: 'c'.repeat(2001) }, ['content'], 'BASE_TYPE_MAX_LENGTH'],
    [
      '11 embeds',
      { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) },
      ['embeds'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a title over 256',
      { embeds: [{ title: 't'.repeat(257) }] },
      ['embeds', 0, 'title'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a description over 4,096',
      { embeds: [{ description: 'd'.repeat(4097) }] },
      ['embeds', 0, 'description'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      '26 fields',
      { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] },
      ['embeds', 0, 'fields'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a field name over 256',
      { embeds: [{ fields: [{ name: 'n'.repeat(257), value: 'v' }] }] },
      ['embeds', 0, 'fields', 0, 'name'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a field value over 1,024',
      { embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] },
      ['embeds', 0, 'fields', 0, 'value'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a blank field name',
      { embeds: [{ fields: [{ name: ' \n ', value: 'v' }] }] },
      ['embeds', 0, 'fields', 0, 'name'],
      'BASE_TYPE_REQUIRED',
    ],
    [
      'a blank field value',
      { embeds: [{ fields: [{ name: 'n', value: '   ' }] }] },
      ['embeds', 0, 'fields', 0, 'value'],
      'BASE_TYPE_REQUIRED',
    ],
    [
      '6,001 characters of embeds',
      { embeds: [embedOfTotal(6001)] },
      ['embeds'],
      'MAX_EMBED_SIZE_EXCEEDED',
    ],
    [
      'embeds over 6,000 together',
      { embeds: [embedOfTotal(3001), embedOfTotal(3000)] },
      ['embeds'],
      'MAX_EMBED_SIZE_EXCEEDED',
    ],
    ['6 rows', { components: rows(6, 1) }, ['components'], 'BASE_TYPE_MAX_LENGTH'],
    [
      '6 buttons in a row',
      { components: rows(1, 6) },
      ['components', 0, 'components'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a custom_id over 100',
      { components: rows(1, 1, 101) },
      ['components', 0, 'components', 0, 'custom_id'],
      'BASE_TYPE_BAD_LENGTH',
    ],
    [
      'a custom_id used twice',
      { components: [{ type: 1, components: [button('same'), button('same')] }] },
      ['components', 0, 'components', 1, 'custom_id'],
      'COMPONENT_CUSTOM_ID_DUPLICATED',
    ],
  ];

  it.each(cases)('%s: 400, code 50035, naming the field', async (_what, data, path, code) => {
    const answer = await reply({ ...data, allowed_mentions: NONE });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    let node = answer.body?.errors as Body | undefined;
    for (const key of ['data', ...path]) node = node?.[String(key)] as Body | undefined;
    expect(node?._errors).toEqual([expect.objectContaining({ code })]);
  });

  it('an empty message: 400, code 50006; edits and follow-ups are held to the same', async () => {
    expect((await reply({ content: ' ', allowed_mentions: NONE })).status).toBe(400);
    const edit = await send('/webhooks/1/token/messages/@original', 'PATCH', {
      content: 'c'.repeat(2001),
      allowed_mentions: NONE,
    });
    expect(edit).toMatchObject({ status: 400, body: { code: 50035 } });
    const followUp = await send('/webhooks/1/token', 'POST', {
      content: '',
      allowed_mentions: NONE,
    });
    expect(followUp).toMatchObject({ status: 400 });
    expect(fake.refused.length).toBeGreaterThan(cases.length);
  });
});

describe('attachments must come with their files', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const data = {
    embeds: [{ title: 'Cup', image: { url: 'attachment://points.png' } }],
    attachments: [{ id: 0, filename: 'points.png' }],
    allowed_mentions: NONE,
  };

  async function multipart(path: string, method: string, body: unknown, file: string) {
    const form = new FormData();
    form.append('payload_json', JSON.stringify(body));
    form.append('files[0]', new Blob([PNG], { type: 'image/png' }), file);
    const response = await fetch(`${fake.restUrl}/v10${path}`, { method, body: form });
    return response.status;
  }

  it('accepts a callback or an edit whose picture is uploaded with it, and records the file', async () => {
    expect(
      await multipart('/interactions/2/tok/callback', 'POST', { type: 4, data }, 'points.png'),
    ).toBe(204);
    expect(await multipart('/webhooks/1/tok/messages/@original', 'PATCH', data, 'points.png')).toBe(
      200,
    );
    const sent = fake.requests.filter((r) => r.path.includes('/tok/'));
    expect(sent.map((r) => r.files)).toEqual([
      [{ name: 'points.png', png: true }],
      [{ name: 'points.png', png: true }],
    ]);
  });

  it('refuses an attachment without its upload, or an embed naming a file not attached', async () => {
    const json = await reply(data);
    expect(json.status).toBe(400);
    expect(JSON.stringify(json.body)).toContain('ATTACHMENT_NOT_FOUND');
    expect(
      await multipart('/interactions/3/tok/callback', 'POST', { type: 4, data }, 'other.png'),
    ).toBe(400);
    const { attachments: _, ...unlisted } = data;
    expect((await reply(unlisted)).status).toBe(400);
  });
});

describe("housecup's own rules, on top of Discord's", () => {
  it.each([
    ['no allowed_mentions', { content: 'hi' }, 'HOUSECUP_NO_MENTIONS'],
    [
      'mentions allowed',
      { content: 'hi', allowed_mentions: { parse: ['users'] } },
      'HOUSECUP_NO_MENTIONS',
    ],
    ['a bidi control', { content: 'a\u202Eb', allowed_mentions: NONE }, 'HOUSECUP_BIDI'],
    [
      'a mention of a non-user id',
      { embeds: [{ description: '<@abc_def>' }], allowed_mentions: NONE },
      'HOUSECUP_MENTION',
    ],
  ])('%s: refused here, accepted by Discord (houseRules: false)', async (_what, data, code) => {
    const answer = await reply(data);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(code);
    expect((await reply(data, lenient)).status).toBe(204);
  });

  it('escaped text is not a mention', async () => {
    const data = { content: '\\<@abc\\>', allowed_mentions: NONE };
    expect((await reply(data)).status).toBe(204);
  });
});

describe('command registration real Discord refuses', () => {
  const good = { name: 'points', description: 'Points', type: 1 };
  const put = (commands: unknown[]) => send('/applications/1/commands', 'PUT', commands);

  it('accepts a well-formed command, and names in scripts Discord allows', async () => {
    expect((await put([good, { ...good, name: 'पॉइंट्स' }, { ...good, name: 'ナ-_1' }])).status).toBe(
      200,
    );
  });

  it.each([
    ['an upper-case name', [{ ...good, name: 'Points' }]],
    ['a name with a space', [{ ...good, name: 'house points' }]],
    ['a name of 33 characters', [{ ...good, name: 'p'.repeat(33) }]],
    ['an empty description', [{ ...good, description: '' }]],
    ['a description of 101 characters', [{ ...good, description: 'd'.repeat(101) }]],
    [
      'a bad option name',
      [{ ...good, options: [{ type: 3, name: 'Bad Name', description: 'x' }] }],
    ],
    [
      'a required option after an optional one',
      [
        {
          ...good,
          options: [
            { type: 3, name: 'a', description: 'x' },
            { type: 3, name: 'b', description: 'x', required: true },
          ],
        },
      ],
    ],
    [
      '26 options',
      [
        {
          ...good,
          options: Array.from({ length: 26 }, (_, i) => ({
            type: 3,
            name: `o${i}`,
            description: 'x',
          })),
        },
      ],
    ],
    ['two commands of one name', [good, good]],
    [
      'over 4,000 characters',
      [
        {
          ...good,
          options: Array.from({ length: 25 }, (_, i) => ({
            type: 3,
            name: `${i}`.padEnd(32, 'o'),
            description: 'd'.repeat(100),
            choices: Array.from({ length: 25 }, (_, c) => ({
              name: `c${c}`,
              value: 'v'.repeat(100),
            })),
          })),
        },
      ],
    ],
    [
      'choices on a user option',
      [
        {
          ...good,
          options: [
            { type: 6, name: 'who', description: 'x', choices: [{ name: 'a', value: 'a' }] },
          ],
        },
      ],
    ],
    [
      'a string choice of 101 characters',
      [
        {
          ...good,
          options: [
            {
              type: 3,
              name: 'sort',
              description: 'x',
              choices: [{ name: 'a', value: 'v'.repeat(101) }],
            },
          ],
        },
      ],
    ],
    [
      'a number as a string choice',
      [
        {
          ...good,
          options: [
            { type: 3, name: 'sort', description: 'x', choices: [{ name: 'a', value: 1 }] },
          ],
        },
      ],
    ],
  ])('%s: 400, code 50035', async (_what, commands) => {
    expect(await put(commands)).toMatchObject({ status: 400, body: { code: 50035 } });
  });
});
