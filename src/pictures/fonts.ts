import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

/**
 * The family every picture draws with. The TTFs ship inside the npm package, so a server without
 * any system font (a slim container) draws the same picture as a desktop.
 */
export const FONT_FAMILY = 'HousecupSans';

let registered = false;

export function registerFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    const path = require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
    if (!GlobalFonts.registerFromPath(path, FONT_FAMILY)) {
      throw new Error(`Could not load the font ${file}`);
    }
  }
  registered = true;
}
