/** Which path of the controlled clean-exit fixture was refused. */
export type ControlledExitTarget = 'started marker' | 'release signal';

/** Why a controlled clean-exit fixture spec could not be built. */
export type ControlledExitFixtureError =
  | { readonly kind: 'invalid-root'; readonly message: string }
  | {
      readonly kind: 'invalid-target';
      readonly target: ControlledExitTarget;
      readonly message: string;
    }
  | {
      readonly kind: 'target-exists';
      readonly target: ControlledExitTarget;
      readonly message: string;
    }
  | { readonly kind: 'duplicate-targets'; readonly message: string };

/** One factory per {@link ControlledExitFixtureError} variant, with a plain-English message. */
export const ControlledExitFixtureError = {
  invalidRoot: (): ControlledExitFixtureError => ({
    kind: 'invalid-root',
    message:
      'controlled-exit fixture root must be an absolute real directory; pass an existing absolute directory (for example a fresh temporary directory)',
  }),
  invalidTarget: (target: ControlledExitTarget): ControlledExitFixtureError => ({
    kind: 'invalid-target',
    target,
    message: `controlled-exit fixture ${target} must be a bounded absolute path inside the fixture root; choose a short path under the root`,
  }),
  targetExists: (target: ControlledExitTarget): ControlledExitFixtureError => ({
    kind: 'target-exists',
    target,
    message: `controlled-exit fixture ${target} already exists; remove it or choose a fresh path`,
  }),
  duplicateTargets: (): ControlledExitFixtureError => ({
    kind: 'duplicate-targets',
    message:
      'controlled-exit fixture marker and release paths are the same; choose two different paths',
  }),
};

/** @deprecated use {@link ControlledExitFixtureError} (one error-factory naming, CONTRIBUTING.md). */
export const controlledExitFixtureError = ControlledExitFixtureError;
