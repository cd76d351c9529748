// Port of upstream `crates/gate4agent-handle/tests/kernel_port.rs`: the legacy port drives the kernel.
import {
  AgentId,
  AgentInstanceId,
  CommandId,
  ProviderRuntimePolicy,
  unwrap,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { boundedPort } from '../src/control/bounded-port.js';
import { kernelWith } from './support/control-plane-fixtures.js';

describe('kernel_port.rs', () => {
  it('handle_drives_kernel_and_publishes_one_authoritative_snapshot', () => {
    const [handle, kernelPort] = boundedPort(8);
    const subscription = handle.subscribe(8);
    const instanceId = AgentInstanceId.of(41);
    unwrap(
      handle.dispatch({
        id: CommandId.of(1),
        command: { kind: 'register', instanceId, agentId: AgentId.of('claude'), transport: 'pty' },
      }),
    );
    unwrap(
      handle.dispatch({
        id: CommandId.of(2),
        command: {
          kind: 'start',
          instanceId,
          runtimePolicy: unwrap(
            ProviderRuntimePolicy.tryNew({
              rawPtyLifecycle: true,
              semanticReadiness: true,
              structuredPrompt: true,
              providerSessionIdentity: true,
              semanticResume: true,
            }),
          ),
          request: {
            workingDirectory: '.',
            terminalSize: { rows: 24, columns: 80 },
            initialPrompt: null,
            sessionOptions: null,
            approvalLevel: 'ask',
          },
        },
      }),
    );

    const kernel = kernelWith([]);
    const step = kernel.step(kernelPort.drainCommands(8), []);
    kernelPort.publishSnapshot(step.snapshot);
    const report = kernelPort.publishEvents(step.events);

    expect(step.commandOutcomes.every((outcome) => outcome.result.ok)).toBe(true);
    expect(step.effects[0]?.effect.kind).toBe('spawn');
    expect(handle.snapshot().sessions[0]?.status).toEqual({ kind: 'starting' });
    expect(report.delivered).toBe(2);
    expect(unwrap(subscription.tryRecv()).sequence).toBe(1);
    expect(unwrap(subscription.tryRecv()).sequence).toBe(2);
  });
});
