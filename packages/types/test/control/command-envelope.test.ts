// The command shapes of the reference E2E, and decoding failures that name the bad field.
import { describe, expect, it } from 'vitest';
import {
  AgentId,
  AgentInstanceId,
  ApprovalLevel,
  type CommandEnvelope,
  CommandEnvelopeCodec,
  CommandId,
  type ControlCommand,
  controlCommandInstanceId,
  ProviderRuntimePolicy,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const instanceId = AgentInstanceId.of(4_401);

function referenceCommands(): ControlCommand[] {
  return [
    {
      kind: 'register',
      instanceId,
      agentId: AgentId.of('control-fixture'),
      transport: 'pty',
    },
    {
      kind: 'start',
      instanceId,
      runtimePolicy: ProviderRuntimePolicy.rawPty(),
      request: {
        workingDirectory: '/work',
        terminalSize: { rows: 24, columns: 80 },
        initialPrompt: null,
        sessionOptions: null,
        approvalLevel: ApprovalLevel.default(),
      },
    },
    { kind: 'stop', instanceId, force: true },
  ];
}

describe('CommandEnvelope', () => {
  it('round-trips the reference E2E commands through JSON with no protocol version', () => {
    for (const [index, command] of referenceCommands().entries()) {
      const envelope: CommandEnvelope = { id: CommandId.of(index + 1), command };
      const wire = JSON.parse(JSON.stringify(CommandEnvelopeCodec.encode(envelope)));
      expect(Object.keys(wire)).toEqual(['id', 'command']);
      expect(unwrap(CommandEnvelopeCodec.decode(wire))).toEqual(envelope);
      expect(controlCommandInstanceId(command)).toBe(4_401);
    }
  });

  it('ignores unknown keys such as an upstream protocolVersion', () => {
    const wire = {
      protocolVersion: 28,
      id: 1,
      command: { kind: 'remove', instanceId: 1, extra: true },
    };
    expect(unwrap(CommandEnvelopeCodec.decode(wire)).command.kind).toBe('remove');
  });

  it('matches the upstream wire examples in camelCase', () => {
    expect(
      unwrap(
        CommandEnvelopeCodec.decode({
          id: 7,
          command: {
            kind: 'register',
            instanceId: 1,
            agentId: 'control-fixture',
            transport: 'pty',
          },
        }),
      ).command,
    ).toEqual({ kind: 'register', instanceId: 1, agentId: 'control-fixture', transport: 'pty' });
    const input = unwrap(
      CommandEnvelopeCodec.decode({
        id: 8,
        command: {
          kind: 'send-input',
          instanceId: 1,
          action: { kind: 'terminal-bytes', bytes: [27, 91] },
        },
      }),
    ).command;
    expect(input).toEqual({
      kind: 'send-input',
      instanceId: 1,
      action: { kind: 'terminal-bytes', bytes: Uint8Array.of(27, 91) },
    });
    expect(
      JSON.stringify(CommandEnvelopeCodec.encode({ id: CommandId.of(8), command: input })),
    ).toBe(
      '{"id":8,"command":{"kind":"send-input","instanceId":1,"action":{"kind":"terminal-bytes","bytes":[27,91]}}}',
    );
  });

  it.each([
    [{ id: -1, command: { kind: 'remove', instanceId: 1 } }, '/id'],
    [{ id: 2 ** 53, command: { kind: 'remove', instanceId: 1 } }, '/id'],
    [{ id: 1, command: { kind: 'remove' } }, '/command/instanceId'],
    [{ id: 1, command: { kind: 'teleport', instanceId: 1 } }, '/command/kind'],
    [{ id: 1, command: { kind: 'stop', instanceId: 1, force: 'yes' } }, '/command/force'],
    [
      { id: 1, command: { kind: 'register', instanceId: 1, agentId: 'Bad', transport: 'pty' } },
      '/command/agentId',
    ],
    [
      { id: 1, command: { kind: 'register', instanceId: 1, agentId: 'a', transport: 'tty' } },
      '/command/transport',
    ],
    [
      { id: 1, command: { kind: 'resize', instanceId: 1, size: { rows: 70_000, columns: 1 } } },
      '/command/size/rows',
    ],
    [
      {
        id: 1,
        command: {
          kind: 'start',
          instanceId: 1,
          request: { workingDirectory: '/', terminalSize: { rows: 1, columns: 1 } },
        },
      },
      '/command/runtimePolicy',
    ],
    [
      {
        id: 1,
        command: {
          kind: 'send-input',
          instanceId: 1,
          action: { kind: 'terminal-bytes', bytes: [1, 256] },
        },
      },
      '/command/action/bytes/1',
    ],
    [
      {
        id: 1,
        command: {
          kind: 'send-input',
          instanceId: 1,
          action: { kind: 'terminal-control', control: 'control-c' },
        },
      },
      '/command/action/control',
    ],
    [
      { id: 1, command: { kind: 'register', instanceId: 1, agentId: 'a\ud800', transport: 'pty' } },
      '/command/agentId',
    ],
  ])('rejects %j at %s', (input, path) => {
    const snapshot = structuredClone(input);
    const error = unwrapErr(CommandEnvelopeCodec.decode(input));
    expect(error.kind).toBe('schema-violation');
    expect(error.schema).toBe('CommandEnvelope');
    expect(error.path).toBe(path);
    expect(error.message.startsWith(`CommandEnvelope at ${path}: `)).toBe(true);
    expect(input).toEqual(snapshot);
  });

  it('fills start-request defaults without touching the caller input', () => {
    const input = {
      id: 1,
      command: {
        kind: 'start',
        instanceId: 1,
        runtimePolicy: ProviderRuntimePolicy.rawPty(),
        request: { workingDirectory: '/', terminalSize: { rows: 1, columns: 1 } },
      },
    };
    const decoded = unwrap(CommandEnvelopeCodec.decode(input));
    expect(decoded.command).toMatchObject({
      request: { initialPrompt: null, sessionOptions: null, approvalLevel: 'ask' },
    });
    expect(input.command.request).toEqual({
      workingDirectory: '/',
      terminalSize: { rows: 1, columns: 1 },
    });
  });
});
