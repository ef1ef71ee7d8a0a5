/*
 * A guild with terms for the public page's hall of cups (docs/scoreboard.md): three ended terms,
 * one a tie and one without points, with a hostile name, and an open one; as the import takes
 * them (docs/cli-and-data.md, "Terms").
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
        // A tie: both share the cup.
        standings: { gryffindor: 1_200, slytherin: 1_020, ravenclaw: 1_200, hufflepuff: 310 },
      },
      {
        id: 2,
        name: HOSTILE_TERM,
        startedAt: '2026-06-01T08:00:00.000Z',
        endedAt: '2026-08-31T20:00:00.000Z',
        // The guild had no points when it ended: no winner.
        standings: { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null },
      },
      {
        id: 3,
        name: 'Autumn 2026',
        startedAt: '2026-09-01T08:00:00.000Z',
        endedAt: '2026-10-31T20:00:00.000Z',
        standings: { gryffindor: 1_430, slytherin: 1_610, ravenclaw: 990, hufflepuff: 1_775 },
      },
      { id: 4, name: 'Winter 2026', startedAt: '2026-11-01T08:00:00.000Z' },
    ],
  };
}
