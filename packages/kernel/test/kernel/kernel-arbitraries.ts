// Random step streams for the kernel's property tests. Each step carries one ingress item (or
// none) plus observations that answer earlier control effects; ids, bindings, sequences and
// generations are resolved against the kernel's current state while driving, so most items are
// plausible and some are deliberately stale, repeated or wrong.
import fc from 'fast-check';

/** One generated step. */
export type KernelOp =
  | { readonly kind: 'control'; readonly instance: number; readonly action: ControlAction }
  | {
      readonly kind: 'grant';
      readonly instance: number;
      readonly sequenceDelta: number;
      readonly revoke: boolean;
    }
  | {
      readonly kind: 'request';
      readonly instance: number;
      readonly localId: number;
      readonly binding: 'current' | 'none' | 'stale' | 'zero';
      readonly staleGeneration: boolean;
    }
  | {
      readonly kind: 'attach';
      readonly secondary: boolean;
      readonly wrongBinding: boolean;
      readonly sequenceDelta: number;
    }
  | { readonly kind: 'detach'; readonly secondary: boolean; readonly wrongBinding: boolean }
  | {
      readonly kind: 'observe';
      readonly pick: number;
      readonly failed: boolean;
      readonly wrongBinding: boolean;
    }
  | { readonly kind: 'answer'; readonly pick: number; readonly failed: boolean }
  | { readonly kind: 'idle' };

/** The control command of a `control` step. */
export type ControlAction = 'register' | 'start' | 'stop' | 'input' | 'remove';

const instanceArb = fc.integer({ min: 1, max: 2 });

/** An arbitrary kernel step. */
export const kernelOpArb: fc.Arbitrary<KernelOp> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('control' as const),
      instance: instanceArb,
      action: fc.constantFrom<ControlAction>(
        'register',
        'start',
        'start',
        'stop',
        'input',
        'remove',
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('grant' as const),
      instance: instanceArb,
      sequenceDelta: fc.constantFrom(1, 1, 1, 0, -1),
      revoke: fc.constantFrom(false, false, false, true),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      instance: fc.constantFrom(1, 1, 1, 2),
      localId: fc.integer({ min: 1, max: 40 }),
      binding: fc.constantFrom(
        'current' as const,
        'current' as const,
        'current' as const,
        'none' as const,
        'stale' as const,
        'zero' as const,
      ),
      staleGeneration: fc.constantFrom(false, false, false, true),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('attach' as const),
      secondary: fc.boolean(),
      wrongBinding: fc.boolean(),
      sequenceDelta: fc.constantFrom(1, 1, 1, 0, 2),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('detach' as const),
      secondary: fc.boolean(),
      wrongBinding: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('observe' as const),
      pick: fc.nat(),
      failed: fc.boolean(),
      wrongBinding: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      pick: fc.nat(),
      failed: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'idle' as const }) },
);

/** A stream that first attaches the main provider, runs instance 1 and grants it the tool. */
export const kernelStreamArb: fc.Arbitrary<KernelOp[]> = fc
  .array(kernelOpArb, { minLength: 4, maxLength: 16 })
  .map((ops) => [
    { kind: 'attach', secondary: false, wrongBinding: false, sequenceDelta: 1 } as const,
    { kind: 'control', instance: 1, action: 'register' } as const,
    { kind: 'control', instance: 1, action: 'start' } as const,
    { kind: 'answer', pick: 0, failed: false } as const,
    { kind: 'grant', instance: 1, sequenceDelta: 1, revoke: false } as const,
    ...ops,
  ]);
