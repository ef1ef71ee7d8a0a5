// Preloaded into the server (`--import`): on exit, writes the built-in modules it loaded to the
// file LOADED_MODULES_FILE names.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(process.moduleLoadList));
});
