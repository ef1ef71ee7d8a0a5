/*
 * A guild with terms for the public page's hall of cups (docs/scoreboard.md): three ended terms,
 * one a tie, one without points, with a hostile name, and one won by a house that did not end
 * with the most points (a term's cup is what the houses gained in it), and an open one; as the
 * import takes them (docs/cli-and-data.md, "Terms").
 */

export const HOSTILE_TERM = 'Summer <script>alert(1)</script> & "friends"';

export function hallGuild(id: string) {
  return {
    id,
    points: { gryffindor: 940, slytherin: 1_180, ravenclaw: 870, hufflepuff: 1_015 },
    terms: [
      {
        id: 1,
        name: 'Spring 2026',
        startedAt: '2026-03-01T08:00:00.000Z',
        endedAt: '2026-05-31T20:00:00.000Z',
        start: { gryffindor: 100, slytherin: 20, ravenclaw: 100, hufflepuff: 10 },
        // A tie: both gained 1,100 and share the cup.
        totals: { gryffindor: 1_200, slytherin: 1_020, ravenclaw: 1_200, hufflepuff: 310 },
      },
      {
        id: 2,
        name: HOSTILE_TERM,
        startedAt: '2026-06-01T08:00:00.000Z',
        endedAt: '2026-08-31T20:00:00.000Z',
        start: { gryffindor: 0, slytherin: 0, ravenclaw: 0, hufflepuff: 0 },
        // The guild had no points when it ended: no winner.
        totals: { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null },
      },
      {
        id: 3,
        name: 'Autumn 2026',
        startedAt: '2026-09-01T08:00:00.000Z',
        endedAt: '2026-10-31T20:00:00.000Z',
        // Hufflepuff ended with the most points, Slytherin gained the most (910) and won.
        start: { gryffindor: 600, slytherin: 700, ravenclaw: 300, hufflepuff: 900 },
        totals: { gryffindor: 1_430, slytherin: 1_610, ravenclaw: 990, hufflepuff: 1_775 },
      },
      {
        id: 4,
        name: 'Winter 2026',
        startedAt: '2026-11-01T08:00:00.000Z',
        // Against the points now (940, 1,180, 870, 1,015): Slytherin leads, 80 gained.
        start: { gryffindor: 900, slytherin: 1_100, ravenclaw: 800, hufflepuff: 1_000 },
      },
    ],
  };
}
