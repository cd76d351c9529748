import { describeLeaks, reapAll, setFixtureOwner } from './process-tracker.js';

/** The part of a vitest/jest test context the tracking hooks read. */
export interface FixtureTestContext {
  readonly task?: { readonly name: string };
}

/** A `beforeEach` / `afterEach` registration function (vitest's, jest's, …). */
export type FixtureHook = (fn: (context: FixtureTestContext) => Promise<void> | void) => void;

/**
 * Registers per-test process tracking: `beforeEach` records the running test as the owner of the
 * fixtures it starts; `afterEach` reaps every tracked process still alive and fails that test,
 * naming pid and fixture, when something leaked. Pass the hooks in so the testkit does not import
 * a test runner: `useFixtureTracking({ beforeEach, afterEach })`.
 */
export function useFixtureTracking(hooks: {
  readonly beforeEach: FixtureHook;
  readonly afterEach: FixtureHook;
}): void {
  hooks.beforeEach((context) => {
    setFixtureOwner(context.task?.name ?? null);
  });
  hooks.afterEach(async (context) => {
    const leaked = await reapAll();
    setFixtureOwner(null);
    if (leaked.length > 0) {
      const name = context.task?.name ?? 'unknown test';
      throw new Error(`test "${name}" leaked fixture processes: ${describeLeaks(leaked)}`);
    }
  });
}
