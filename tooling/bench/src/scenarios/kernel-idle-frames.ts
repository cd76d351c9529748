// Issue #14 row "kernel idle step with 32 sessions holding a full frame": 32 running sessions,
// each given one terminal frame (a full 24×80 screen with SGR colours and 256 formatted
// scrollback rows, or an empty frame), then idle `stepControlPlane([], [])` calls (what the runtime runs each tick) are timed.
// The frames never change after they arrive, so the goal is a step independent of them.
import type { Gate4AgentKernel } from '@gate4agent/kernel';
import type { TerminalFrame } from '@gate4agent/types';
import { benchKernel, observation, startSessions } from '../kernel-sessions.js';
import { measureRate } from '../measure-rate.js';
import type { Scenario } from '../scenario.js';

const SESSIONS = 32;
const ROWS = 24;
const COLUMNS = 80;
const SCROLLBACK_ROWS = 256;
const encoder = new TextEncoder();

function fullFrame(sequence: number): TerminalFrame {
  const line = (row: number) => `${`row ${row} `.padEnd(COLUMNS, 'x')}`.slice(0, COLUMNS);
  const rows = Array.from({ length: ROWS }, (_, row) => line(row));
  const formattedRow = (row: number) => `\x1b[1;3${row % 8}m${line(row)}\x1b[0m\r\n`;
  return {
    sequence,
    size: { rows: ROWS, columns: COLUMNS },
    cursorRow: ROWS - 1,
    cursorColumn: 0,
    contents: rows.join('\n'),
    formatted: encoder.encode(rows.map((_, row) => formattedRow(row)).join('')),
    scrollbackFormatted: Array.from({ length: SCROLLBACK_ROWS }, (_, row) =>
      encoder.encode(formattedRow(row)),
    ),
    alternateScreen: false,
    mouseProtocolEnabled: false,
    mouseProtocolEncoding: 'default',
  };
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
  };
}

function kernelHolding(frame: (sequence: number) => TerminalFrame): Gate4AgentKernel {
  const kernel = benchKernel();
  const generations = startSessions(kernel, SESSIONS);
  const frames = [...generations].map(([instanceId, generation]) =>
    observation(instanceId, generation, { kind: 'terminal-frame', frame: frame(1) }),
  );
  const step = kernel.step([], frames);
  const held = step.snapshot.sessions.filter((session) => session.terminalFrame !== null).length;
  if (held !== SESSIONS) {
    throw new Error(`${held} of ${SESSIONS} sessions hold a frame after the frames were observed`);
  }
  return kernel;
}

const scenario: Scenario = {
  id: 'kernel-idle-frames',
  title: `Gate4AgentKernel idle step, ${SESSIONS} running sessions holding a full or an empty frame`,
  order: 40,
  parts: ['full-frames', 'empty-frames'],
  rows: [
    {
      id: 'kernel-idle-step',
      metric: `kernel idle step, ${SESSIONS} sessions holding a full frame`,
      unit: 'ms',
      ours: { part: 'full-frames', key: 'stepMs' },
      anchor: { part: 'empty-frames', key: 'stepMs' },
      anchorLabel: `the same step, ${SESSIONS} empty frames`,
      ratio: 'quotient',
      goal: 'independent of unchanged frames (≤ 0.5 ms)',
      met: (ours) => ours <= 0.5,
      digits: 3,
    },
  ],
  async run(part, size) {
    const kernel = kernelHolding(part === 'full-frames' ? fullFrame : emptyFrame);
    const { meanMs } = await measureRate(() => {
      kernel.stepControlPlane([], []);
    }, size);
    return { stepMs: meanMs };
  },
};

export default scenario;
