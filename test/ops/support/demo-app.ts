import { readFileSync } from 'node:fs';
import { demoDataFile } from '../../../src/paths.js';
import { buildTestApp, type TestApp, type TestAppOptions } from '../../support/app.js';

export type DemoApp = TestApp;

/** The real app over a real SQLite file holding data/demo.json, as a new install has it. */
export function buildDemoApp(options: TestAppOptions = {}): Promise<DemoApp> {
  return buildTestApp(JSON.parse(readFileSync(demoDataFile, 'utf8')), options);
}
