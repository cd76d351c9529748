// The observation fence and reductions beyond upstream's tests: every ignore reason, the races of
// stop against pending work, exit effect purging, frames and staleness.
import {
  AdapterId,
  AgentInstanceId,
  type ControlEvent,
  OperationId,
  SessionGeneration,
  type TerminalFrame,
  unwrap,
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
  size,
  start,
  terminalText,
} from './engine-fixtures.js';

const reasons = (events: ControlEvent[]) =>
  events.flatMap((event) =>
    event.event.kind === 'observation-ignored' ? [event.event.reason.kind] : [],
  );

const frame = (sequence: number, rows = 24): TerminalFrame => ({
  sequence,
  size: size(rows, 80),
  cursorRow: 0,
  cursorColumn: 0,
  contents: `frame ${sequence}`,
  formatted: new Uint8Array([sequence]),
  scrollbackFormatted: [],
  alternateScreen: false,
  mouseProtocolEnabled: false,
  mouseProtocolEncoding: 'default',
});

describe('observation fence', () => {
  it('ignores by protocol version, instance, generation, operation and state, without a revision bump', () => {
    const { engine, spawn } = runningEngine();
    engine.drainEvents();
    const revision = engine.snapshot().revision;
    const sessions = engine.snapshot().sessions;
    engine.applyObservation({ ...answer(spawn, { kind: 'input-completed' }), protocolVersion: 27 });
    engine.applyObservation(
      observation(
        null,
        spawn.generation,
        { kind: 'process-exited', exitCode: 0, finalTerminal: null },
        AgentInstanceId.of(99),
      ),
    );
    engine.applyObservation(
      observation(null, SessionGeneration.of(0), { kind: 'input-completed' }),
    );
    engine.applyObservation(observation(null, spawn.generation, { kind: 'input-completed' }));
    engine.applyObservation(
      observation(OperationId.of(77), spawn.generation, { kind: 'input-completed' }),
    );
    engine.applyObservation(
      observation(null, spawn.generation, { kind: 'foreground-failed', message: 'x' }),
    );
    expect(reasons(engine.drainEvents())).toEqual([
      'unsupported-protocol-version',
      'unknown-instance',
      'stale-generation',
      'missing-operation',
      'operation-mismatch',
      'missing-operation',
    ]);
    expect(engine.snapshot().revision).toBe(revision);
    expect(engine.snapshot().sessions).toStrictEqual(sessions);
  });

  it('ignores a terminal frame while starting as invalid-state', () => {
    const engine = new Gate4AgentEngine();
    unwrap(engine.applyCommand(register(1)));
    unwrap(engine.applyCommand(start(2)));
    const generation = engine.snapshot().sessions[0]!.generation;
    engine.drainEvents();
    engine.applyObservation(
      observation(null, generation, { kind: 'terminal-frame', frame: frame(1) }),
    );
    expect(reasons(engine.drainEvents())).toEqual(['invalid-state']);
    expect(engine.snapshot().sessions[0]!.terminalFrame).toBeNull();
  });

  it('denies provider events under the raw-PTY policy before looking at the operation', () => {
    const engine = new Gate4AgentEngine();
    unwrap(engine.applyCommand(register(1)));
    const raw = start(2);
    if (raw.command.kind !== 'start') throw new Error('fixture');
    unwrap(
      engine.applyCommand({
        ...raw,
        command: {
          ...raw.command,
          runtimePolicy: {
            rawPtyLifecycle: true,
            semanticReadiness: false,
            structuredPrompt: false,
            providerSessionIdentity: false,
            semanticResume: false,
          },
        },
      }),
    );
    const generation = engine.snapshot().sessions[0]!.generation;
    engine.drainEvents();
    engine.applyObservation(
      observation(null, generation, {
        kind: 'provider-gap',
        source: {
          family: 'hook',
          binding: { id: AdapterId.of('grok'), revision: 'v1', verification: 'reference' },
        },
        sourceSequence: 2,
        missed: 1,
      }),
    );
    const events = engine.drainEvents();
    expect(events[0]!.event).toEqual({
      kind: 'observation-ignored',
      reason: { kind: 'provider-runtime-policy-denied', capability: 'semantic-readiness' },
    });
  });
});

describe('observation reductions', () => {
  it('a stop while an input is pending makes the input completion an operation mismatch', () => {
    const { engine } = runningEngine();
    unwrap(engine.applyCommand(terminalText(3, 'typed')));
    const input = engine.drainEffects()[0]!;
    unwrap(engine.applyCommand(command(4, { kind: 'stop', instanceId: instance(), force: false })));
    engine.drainEvents();
    engine.applyObservation(answer(input, { kind: 'input-completed' }));
    expect(reasons(engine.drainEvents())).toEqual(['operation-mismatch']);
    expect(engine.snapshot().sessions[0]!.status).toEqual({ kind: 'stopping' });
  });

  it('process-exited while stopping exits unforced, purges queued effects and fences the stop result', () => {
    const { engine, spawn } = runningEngine();
    unwrap(engine.applyCommand(command(4, { kind: 'stop', instanceId: instance(), force: true })));
    const stopOperation = engine.snapshot().sessions[0]!.pendingOperation!;
    engine.drainEvents();
    engine.applyObservation(
      observation(null, spawn.generation, {
        kind: 'process-exited',
        exitCode: 3,
        finalTerminal: frame(5),
      }),
    );
    expect(engine.drainEffects()).toEqual([]);
    const session = engine.snapshot().sessions[0]!;
    expect(session.status).toEqual({ kind: 'exited', exitCode: 3 });
    expect(session.terminalFrame!.sequence).toBe(5);
    expect(session.processId).toBeNull();
    engine.applyObservation(
      observation(stopOperation, spawn.generation, {
        kind: 'stop-completed',
        forced: true,
        exitCode: null,
        finalTerminal: null,
      }),
    );
    const events = engine.drainEvents();
    expect(events[0]!.event).toEqual({ kind: 'exited', exitCode: 3, forced: false });
    expect(reasons(events)).toEqual(['operation-mismatch']);
  });

  it('a stale final frame is not adopted and emits nothing extra', () => {
    const { engine, spawn } = runningEngine();
    engine.applyObservation(
      observation(null, spawn.generation, { kind: 'terminal-frame', frame: frame(8) }),
    );
    engine.drainEvents();
    engine.applyObservation(
      observation(null, spawn.generation, {
        kind: 'process-exited',
        exitCode: 0,
        finalTerminal: frame(8, 30),
      }),
    );
    expect(engine.snapshot().sessions[0]!.terminalFrame).toStrictEqual(frame(8));
    expect(engine.drainEvents().map((event) => event.event.kind)).toEqual(['exited']);
  });

  it('terminal-stale records the message, invalidates the foreground, and the next frame clears it', () => {
    const { engine, spawn } = runningEngine();
    engine.applyObservation(
      observation(null, spawn.generation, { kind: 'terminal-stale', message: 'lagging' }),
    );
    let session = engine.snapshot().sessions[0]!;
    expect(session.terminalStale).toBe('lagging');
    expect(session.foreground).toMatchObject({ authority: 'stale', staleReason: 'lagging' });
    engine.applyObservation(
      observation(null, spawn.generation, { kind: 'terminal-frame', frame: frame(1, 30) }),
    );
    session = engine.snapshot().sessions[0]!;
    expect(session.terminalStale).toBeNull();
    expect(session.terminalSize).toEqual(size(30, 80));
  });

  it('input-failed and resize-failed clear the pending operation and keep the session running', () => {
    const { engine } = runningEngine();
    unwrap(engine.applyCommand(terminalText(3, 'x')));
    engine.applyObservation(
      answer(engine.drainEffects()[0]!, { kind: 'input-failed', message: 'closed' }),
    );
    unwrap(
      engine.applyCommand(
        command(4, { kind: 'resize', instanceId: instance(), size: size(50, 50) }),
      ),
    );
    engine.applyObservation(
      answer(engine.drainEffects()[0]!, { kind: 'resize-failed', message: 'nope' }),
    );
    const session = engine.snapshot().sessions[0]!;
    expect(session.pendingOperation).toBeNull();
    expect(session.pendingInput).toBeNull();
    expect(session.terminalSize).toEqual(size(24, 80));
    expect(
      engine
        .drainEvents()
        .slice(-3)
        .map((event) => event.event),
    ).toEqual([
      { kind: 'input-failed', inputKind: 'terminal-text', message: 'closed' },
      { kind: 'resize-requested', operationId: 3, size: size(50, 50) },
      { kind: 'resize-failed', message: 'nope' },
    ]);
  });

  it('stop-failed leaves the session failed; a new start opens the next generation without a frame', () => {
    const { engine, spawn } = runningEngine();
    engine.applyObservation(
      observation(null, spawn.generation, { kind: 'terminal-frame', frame: frame(4) }),
    );
    unwrap(engine.applyCommand(command(3, { kind: 'stop', instanceId: instance(), force: false })));
    engine.applyObservation(
      answer(engine.drainEffects()[0]!, { kind: 'stop-failed', message: 'stuck' }),
    );
    expect(engine.snapshot().sessions[0]!.status).toEqual({ kind: 'failed', message: 'stuck' });
    expect(engine.snapshot().sessions[0]!.terminalFrame!.sequence).toBe(4);
    unwrap(engine.applyCommand(start(4)));
    const session = engine.snapshot().sessions[0]!;
    expect(session.generation).toBe(spawn.generation + 1);
    expect(session.terminalFrame).toBeNull();
    expect(session.terminalSize).toBeNull();
  });

  it('records a command rejection under the watermark generation once the session is gone', () => {
    const engine = new Gate4AgentEngine();
    unwrap(engine.applyCommand(register(1)));
    unwrap(engine.applyCommand(command(2, { kind: 'remove', instanceId: instance() })));
    engine.drainEvents();
    const before = engine.snapshot().revision;
    engine.recordCommandRejection(
      command(3, { kind: 'remove', instanceId: instance() }).id,
      instance(),
      'gone',
    );
    const [event] = engine.drainEvents();
    expect(event).toMatchObject({
      sequence: 3,
      commandId: 3,
      generation: 0,
      event: { kind: 'command-rejected', message: 'gone' },
    });
    expect(engine.snapshot().revision).toBe(before);
  });

  it('an ignored observation changes nothing but the event queue', () => {
    const { engine, spawn } = runningEngine();
    const before = engineStateCopy(engine);
    engine.applyObservation(observation(null, spawn.generation, { kind: 'spawned', processId: 1 }));
    const after = engineStateCopy(engine);
    expect({ ...after, events: [], nextEventSequence: 0 }).toStrictEqual({
      ...before,
      events: [],
      nextEventSequence: 0,
    });
    expect(after.events).toHaveLength(before.events.length + 1);
  });
});
