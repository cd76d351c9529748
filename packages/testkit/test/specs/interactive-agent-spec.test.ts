// The interactive control fixture in a real PTY (node-pty, encoding null) rendered by
// @xterm/headless, as the runtime will run it.

import { AgentSpecCodec } from '@gate4agent/types';
import xtermHeadless from '@xterm/headless';
import * as pty from 'node-pty';
import { describe, expect, it } from 'vitest';
import { CONTROL_FIXTURE_ID, FIXTURE_RUN_ARG } from '../../src/constants.js';
import { fixtureScriptPath } from '../../src/fixtures/fixture-program.js';
import { fixtureEnv } from '../../src/fixtures/minimal-env.js';
import { driveUntil } from '../../src/helpers/drive-until.js';
import { fixtureRunTag } from '../../src/process/fixture-run.js';
import { trackProcess } from '../../src/process/process-tracker.js';
import {
  exitingAgentSpec,
  interactiveAgentSpec,
  trustDialogAgentSpec,
} from '../../src/specs/interactive-agent-spec.js';

const { Terminal } = xtermHeadless;

interface PtySession {
  readonly child: pty.IPty;
  readonly terminal: InstanceType<typeof Terminal>;
  screen(): string;
  exit(): { exitCode: number; signal?: number } | null;
}

function startInPty(program: string, args: readonly string[]): PtySession {
  const terminal = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
  const child = pty.spawn(program, [...args], {
    name: 'xterm-256color',
    cols: 80,
    rows: 24,
    cwd: process.cwd(),
    env: { ...fixtureEnv(), TERM: 'xterm-256color' },
    encoding: null,
  });
  trackProcess(child.pid, CONTROL_FIXTURE_ID, { group: true });
  let exited: { exitCode: number; signal?: number } | null = null;
  child.onData((data) => terminal.write(data as unknown as Uint8Array));
  child.onExit((event) => {
    exited = event;
  });
  return {
    child,
    terminal,
    screen() {
      const lines: string[] = [];
      const buffer = terminal.buffer.active;
      for (let row = 0; row < buffer.length; row += 1)
        lines.push(buffer.getLine(row)?.translateToString(true) ?? '');
      return lines.join('\n');
    },
    exit: () => exited,
  };
}

describe('interactiveAgentSpec', () => {
  it('builds a fresh, wire-valid spec of the control fixture', () => {
    const spec = interactiveAgentSpec();
    expect(spec.id).toBe(CONTROL_FIXTURE_ID);
    expect(spec.launch.program).toBe(process.execPath);
    expect(spec.detection.command).toBe('control-fixture.mjs');
    expect(spec.expectedProcesses).toEqual([{ kind: 'exact', name: 'control-fixture' }]);
    expect(spec.readiness.draftSignal).toBe('cursor-after-bracketed-paste');
    expect(spec.capabilities.agentCommands).toBe('slash-line');
    expect(spec.prompt.initial).toEqual({ kind: 'none' });
    expect(spec.verification).toBe('gate4agent-verified');
    expect(AgentSpecCodec.decode(JSON.parse(JSON.stringify(spec))).ok).toBe(true);
    spec.launch.fixedArgs.push('changed');
    // The script, then the run tag the leak scan reads from the command line.
    expect(interactiveAgentSpec().launch.fixedArgs).toEqual([
      fixtureScriptPath('control-fixture'),
      `${FIXTURE_RUN_ARG}${fixtureRunTag()}`,
    ]);
    expect(interactiveAgentSpec({ detectionCommand: 'control-fixture' }).detection.command).toBe(
      'control-fixture',
    );
    expect(exitingAgentSpec().id).toBe(CONTROL_FIXTURE_ID);
    expect(exitingAgentSpec().detection.command).toBe('exiting.mjs');
  });

  it('shows fixture-ready> in a real PTY, echoes a written line and exits 0', async () => {
    const spec = interactiveAgentSpec();
    // A short hold instead of 60 s, so the natural exit 0 is observed.
    const session = startInPty(spec.launch.program, [...spec.launch.fixedArgs, '200']);
    try {
      await driveUntil(() => session.screen().includes('fixture-ready>'), {
        message: 'no fixture-ready> prompt',
      });
      expect(session.terminal.modes.bracketedPasteMode).toBe(true);
      session.child.write('/status detail\r');
      await driveUntil(() => session.screen().includes('fixture-echo:/status detail'), {
        message: 'no echo',
      });
      await driveUntil(() => session.exit() !== null, { message: 'the fixture did not exit' });
      expect(session.exit()?.exitCode).toBe(0);
    } finally {
      session.child.kill('SIGKILL');
      session.terminal.dispose();
    }
  });

  it('stays alive after the echo until the PTY child is killed', async () => {
    const spec = interactiveAgentSpec();
    const session = startInPty(spec.launch.program, spec.launch.fixedArgs);
    try {
      await driveUntil(() => session.screen().includes('fixture-ready>'));
      session.child.write('hello\r');
      await driveUntil(() => session.screen().includes('fixture-echo:hello'));
      expect(session.exit()).toBeNull();
      session.child.kill('SIGKILL');
      await driveUntil(() => session.exit() !== null);
      expect(session.exit()?.signal).toBe(9);
    } finally {
      session.child.kill('SIGKILL');
      session.terminal.dispose();
    }
  });

  it('runs the exiting variant to exit code 7 in a PTY', async () => {
    const spec = exitingAgentSpec();
    const session = startInPty(spec.launch.program, spec.launch.fixedArgs);
    try {
      await driveUntil(() => session.exit() !== null);
      expect(session.exit()?.exitCode).toBe(7);
      await driveUntil(() => session.screen().includes('fixture-exit'));
    } finally {
      session.terminal.dispose();
    }
  });
});

describe('trustDialogAgentSpec', () => {
  it('draws a trust dialog until one key answers it, then the usual prompt', async () => {
    const spec = trustDialogAgentSpec();
    expect(spec.id).toBe(CONTROL_FIXTURE_ID);
    expect(spec.launch.fixedArgs.at(-1)).toBe('--trust-dialog');
    const session = startInPty(spec.launch.program, [...spec.launch.fixedArgs, '200']);
    try {
      await driveUntil(() => session.screen().includes("2. Don't trust"), {
        message: 'no trust dialog',
      });
      expect(session.screen()).toContain('Do you trust the files in this folder?');
      expect(session.screen()).not.toContain('fixture-ready>');
      session.child.write('1');
      await driveUntil(() => session.screen().includes('fixture-ready>'), {
        message: 'no prompt after the answer',
      });
      expect(session.screen()).toContain('fixture-trust:49');
      expect(session.screen()).not.toContain('Do you trust');
      session.child.write('after\r');
      await driveUntil(() => session.screen().includes('fixture-echo:after'), {
        message: 'no echo',
      });
      await driveUntil(() => session.exit() !== null, { message: 'the fixture did not exit' });
      expect(session.exit()?.exitCode).toBe(0);
    } finally {
      session.child.kill('SIGKILL');
      session.terminal.dispose();
    }
  });
});
