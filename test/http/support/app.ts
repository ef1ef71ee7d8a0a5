export {
  buildTestApp as buildHardeningApp,
  listen,
  type TestApp as HardeningApp,
} from '../../support/app.js';
