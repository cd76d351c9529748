import {
  type CommandEnvelope,
  CommandEnvelopeCodec,
  err,
  handOffChecked,
  type Result,
} from '@gate4agent/types';
import { KernelCommandError } from '../errors.js';
import type { KernelState } from './kernel-state.js';

/** The catalog pre-check of `register`: the agent exists and declares the transport. */
function checkCatalog(state: KernelState, envelope: CommandEnvelope): KernelCommandError | null {
  const { command } = envelope;
  if (command.kind !== 'register') return null;
  const spec = state.catalog.get(command.agentId);
  if (spec === null || spec === undefined) return KernelCommandError.unknownAgent(command.agentId);
  const transports = spec.capabilities.transports;
  const supported =
    command.transport === 'pty'
      ? transports.pty
      : command.transport === 'pipe'
        ? transports.pipe !== null
        : transports.acp !== null;
  return supported
    ? null
    : KernelCommandError.unsupportedTransport(command.agentId, command.transport);
}

/**
 * Catalog pre-checks (read-only), then the engine's own checks and reduction. `envelope` is the
 * step's own checked copy (from `checkStepInput`), handed to the engine without a second check.
 */
export function applyValidatedCommand(
  state: KernelState,
  envelope: CommandEnvelope,
): Result<void, KernelCommandError> {
  const rejected = checkCatalog(state, envelope);
  if (rejected !== null) return err(rejected);
  // The command was checked (and copied) with the step input; the engine takes it as it is.
  handOffChecked(CommandEnvelopeCodec, envelope);
  const applied = state.engine.applyCommand(envelope);
  return applied.ok ? applied : err(KernelCommandError.control(applied.error));
}
