import { err, ok } from '@gate4agent/types';
import { capabilityEffectError } from '../errors/leaf-errors.js';
import type { CapabilityEffect } from '../lifecycle/capability-effect.js';

/** A shared counter a test reads after the fact. */
export interface Counter {
  count: number;
}

/** A fresh counter at zero. */
export function counter(): Counter {
  return { count: 0 };
}

/** An effect (`test.host-batch-effect`) that counts its closes and always succeeds. */
export class CountingEffect implements CapabilityEffect {
  readonly name = 'test.host-batch-effect';

  constructor(private readonly closed: Counter) {}

  async close() {
    this.closed.count += 1;
    return ok();
  }
}

/** An effect (`test.failing-run-effect`) whose close fails with "deterministic close failure". */
export class FailingEffect implements CapabilityEffect {
  readonly name = 'test.failing-run-effect';

  async close() {
    return err(capabilityEffectError('deterministic close failure'));
  }
}
