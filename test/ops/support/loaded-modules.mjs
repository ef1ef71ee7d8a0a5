// Preloaded into the server (`--import`): on exit, writes what it loaded to the file
// LOADED_MODULES_FILE names: the built-in modules, and the files of every module loaded after
// this one (null where Node has no `registerHooks`, before 22.15).
import { writeFileSync } from 'node:fs';
import module from 'node:module';

const files = module.registerHooks ? [] : null;
module.registerHooks?.({
  load(url, context, nextLoad) {
    files.push(url);
    return nextLoad(url, context);
  },
});

process.on('exit', () => {
  writeFileSync(
    process.env.LOADED_MODULES_FILE,
    JSON.stringify({ builtins: process.moduleLoadList, files }),
  );
});
