import { CONFIG_VARIABLES } from '../../src/config.js';
import { EMPTY_ENV_FILE, scrubEnvironment } from '../support/hermetic.js';

/*
 * A setup file of both test commands, run in every worker before each test file: the suite
 * reads nothing of the contributor's configuration (test/support/hermetic.ts says what goes).
 */
scrubEnvironment(process.env, CONFIG_VARIABLES, EMPTY_ENV_FILE);
