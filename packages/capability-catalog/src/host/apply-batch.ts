import { err, type Result } from '@gate4agent/types';
import type { CapabilityProjectionError } from '../errors/capability-projection-error.js';
import { CapabilityRuntimeError } from '../errors/capability-runtime-error.js';
import type { CapabilityCatalog } from '../projection/capability-catalog.js';
import type { CapabilityProjection } from '../projection/capability-projection.js';
import { CapabilityTransaction } from '../projection/capability-transaction.js';
import type { CapabilityCommitReceipt } from '../projection/catalog-stamp.js';
import { linkSignals } from '../util/abort.js';
import type { AsyncMutex, MutexRelease } from '../util/async-mutex.js';
import { buildRunRegistries, type CompatibilityState } from './runtime-validation.js';
import type { SessionCapabilityBatch } from './session-capability-batch.js';

/** The Session state one batch application works on. */
export interface ApplyContext {
  readonly catalog: CapabilityCatalog;
  readonly state: CompatibilityState;
  readonly extensionMutation: AsyncMutex;
  readonly immediateExtensionMutation: AsyncMutex;
  readonly sessionSignal: AbortSignal;
  isClosed(): boolean;
}

function knowledgeTransition(
  state: CompatibilityState,
  published: CapabilityProjection,
  next: CapabilityProjection,
): CapabilityRuntimeError | null {
  if (state.cognitiveBinding === null) return null;
  const before = published.valuesOf('knowledge')[0]?.knowledge ?? null;
  const after = next.valuesOf('knowledge')[0]?.knowledge ?? null;
  if (before === null && after !== null && after.bindingId !== state.cognitiveBinding.bindingId) {
    return CapabilityRuntimeError.runtimeValueInvalid(
      'knowledge',
      after.providerName,
      'a projected Knowledge binding cannot replace the static cognitive binding',
    );
  }
  if (before !== null && after === null) {
    return CapabilityRuntimeError.runtimeValueInvalid(
      'knowledge',
      before.providerName,
      'the projected Knowledge binding cannot be withdrawn while a static cognitive binding exists',
    );
  }
  return null;
}

/**
 * Applies `batch` (spec §7.2): under `extensionMutation`, prepare with a preparation signal
 * linked to the caller and the Session; then, under `immediateExtensionMutation` and without
 * awaiting anything else, re-check close and cancellation, validate against the compatibility
 * registries and commit. The `finally` queues the rollback batch before either lock is released.
 */
export async function applyBatch(
  context: ApplyContext,
  batch: SessionCapabilityBatch,
  signal?: AbortSignal,
): Promise<Result<CapabilityCommitReceipt, CapabilityRuntimeError>> {
  const taken = batch.take();
  if (!taken.ok) return taken;
  const releaseExtension = await context.extensionMutation.acquire('apply-capability-batch');
  let transaction: CapabilityTransaction | null = null;
  let releasePublication: MutexRelease | null = null;
  const prep = linkSignals(context.sessionSignal, signal);
  const interrupted = (error: CapabilityProjectionError): CapabilityRuntimeError => {
    if (context.sessionSignal.aborted) {
      return context.isClosed()
        ? CapabilityRuntimeError.sessionClosed()
        : CapabilityRuntimeError.cancelled();
    }
    if (signal?.aborted === true) return CapabilityRuntimeError.cancelled();
    return CapabilityRuntimeError.projection(error);
  };
  try {
    if (context.isClosed()) return err(CapabilityRuntimeError.sessionClosed());
    const begun = CapabilityTransaction.begin(context.catalog, taken.value.target);
    if (!begun.ok) return err(interrupted(begun.error));
    transaction = begun.value;
    for (const [id, adapter] of taken.value.staged) {
      const staged = transaction.stage(id, adapter);
      if (!staged.ok) return err(CapabilityRuntimeError.projection(staged.error));
    }
    const prepared = await transaction.prepare(prep.signal);
    if (!prepared.ok) return err(interrupted(prepared.error));
    const projection = transaction.validate();
    if (!projection.ok) return err(interrupted(projection.error));

    releasePublication = await context.immediateExtensionMutation.acquire('capability-publication');
    if (context.isClosed()) return err(CapabilityRuntimeError.sessionClosed());
    if (signal?.aborted === true || context.sessionSignal.aborted) {
      return err(CapabilityRuntimeError.cancelled());
    }
    const pin = context.catalog.pin();
    try {
      const runtime = buildRunRegistries(projection.value, context.state);
      if (!runtime.ok) return runtime;
      const transition = knowledgeTransition(context.state, pin.projection, projection.value);
      if (transition !== null) return err(transition);
    } finally {
      pin.release();
    }
    const receipt = transaction.commit(taken.value.provider);
    if (!receipt.ok) return err(CapabilityRuntimeError.projection(receipt.error));
    return receipt;
  } finally {
    transaction?.rollbackIfArmed();
    prep.dispose();
    releasePublication?.();
    releaseExtension();
  }
}
