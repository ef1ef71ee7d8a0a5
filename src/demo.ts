import { readFileSync } from 'node:fs';
import { demoDataFile } from './paths.js';
import type { Database } from './store/database.js';
import { type ImportSummary, importData } from './transfer/import.js';

/** Loads data/demo.json: what a new database gets, so the quick start has data to show. */
export function loadDemoData(db: Database): ImportSummary {
  return importData(db, JSON.parse(readFileSync(demoDataFile, 'utf8')));
}
