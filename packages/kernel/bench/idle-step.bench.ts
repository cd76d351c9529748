// An idle kernel step with 32 running sessions (run by `pnpm bench:packages`, not by tests):
// once with every session holding a full terminal frame (a 50 × 200 screen and 256 scrollback rows), once with
// empty frames. Frames do not change between steps, so the two should cost the same.
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  type CommandEnvelope,
  CommandId,
  type ObservationEnvelope,
  type TerminalFrame,
} from '@gate4agent/types';
import { bench, describe } from 'vitest';
import { Gate4AgentKernel } from '../src/index.js';
import {
  spawnedObservation,
  testCatalog,
  verifiedRuntimePolicy,
} from '../test/kernel/kernel-fixtures.js';

const SESSIONS = 32;
const ROWS = 50;
const COLUMNS = 200;
const SCROLLBACK = 256;

function fullFrame(sequence: number): TerminalFrame {
  const row = `\u001b[32m${'x'.repeat(COLUMNS - 10)}\u001b[0m`;
  const bytes = new TextEncoder().encode(row);
  return {
    sequence,
    size: { rows: ROWS, columns: COLUMNS },
    cursorRow: 0,
    cursorColumn: 0,
    contents: `${'x'.repeat(COLUMNS)}\n`.repeat(ROWS),
    formatted: new TextEncoder().encode(`${row}\r\n`.repeat(ROWS)),
    scrollbackFormatted: Array.from({ length: SCROLLBACK }, () => bytes.slice()),
    alternateScreen: false,
    mouseProtocolEnabled: false,
    mouseProtocolEncoding: 'default',
  } as TerminalFrame;
}

function emptyFrame(sequence: number): TerminalFrame {
  return {
    sequence,
    size: { rows: ROWS, columns: COLUMNS },
    cursorRow: 0,
    cursorColumn: 0,
    contents: '',
    formatted: new Uint8Array(0),
    scrollbackFormatted: [],
    alternateScreen: false,
    mouseProtocolEnabled: false,
    mouseProtocolEncoding: 'default',
  } as TerminalFrame;
}

/** A kernel with `SESSIONS` running sessions, each holding the frame `makeFrame` builds. */
function kernelWithFrames(makeFrame: (sequence: number) => TerminalFrame): Gate4AgentKernel {
  const kernel = new Gate4AgentKernel(testCatalog());
  let commandId = 1;
  const command = (body: CommandEnvelope['command']): CommandEnvelope => ({
    id: CommandId.of(commandId++),
    command: body,
  });
  const commands: CommandEnvelope[] = [];
  for (let index = 1; index <= SESSIONS; index += 1) {
    const instanceId = AgentInstanceId.of(index);
    commands.push(
      command({ kind: 'register', instanceId, agentId: AgentId.of('claude'), transport: 'pty' }),
      command({
        kind: 'start',
        instanceId,
        runtimePolicy: verifiedRuntimePolicy(),
        request: {
          workingDirectory: '.',
          terminalSize: { rows: ROWS, columns: COLUMNS },
          initialPrompt: null,
          sessionOptions: null,
          approvalLevel: 'ask',
        },
      }),
    );
  }
  const starting = kernel.step(commands, []);
  kernel.step(
    [],
    starting.effects.map((spawn) => spawnedObservation({ ...spawn, instanceId: spawn.instanceId })),
  );
  const frames: ObservationEnvelope[] = starting.effects.map((spawn) => ({
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: null,
    instanceId: spawn.instanceId,
    generation: spawn.generation,
    observation: { kind: 'terminal-frame', frame: makeFrame(1) },
  }));
  const framed = kernel.step([], frames);
  const held = framed.snapshot.sessions.filter((session) => session.terminalFrame !== null).length;
  if (held !== SESSIONS) throw new Error(`expected ${SESSIONS} framed sessions, got ${held}`);
  return kernel;
}

const full = kernelWithFrames(fullFrame);
const empty = kernelWithFrames(emptyFrame);

describe(`idle kernel step, ${SESSIONS} running sessions`, () => {
  bench('every session holds a full frame', () => {
    full.step([], []);
  });
  bench('every session holds an empty frame', () => {
    empty.step([], []);
  });
});
