import { AREA_NAMES, EVERY_AREA } from '../areas.js';
import type { AnyEndpoint } from '../endpoint.js';
import { areaEndpoint } from './areas.js';
import { streamEvents } from './events.js';
import { listJobs } from './jobs.js';
import { getMemberRank, listMemberProfiles, listPlayers } from './players.js';
import { getPoints, getPointsChart, getPointsHistory, getPointsLog, listTerms } from './points.js';
import { getPremium } from './premium.js';

/** The data endpoints of /v1. A new endpoint is one declaration, added here. */
const DATA_ENDPOINTS: readonly AnyEndpoint[] = [
  listPlayers,
  listMemberProfiles,
  getMemberRank,
  getPoints,
  getPointsHistory,
  getPointsChart,
  listTerms,
  getPointsLog,
  listJobs,
  getPremium,
  streamEvents,
];

/**
 * Every /v1 endpoint, in the spec's order (each area's description, then its data endpoints),
 * then the event stream, which belongs to every area (areas.ts: EVERY_AREA).
 */
export const ENDPOINTS: readonly AnyEndpoint[] = [
  ...AREA_NAMES.flatMap((area) => [
    areaEndpoint(area, DATA_ENDPOINTS),
    ...DATA_ENDPOINTS.filter((endpoint) => endpoint.area === area),
  ]),
  ...DATA_ENDPOINTS.filter((endpoint) => endpoint.area === EVERY_AREA),
];
