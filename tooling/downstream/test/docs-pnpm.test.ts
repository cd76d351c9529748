// README code blocks in a downstream project installed with pnpm, build scripts not approved: the
// READMEs of every package that does not need node-pty.
import { defineDocsSuite } from './support/docs-suite.js';

defineDocsSuite('pnpm');
