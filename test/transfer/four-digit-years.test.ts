import { describe, expect, it } from 'vitest';
import { checkTransferFile } from '../../src/transfer/format.js';

/* docs/cli-and-data.md: every instant of a file lies in the years 0001 to 9999 once in UTC. */

const OUTSIDE = 'reaches outside the years 0001 to 9999 in UTC';

const withProfileCreated = (createdAt: string) => ({
  guilds: [{ id: 'g', players: [{ user_id: '1', name: 'Luna', created_at: createdAt }] }],
});

describe('instants in an import file', () => {
  it('refuses one that is in year 0 or 10000 once in UTC, with its path', () => {
    expect(() => checkTransferFile(withProfileCreated('0001-01-01T00:30:00+01:00'))).toThrow(
      `guilds[0].players[0].created_at: ${OUTSIDE}`,
    );
    expect(() =>
      checkTransferFile({
        guilds: [{ id: 'g', premium: { expiresAt: '9999-12-31T23:30:00-01:00' } }],
      }),
    ).toThrow(`guilds[0].premium.expiresAt: ${OUTSIDE}`);
    expect(() =>
      checkTransferFile({
        guilds: [
          {
            id: 'g',
            history: [
              {
                at: '0000-06-01T00:00:00Z',
                gryffindor: 1,
                slytherin: 1,
                ravenclaw: 1,
                hufflepuff: 1,
              },
            ],
          },
        ],
      }),
    ).toThrow(`guilds[0].history[0].at: ${OUTSIDE}`);
  });

  it('takes the first and the last instants of those years', () => {
    for (const at of ['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
      const file = checkTransferFile(withProfileCreated(at));
      expect(file.guilds[0]?.players?.[0]?.created_at).toBe(at);
    }
  });
});
