import { Gate4AgentError, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX } from '../../src/constants.js';
import { ToolEngine } from '../../src/engine/tool-engine.js';
import {
  capabilityId,
  generation,
  grant,
  instance,
  internal,
  provider,
  request,
} from '../engine/engine-fixtures.js';

describe('ToolEngineOptions.counters (test seam)', () => {
  it('starts counters near exhaustion through the public constructor', () => {
    const engine = new ToolEngine({
      counters: { nextEffectSequence: COUNTER_MAX, revision: COUNTER_MAX },
    });
    unwrap(engine.registerProvider(provider()));
    expect(engine.snapshot().revision).toBe(COUNTER_MAX);
    expect(engine.snapshot().revisionOverflowCount).toBe(1);
    unwrap(engine.setGeneration(instance(), generation(1)));
    unwrap(internal(engine).setGrant(grant('allow')));
    unwrap(engine.request(request(1, 1, 100)));
    expect(engine.drainEffects()[0]?.sequence).toBe(COUNTER_MAX);
    expect(unwrapErr(engine.request(request(2, 1, 100))).kind).toBe('effect-sequence-exhausted');
    expect(capabilityId()).toBe('browser.page.snapshot');
  });

  it('throws for a counter below its initial value or beyond COUNTER_MAX (misuse)', () => {
    expect(() => new ToolEngine({ counters: { nextAuditSequence: 0 } })).toThrow(Gate4AgentError);
    expect(() => new ToolEngine({ counters: { nextOperationId: COUNTER_MAX + 1 } })).toThrow(
      /nextOperationId must be an integer/,
    );
    expect(() => new ToolEngine({ counters: { revision: 1.5 } })).toThrow(Gate4AgentError);
  });
});
