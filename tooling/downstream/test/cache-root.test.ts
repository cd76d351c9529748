import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_DIR_VARIABLE, cacheRoot } from '../src/cache-root.js';

describe('cacheRoot', () => {
  it('is GATE4AGENT_CACHE_DIR when set', () => {
    expect(cacheRoot({ [CACHE_DIR_VARIABLE]: '/tmp/cold-cache' })).toBe('/tmp/cold-cache');
  });

  it('is ~/.cache/gate4agent when the variable is unset or empty', () => {
    const home = join(homedir(), '.cache', 'gate4agent');
    expect(cacheRoot({})).toBe(home);
    expect(cacheRoot({ [CACHE_DIR_VARIABLE]: '' })).toBe(home);
  });
});
