// The parent's side of the host-process protocol against real child Node processes: a script that
// prints `ready` and ends on `stop`, one that dies before `ready`, and one that never gets ready.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isProcessAlive } from '@gate4agent/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { startHostProcess, startNatsCluster } from '../../src/testing/index.js';

const dir = mkdtempSync(join(tmpdir(), 'g4a-host-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

const SERVES = script(
  'serves.mjs',
  `import { createInterface } from 'node:readline';
console.log('hello ' + process.argv[2]);
console.log('ready');
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'stop') { console.log('stopped'); process.exit(0); }
});
`,
);

describe('startHostProcess', () => {
  it('resolves on ready, hands over the other lines, and ends the process on stop', async () => {
    const lines: string[] = [];
    const host = await startHostProcess({
      script: SERVES,
      args: ['host-a'],
      hostId: 'host-a',
      onLine: (line) => lines.push(line),
    });
    expect(host.hostId).toBe('host-a');
    expect(isProcessAlive(host.child.pid ?? 0)).toBe(true);
    await host.stop();
    expect(lines).toEqual(['hello host-a', 'stopped']);
    expect(isProcessAlive(host.child.pid ?? 0)).toBe(false);
  }, 30_000);

  it('rejects, naming the host and quoting its stderr, when the script exits before ready', async () => {
    const dies = script('dies.mjs', "console.error('no servers given'); process.exit(3);\n");
    await expect(startHostProcess({ script: dies, hostId: 'host-b' })).rejects.toThrow(
      /host host-b exited \(3\) before it printed "ready"; read its stderr: no servers given/,
    );
  }, 30_000);

  it('kills a script that does not get ready in time and says so', async () => {
    const hangs = script('hangs.mjs', 'setInterval(() => {}, 1_000);\n');
    await expect(
      startHostProcess({ script: hangs, hostId: 'host-c', readyTimeoutMs: 500 }),
    ).rejects.toThrow(/host host-c did not print "ready" within 500 ms and was killed/);
  }, 30_000);
});

describe('startNatsCluster', () => {
  it('refuses a size it cannot start, before starting anything', async () => {
    await expect(startNatsCluster('', 0)).rejects.toThrow(
      /a test cluster has from 1 to 9 nodes; got 0/,
    );
  });
});
