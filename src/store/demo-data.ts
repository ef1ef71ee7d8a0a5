import { readFileSync } from 'node:fs';
import { demoDataFile } from '../paths.js';
import type { ImportSummary } from '../transfer/format.js';
import type { Store } from './store.js';

/** Loads data/demo.json: what a new database gets, so the quick start has data to show. */
export function loadDemoData(store: Store): Promise<ImportSummary> {
  return store.importData(JSON.parse(readFileSync(demoDataFile, 'utf8')));
}
