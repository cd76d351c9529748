// Runs the built demo end to end, as `npm run demo` does, and checks what it printed and that
// every process it started is gone.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { isProcessAlive, listProcesses } from '@gate4agent/testkit';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_SCRIPT } from '../src/tool-provider.js';
import { type DemoRun, killRunningDemos, runDemo } from './support/run-demo.js';

afterEach(() => killRunningDemos());

describe('demo on the embedded fixture agent', () => {
  let run: DemoRun;
  beforeAll(async () => {
    run = await runDemo([]);
  }, 60_000);

  it('exits 0 with nothing on stderr', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('shows the fixture screen, then the typed line and its echo', () => {
    expect(run.stdout).toContain('  | fixture-ready>\n');
    expect(run.stdout).toContain('  | fixture-ready>hello from gate4agent\n');
    expect(run.stdout).toContain('  | fixture-echo:hello from gate4agent\n');
  });

  it('prints no terminal control sequences', () => {
    expect(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(run.stdout)).toBe(false);
  });

  it('prints a completion of each kind and an exit ack for every operation', () => {
    expect(run.stdout).toMatch(
      /completion {2}request 1 {2}operation 1 {2}succeeded {2}application\/json {2}\{"echoed":"ping","pid":\d+\}/,
    );
    expect(run.stdout).toMatch(
      /exit ack {4}request 1 {2}operation 1 {2}pid \d+ {2}exit code 0 {2}stop cause none/,
    );
    expect(run.stdout).toContain(
      'completion  request 2  operation 2  failed  execution: the demo provider was asked to fail',
    );
    expect(run.stdout).toMatch(
      /exit ack {4}request 2 {2}operation 2 {2}pid \d+ {2}exit code 0 {2}stop cause none/,
    );
    expect(run.stdout).toContain(
      'completion  request 3  operation 3  grant-revoked  cancellation cancel-queued-unconfirmed',
    );
  });

  it('shows the revoke reaching the held operation: stopped, reaped and acknowledged', () => {
    const running = /operation 3 runs as pid (\d+) \(alive: true\)/.exec(run.stdout);
    expect(running).not.toBeNull();
    const pid = running![1];
    expect(run.stdout).toContain(
      `exit ack    request 3  operation 3  pid ${pid}  killed by a signal  stop cause cancellation/grant-revoked  (stop sent`,
    );
    expect(run.stdout).toContain(`pid ${pid}: stopped and reaped`);
    // The revoke's completion comes before the physical-exit ack.
    expect(run.stdout.indexOf('grant-revoked')).toBeLessThan(
      run.stdout.indexOf('exit ack    request 3'),
    );
  });

  it('shows an aborted signal cancelling a held request down to its process', () => {
    const running = /operation 4 runs as pid (\d+); aborting its signal/.exec(run.stdout);
    expect(running).not.toBeNull();
    const pid = running![1];
    expect(run.stdout).toContain(
      'completion  request 4  operation 4  client-cancelled  cancellation cancel-queued-unconfirmed',
    );
    expect(run.stdout).toContain(
      `exit ack    request 4  operation 4  pid ${pid}  killed by a signal  stop cause cancellation/client-cancelled  (stop sent`,
    );
    expect(run.stdout).toContain(`pid ${pid}: stopped and reaped`);
  });

  it('calls the granted tool through the MCP bridge and a revoke ends the second call', () => {
    expect(run.stdout).toContain('tools/list: browser_demo\n');
    expect(run.stdout).toMatch(
      /tools\/call browser_demo echo: \{"echoed":"through MCP","pid":\d+\}/,
    );
    const held = /tools\/call browser_demo hold runs as pid (\d+); revoking the grant/.exec(
      run.stdout,
    );
    expect(held).not.toBeNull();
    expect(run.stdout).toContain(
      'tools/call browser_demo hold ended (isError true): the grant of tool browser_demo was revoked',
    );
    expect(run.stdout).toContain(`pid ${held![1]}: stopped and reaped`);
  });

  it('shuts down in order and leaves no process behind', () => {
    const order = [
      'agent session stopped',
      'native providers shut down (complete: true)',
      'runtime stopped and disposed',
      'processes left: none',
    ].map((line) => run.stdout.indexOf(line));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const started = /processes started: ([\d ]+)\n/.exec(run.stdout);
    expect(started).not.toBeNull();
    const pids = started![1]!.trim().split(' ').map(Number);
    // The agent, four provider children of the tool-client requests and two of the MCP calls.
    expect(pids.length).toBe(7);
    expect(pids.filter((pid) => isProcessAlive(pid))).toEqual([]);
    const providers = listProcesses().filter((entry) => entry.command.includes(PROVIDER_SCRIPT));
    expect(providers).toEqual([]);
  });
});

describe('demo with --agent on an installed CLI', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('launches the registry agent found on PATH instead of the fixture', async () => {
    // A stand-in for the `claude` executable: prints a banner and waits to be stopped.
    const root = mkdtempSync(join(tmpdir(), 'gate4agent-demo-agent-'));
    roots.push(root);
    const executable = join(root, 'claude');
    writeFileSync(
      executable,
      `#!${process.execPath}\nprocess.stdout.write('stand-in agent ready\\n');\nsetInterval(() => {}, 1000);\n`,
    );
    chmodSync(executable, 0o755);
    const path = [root, process.env.PATH ?? ''].join(delimiter);
    const real = await runDemo(['--agent', 'claude-code'], { ...process.env, PATH: path });
    expect(real.stderr).toBe('');
    expect(real.code).toBe(0);
    expect(real.stdout).toContain(`Claude Code (${executable}) runs as pid`);
    expect(real.stdout).toContain('  | stand-in agent ready\n');
    expect(real.stdout).not.toContain('fixture-ready>');
    expect(real.stdout).toContain('grant-revoked  cancellation cancel-queued-unconfirmed');
    expect(real.stdout).toContain('processes left: none');
    const pids = /processes started: ([\d ]+)\n/.exec(real.stdout)![1]!.trim().split(' ');
    expect(pids.map(Number).filter((pid) => isProcessAlive(pid))).toEqual([]);
  }, 60_000);
});

describe('demo command line', () => {
  it('--help prints the usage and exits 0', async () => {
    const help = await runDemo(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run demo -- [--agent <id>] [--web] [--help]');
    expect(help.stdout).not.toContain('== 1. runtime ==');
  });

  it('an agent that is not installed fails with a message naming it', async () => {
    const bare = { ...process.env, PATH: '/nonexistent-gate4agent-demo-path' };
    const missing = await runDemo(['--agent', 'claude-code'], bare);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe(
      'demo: Claude Code (claude) is not installed: "claude" not found on PATH\n',
    );
  });

  it('an unknown agent id fails and lists the known ids', async () => {
    const unknown = await runDemo(['--agent', 'no-such-agent']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'demo: no agent called "no-such-agent" in the built-in registry',
    );
    expect(unknown.stderr).toContain('claude, codex, gemini');
  });

  it('a bad argument exits 2', async () => {
    const bad = await runDemo(['--agnet', 'codex']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('demo: unknown argument "--agnet" (see --help)\n');
  });
});
