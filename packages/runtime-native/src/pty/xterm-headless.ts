import { createRequire } from 'node:module';
import type * as XtermHeadless from '@xterm/headless';

// @xterm/headless is CommonJS; it is required on first use, with node-pty, never at import
// (ARCHITECTURE decision 16).
const require = createRequire(import.meta.url);

let loaded: typeof XtermHeadless | null = null;

/** The `@xterm/headless` module, loaded when the first terminal screen is made. */
export function loadXtermHeadless(): typeof XtermHeadless {
  loaded ??= require('@xterm/headless') as typeof XtermHeadless;
  return loaded;
}
