// Boundaries of the commands that upstream's tests leave out: each limit passes at its value and
// fails one past it with the right error, and a rejected command changes nothing.
import {
  AgentId,
  AgentInstanceId,
  type CommandEnvelope,
  CommandId,
  ProviderRuntimePolicy,
  unwrap,
  unwrapErr,
  WORKING_DIRECTORY_MAX_BYTES,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { engineStateCopy } from '../../src/engine/engine-seams.js';
import { Gate4AgentEngine } from '../../src/engine/gate4agent-engine.js';
import {
  answer,
  command,
  instance,
  observation,
  register,
  runningEngine,
  runningEngineWithPolicy,
  sendInput,
  size,
  start,
  startWithPolicy,
} from './engine-fixtures.js';

function startIn(directory: string, initialPrompt: string | null = null): CommandEnvelope {
  const base = start(2);
  if (base.command.kind !== 'start') throw new Error('fixture');
  return {
    id: base.id,
    command: {
      ...base.command,
      request: { ...base.command.request, workingDirectory: directory, initialPrompt },
    },
  };
}

function rejectsAtomically(engine: Gate4AgentEngine, envelope: CommandEnvelope): string {
  const before = engineStateCopy(engine);
  const error = unwrapErr(engine.applyCommand(envelope));
  expect(engineStateCopy(engine)).toStrictEqual(before);
  return error.kind;
}

const registered = () => {
  const engine = new Gate4AgentEngine();
  unwrap(engine.applyCommand(register(1)));
  return engine;
};

describe('start', () => {
  it('accepts a working directory of exactly WORKING_DIRECTORY_MAX_BYTES and rejects one byte more', () => {
    const engine = registered();
    expect(
      rejectsAtomically(engine, startIn('é'.repeat(WORKING_DIRECTORY_MAX_BYTES / 2) + 'x')),
    ).toBe('invalid-working-directory');
    unwrap(engine.applyCommand(startIn('é'.repeat(WORKING_DIRECTORY_MAX_BYTES / 2))));
  });

  it('rejects an empty working directory and one holding NUL, but not a blank one', () => {
    const engine = registered();
    expect(rejectsAtomically(engine, startIn(''))).toBe('invalid-working-directory');
    expect(rejectsAtomically(engine, startIn('/tmp/\u0000x'))).toBe('invalid-working-directory');
    unwrap(engine.applyCommand(startIn(' ')));
  });

  it('accepts 1000×1000 and 1×1 terminals and rejects 0 rows or 1001 columns', () => {
    const engine = registered();
    const policy = ProviderRuntimePolicy.rawPty();
    expect(rejectsAtomically(engine, startWithPolicy(2, policy, size(0, 80)))).toBe(
      'invalid-terminal-size',
    );
    expect(rejectsAtomically(engine, startWithPolicy(2, policy, size(24, 1_001)))).toBe(
      'invalid-terminal-size',
    );
    unwrap(engine.applyCommand(startWithPolicy(2, policy, size(1_000, 1_000))));
    const other = registered();
    unwrap(other.applyCommand(startWithPolicy(2, policy, size(1, 1))));
  });

  it('rejects a non-empty initial prompt under the raw-PTY policy and passes an empty one through', () => {
    const engine = registered();
    const raw = (prompt: string): CommandEnvelope => {
      const envelope = startWithPolicy(2, ProviderRuntimePolicy.rawPty());
      if (envelope.command.kind !== 'start') throw new Error('fixture');
      return {
        ...envelope,
        command: {
          ...envelope.command,
          request: { ...envelope.command.request, initialPrompt: prompt },
        },
      };
    };
    const before = engineStateCopy(engine);
    expect(unwrapErr(engine.applyCommand(raw('hello')))).toMatchObject({
      kind: 'provider-runtime-policy-denied',
      capability: 'semantic-readiness',
    });
    expect(engineStateCopy(engine)).toStrictEqual(before);
    unwrap(engine.applyCommand(raw('')));
    const spawn = engine.drainEffects()[0]!;
    expect(spawn.effect.kind === 'spawn' && spawn.effect.request.initialPrompt).toBe('');
  });

  it('sanitizes the initial prompt and passes approvalLevel through untouched', () => {
    const engine = registered();
    unwrap(engine.applyCommand(startIn('.', 'a\u001bb')));
    const spawn = engine.drainEffects()[0]!;
    expect(spawn.effect).toMatchObject({
      kind: 'spawn',
      request: { initialPrompt: 'a<ESC>b', approvalLevel: 'ask' },
    });
  });

  it('rejects start of an unknown, starting or stopping session without mutation', () => {
    const empty = new Gate4AgentEngine();
    expect(rejectsAtomically(empty, start(2))).toBe('unknown-instance');
    const engine = registered();
    unwrap(engine.applyCommand(start(2)));
    expect(rejectsAtomically(engine, start(3))).toBe('operation-pending');
  });

  it('rejects invalid session options before the effect and accepts valid ones', () => {
    const engine = registered();
    const withOptions = (model: string): CommandEnvelope => {
      const base = start(2);
      if (base.command.kind !== 'start') throw new Error('fixture');
      return {
        id: base.id,
        command: {
          ...base.command,
          request: { ...base.command.request, sessionOptions: { model, values: {} } },
        },
      };
    };
    expect(rejectsAtomically(engine, withOptions('bad\u0007model'))).toBe(
      'invalid-session-options',
    );
    unwrap(engine.applyCommand(withOptions('opus')));
    expect(engine.snapshot().sessions[0]!.sessionOptions).toEqual({ model: 'opus', values: {} });
  });

  it('requires a non-empty initial prompt on a pipe session', () => {
    const engine = new Gate4AgentEngine();
    unwrap(
      engine.applyCommand({
        id: CommandId.of(1),
        command: {
          kind: 'register',
          instanceId: instance(),
          agentId: AgentId.of('claude'),
          transport: 'pipe',
        },
      }),
    );
    expect(rejectsAtomically(engine, start(2))).toBe('missing-initial-prompt');
  });
});

describe('send-input', () => {
  it('accepts 64 terminal bytes and rejects 65 with input-too-large, and empty bytes', () => {
    const { engine } = runningEngineWithPolicy(ProviderRuntimePolicy.rawPty());
    const bytes = (length: number) =>
      sendInput(3, { kind: 'terminal-bytes', bytes: new Uint8Array(length).fill(0x41) });
    const tooLarge = unwrapErr(engine.applyCommand(bytes(65)));
    expect(tooLarge).toMatchObject({ kind: 'input-rejected' });
    expect(rejectsAtomically(engine, bytes(0))).toBe('input-rejected');
    unwrap(engine.applyCommand(bytes(64)));
    expect(engine.drainEffects()).toHaveLength(1);
  });

  it('rejects a control character in terminal text and a second input while one is pending', () => {
    const { engine } = runningEngine();
    expect(rejectsAtomically(engine, sendInput(3, { kind: 'terminal-text', text: 'a\nb' }))).toBe(
      'input-rejected',
    );
    unwrap(engine.applyCommand(sendInput(4, { kind: 'terminal-text', text: 'ab' })));
    expect(rejectsAtomically(engine, sendInput(5, { kind: 'terminal-text', text: 'cd' }))).toBe(
      'operation-pending',
    );
  });

  it('marks terminal input as needing any foreground and a shell command as needing a shell', () => {
    const { engine } = runningEngine();
    unwrap(engine.applyCommand(sendInput(3, { kind: 'terminal-control', control: 'interrupt' })));
    expect(engine.drainEffects()[0]!.effect).toMatchObject({ requiredForeground: { kind: 'any' } });
    const other = runningEngine().engine;
    unwrap(other.applyCommand(sendInput(3, { kind: 'shell-command', text: 'ls' })));
    expect(other.drainEffects()[0]!.effect).toMatchObject({
      requiredForeground: { kind: 'shell' },
    });
  });

  it('rejects input to a session that is not running', () => {
    expect(
      rejectsAtomically(registered(), sendInput(3, { kind: 'terminal-text', text: 'x' })),
    ).toBe('invalid-transition');
  });
});

describe('non-PTY transports', () => {
  function runningOn(transport: 'acp' | 'pipe'): Gate4AgentEngine {
    const engine = new Gate4AgentEngine();
    unwrap(
      engine.applyCommand({
        id: CommandId.of(1),
        command: {
          kind: 'register',
          instanceId: instance(),
          agentId: AgentId.of('claude'),
          transport,
        },
      }),
    );
    unwrap(engine.applyCommand(startIn('.', 'first prompt')));
    const spawn = engine.drainEffects()[0]!;
    engine.applyObservation(answer(spawn, { kind: 'spawned', processId: 7 }));
    return engine;
  }

  it('maps ACP prompts and interrupts to their own effects and refuses other input', () => {
    const engine = runningOn('acp');
    unwrap(
      engine.applyCommand(
        sendInput(3, { kind: 'submit-prompt', text: 'next\u001b', framing: 'literal' }),
      ),
    );
    const prompt = engine.drainEffects()[0]!;
    expect(prompt.effect).toEqual({ kind: 'submit-prompt', prompt: 'next<ESC>' });
    engine.applyObservation(answer(prompt, { kind: 'input-completed' }));
    unwrap(engine.applyCommand(sendInput(4, { kind: 'terminal-control', control: 'interrupt' })));
    const interrupt = engine.drainEffects()[0]!;
    expect(interrupt.effect).toEqual({ kind: 'interrupt' });
    engine.applyObservation(answer(interrupt, { kind: 'input-completed' }));
    expect(rejectsAtomically(engine, sendInput(5, { kind: 'terminal-text', text: 'x' }))).toBe(
      'unsupported-transport-operation',
    );
  });

  it('refuses follow-up input and resize on a pipe session', () => {
    const engine = runningOn('pipe');
    expect(
      rejectsAtomically(
        engine,
        sendInput(3, { kind: 'submit-prompt', text: 'more', framing: 'literal' }),
      ),
    ).toBe('unsupported-transport-operation');
    const resize = command(4, { kind: 'resize', instanceId: instance(), size: size(30, 90) });
    expect(unwrapErr(engine.applyCommand(resize))).toMatchObject({
      kind: 'unsupported-transport-operation',
      action: 'terminal resize',
    });
  });
});

describe('resize, stop and remove', () => {
  it('checks the size before the instance and refuses a resize while another operation is pending', () => {
    const empty = new Gate4AgentEngine();
    const resize = (rows: number) =>
      command(9, { kind: 'resize', instanceId: instance(), size: size(rows, 80) });
    expect(rejectsAtomically(empty, resize(1_001))).toBe('invalid-terminal-size');
    expect(rejectsAtomically(empty, resize(10))).toBe('unknown-instance');
    const { engine } = runningEngine();
    unwrap(engine.applyCommand(resize(10)));
    expect(rejectsAtomically(engine, resize(11))).toBe('operation-pending');
  });

  it('refuses stop unless starting or running, and a second stop while stopping', () => {
    const engine = registered();
    const stop = (id: number) =>
      command(id, { kind: 'stop', instanceId: instance(), force: false });
    expect(rejectsAtomically(engine, stop(2))).toBe('invalid-transition');
    unwrap(engine.applyCommand(start(3)));
    unwrap(engine.applyCommand(stop(4)));
    expect(rejectsAtomically(engine, stop(5))).toBe('invalid-transition');
    expect(rejectsAtomically(engine, command(6, { kind: 'remove', instanceId: instance() }))).toBe(
      'invalid-transition',
    );
  });

  it('remove deletes the undrained effects of the instance and keeps the watermark', () => {
    const engine = registered();
    unwrap(engine.applyCommand(start(2)));
    const spawnOperation = engine.snapshot().sessions[0]!.pendingOperation;
    engine.applyObservation(
      observation(spawnOperation, engine.snapshot().sessions[0]!.generation, {
        kind: 'spawn-failed',
        message: 'no such program',
      }),
    );
    expect(engine.snapshot().sessions[0]!.status).toEqual({
      kind: 'failed',
      message: 'no such program',
    });
    unwrap(engine.applyCommand(registerOther()));
    unwrap(engine.applyCommand(command(3, { kind: 'remove', instanceId: instance() })));
    expect(engine.sessionInstanceIds()).toEqual([AgentInstanceId.of(8)]);
    expect(engine.drainEffects()).toEqual([]);
    expect(engine.snapshot().health.retainedInstanceIdentities).toBe(2);
  });

  it('refuses out-of-scope commands without mutation', () => {
    const engine = registered();
    const refresh = command(4, { kind: 'refresh-foreground', instanceId: instance() });
    const before = engineStateCopy(engine);
    expect(unwrapErr(engine.applyCommand(refresh))).toMatchObject({
      kind: 'unsupported-transport-operation',
      action: 'refresh-foreground',
    });
    expect(engineStateCopy(engine)).toStrictEqual(before);
  });

  it('emits one event per accepted command, with strictly increasing sequences', () => {
    const engine = registered();
    unwrap(engine.applyCommand(start(2)));
    const events = engine.drainEvents();
    expect(events.map((event) => [event.sequence, event.commandId, event.event.kind])).toEqual([
      [1, 1, 'registered'],
      [2, 2, 'start-requested'],
    ]);
    expect(engine.snapshot().revision).toBe(2);
  });
});

function registerOther(): CommandEnvelope {
  return {
    id: CommandId.of(2),
    command: {
      kind: 'register',
      instanceId: AgentInstanceId.of(8),
      agentId: AgentId.of('claude'),
      transport: 'pty',
    },
  };
}
