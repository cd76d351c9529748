// Issue #14 rows "PTY flood, 64 MiB through a session until parsed" and "peak RSS under a
// flood": a program in a real PTY writes 64 MiB of text lines after one typed line; ours runs it
// as an agent session of a NativeRuntime and waits until the session's screen shows the final
// marker; the anchor runs it under bare node-pty feeding @xterm/headless in one process and waits
// for the write callback of the chunk that carries the marker. Each part reports MB/s from the
// typed line to the parsed marker, and its own peak RSS.
import { fileURLToPath } from 'node:url';
import type { RunSize, Scenario } from '../scenario.js';

const FLOOD = fileURLToPath(new URL('../../fixtures/flood.mjs', import.meta.url));
const MIB = 1_024 * 1_024;
const BYTES: Record<RunSize, number> = { full: 64 * MIB, quick: 16 * MIB, smoke: MIB };
const READY = 'bench-flood-ready>';
const DONE = 'bench-flood-done';
const ROWS = 24;
const COLUMNS = 80;
/** The runtime's scrollback (TERMINAL_SCROLLBACK_ROWS). */
const SCROLLBACK = 1_000;
/** A loaded 2-core machine parses a few MiB/s: the wait for the marker is generous. */
const TIMEOUT_MS = 360_000;

const peakRssMiB = () => (process.resourceUsage().maxRSS * 1_024) / MIB;

async function throughSession(bytes: number): Promise<number> {
  const { AgentRegistry } = await import('@gate4agent/agent-catalog');
  const { NativeRuntime } = await import('@gate4agent/runtime-native');
  const { interactiveAgentSpec } = await import('@gate4agent/testkit');
  const { unwrap } = await import('@gate4agent/types');
  const spec = interactiveAgentSpec();
  spec.launch = { program: process.execPath, fixedArgs: [FLOOD, String(bytes)] };
  const { runtime } = unwrap(NativeRuntime.create(unwrap(AgentRegistry.create([spec]))));
  try {
    const agent = await runtime.launchAgent(spec.id, {
      terminalSize: { rows: ROWS, columns: COLUMNS },
    });
    await agent.waitFor(READY, { timeoutMs: 60_000 });
    const start = performance.now();
    await agent.submit('go');
    await agent.waitFor(DONE, { timeoutMs: TIMEOUT_MS });
    return bytes / MIB / ((performance.now() - start) / 1_000);
  } finally {
    await runtime.dispose();
  }
}

async function bare(bytes: number): Promise<number> {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const pty = require('node-pty') as typeof import('node-pty');
  const { Terminal } = require('@xterm/headless') as typeof import('@xterm/headless');
  const terminal = new Terminal({
    rows: ROWS,
    cols: COLUMNS,
    scrollback: SCROLLBACK,
    allowProposedApi: true,
  });
  const child = pty.spawn(process.execPath, [FLOOD, String(bytes)], {
    rows: ROWS,
    cols: COLUMNS,
    encoding: null,
  } as Parameters<typeof pty.spawn>[2]);
  try {
    return await new Promise<number>((resolve, reject) => {
      let start = 0;
      let tail = '';
      const timer = setTimeout(() => reject(new Error('the bare PTY flood timed out')), TIMEOUT_MS);
      child.onData((data: string | Buffer) => {
        const chunk = typeof data === 'string' ? data : data.toString('latin1');
        const seen = tail + chunk;
        tail = seen.slice(-64);
        if (start === 0) {
          terminal.write(data);
          if (seen.includes(READY)) {
            start = performance.now();
            child.write('go\r');
          }
          return;
        }
        if (!seen.includes(DONE)) {
          terminal.write(data);
          return;
        }
        terminal.write(data, () => {
          clearTimeout(timer);
          resolve(bytes / MIB / ((performance.now() - start) / 1_000));
        });
      });
    });
  } finally {
    child.kill('SIGKILL');
    terminal.dispose();
  }
}

const scenario: Scenario = {
  id: 'pty-flood',
  title:
    'a program writing 64 MiB into a PTY until the screen has parsed it: session vs bare node-pty + xterm',
  order: 50,
  parts: ['session', 'bare-pty'],
  timeoutMs: 420_000,
  rows: [
    {
      id: 'pty-flood',
      metric: 'PTY flood, 64 MiB through a session until parsed',
      unit: 'MiB/s',
      ours: { part: 'session', key: 'mibPerSecond' },
      anchor: { part: 'bare-pty', key: 'mibPerSecond' },
      anchorLabel: 'bare node-pty + @xterm/headless in one process',
      ratio: 'quotient',
      goal: '≥ 0.95 of bare',
      met: (_ours, _anchor, ratio) => ratio >= 0.95,
      digits: 1,
    },
    {
      id: 'flood-rss',
      metric: 'peak RSS under the PTY flood',
      unit: 'MiB',
      ours: { part: 'session', key: 'peakRssMiB' },
      anchor: { part: 'bare-pty', key: 'peakRssMiB' },
      anchorLabel: 'bare node-pty + @xterm/headless',
      ratio: 'quotient',
      goal: 'bounded (issue: memory stays bounded under a flood)',
      met: () => null,
      digits: 0,
    },
  ],
  async run(part, size) {
    const mibPerSecond =
      part === 'session' ? await throughSession(BYTES[size]) : await bare(BYTES[size]);
    return { mibPerSecond, peakRssMiB: peakRssMiB() };
  },
};

export default scenario;
