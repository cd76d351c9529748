import { describe, expect, it } from 'vitest';
import {
  clampedCommandCapacity,
  DEFAULT_NATIVE_RUNTIME_CONFIG,
  nativeRuntimeConfig,
} from '../../src/runtime/native-runtime-config.js';

describe('NativeRuntimeConfig', () => {
  it('has the upstream defaults', () => {
    expect(DEFAULT_NATIVE_RUNTIME_CONFIG).toEqual({
      commandCapacity: 256,
      maxCommandsPerTick: 64,
      effectCapacityPerSession: 16,
      observationCapacity: 1_024,
      maxObservationsPerTick: 256,
      providerStopGraceMs: 5_000,
      providerShutdownTimeoutMs: 15_000,
      workerPollIntervalMs: 20,
      workerIdleTimeoutMs: 60_000,
      // Not upstream: upstream's fixed PTY_DESCENDANT_GRACE, now a configurable domain grace.
      ptyStopGraceMs: 2_000,
    });
  });

  it('applies overrides on top of the defaults', () => {
    const config = nativeRuntimeConfig({ providerStopGraceMs: 25, workerPollIntervalMs: 5 });
    expect(config.providerStopGraceMs).toBe(25);
    expect(config.workerPollIntervalMs).toBe(5);
    expect(config.commandCapacity).toBe(256);
  });

  it('rejects values that are not non-negative safe integers', () => {
    expect(() => nativeRuntimeConfig({ commandCapacity: -1 })).toThrow(/commandCapacity/);
    expect(() => nativeRuntimeConfig({ workerPollIntervalMs: 1.5 })).toThrow(
      /workerPollIntervalMs/,
    );
  });

  it('clamps the ingress capacity to 1..4096', () => {
    expect(clampedCommandCapacity(nativeRuntimeConfig({ commandCapacity: 0 }))).toBe(1);
    expect(clampedCommandCapacity(nativeRuntimeConfig({ commandCapacity: 4_096 }))).toBe(4_096);
    expect(clampedCommandCapacity(nativeRuntimeConfig({ commandCapacity: 4_097 }))).toBe(4_096);
  });
});
