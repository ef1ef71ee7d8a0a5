import type { PointsHistoryReader, ReadService } from '../read/service.js';
import type { HousePoints } from '../records/house-points.js';
import { HOUSES } from '../records/houses.js';
import type { Standings } from '../records/points-history.js';

/*
 * Points as the store gives them back, checked before anything serves or draws them. Both
 * stores refuse a value that is not an integer on write (PostgreSQL by its bigint columns,
 * SQLite by the triggers of its migration 0006), so meeting one means a database written around
 * those checks: a file used with the checks dropped, or opened without migrating. Then the
 * answers never pass the value on: a string in `/v1/points` breaks its contract, and a
 * non-finite number in a chart reaches the native canvas, which aborts the process.
 */

/** A value the store holds that its record does not allow: the store's fault, not the client's. */
class StoreFaultError extends Error {
  override name = 'StoreFaultError';
}

/** Points an answer may serve and a chart may draw: integers JavaScript holds exactly. */
export const isPointCount = (value: unknown): value is number => Number.isSafeInteger(value);

/** A stored value in a log line: its JSON, cut short (it may be any text the game wrote). */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

type FaultSink = (message: string) => void;
let sink: FaultSink = () => {};
const told = new Set<string>();
/** Distinct faults remembered at most; past that the set starts again (a line may then repeat). */
const REMEMBERED = 1000;

/**
 * Where history faults are told (start.ts: the service's logger). Each distinct fault is told
 * once per process: a bad history row stays inside a chart's 30 days for a month, and the
 * chart is drawn again after every change.
 */
export function tellStoreFaultsTo(next: FaultSink): void {
  sink = next;
  told.clear();
}

function tell(message: string): void {
  if (told.has(message)) return;
  if (told.size >= REMEMBERED) told.clear();
  told.add(message);
  sink(message);
}

/**
 * The guild's points now, or null when it has none. A value that is not a safe integer throws
 * StoreFaultError (answered as a 500, and logged, by whoever serves it) rather than being
 * served: correcting the row ends it at once.
 */
export async function currentPoints(
  read: ReadService,
  guildId: string,
): Promise<HousePoints | null> {
  const points = await read.points.get(guildId);
  if (!points) return null;
  for (const house of HOUSES) {
    if (!isPointCount(points[house])) {
      throw new StoreFaultError(
        `house_points of guild ${guildId}: ${house} holds ${shown(points[house])}, not an integer`,
      );
    }
  }
  return points;
}

/**
 * The guild's standings at each instant (PointsHistoryReader.standingsAt), a value that is not
 * a safe integer read as no value (null) and told once. The history cannot be corrected by
 * writing the points again, so a bad row must not fail every answer that looks back past it.
 */
export async function standingsAt(
  history: PointsHistoryReader,
  guildId: string,
  instants: readonly string[],
): Promise<(Standings | null)[]> {
  const found = await history.standingsAt(guildId, instants);
  return found.map((standings) => {
    if (!standings) return null;
    const checked = { ...standings };
    for (const house of HOUSES) {
      const value = standings[house];
      if (value === null || isPointCount(value)) continue;
      tell(
        `points_history of guild ${guildId}: ${house} holds ${shown(value)}, not an integer; read as no value`,
      );
      checked[house] = null;
    }
    return checked;
  });
}
