// README code blocks in a downstream project installed with npm (node-pty built).
import { defineDocsSuite } from './support/docs-suite.js';

defineDocsSuite('npm');
