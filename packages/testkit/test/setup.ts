import { afterEach, beforeEach } from 'vitest';
import { useFixtureTracking } from '../src/process/fixture-tracking.js';

useFixtureTracking({ beforeEach, afterEach });
