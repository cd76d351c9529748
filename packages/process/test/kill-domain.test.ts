import { describe, expect, it } from 'vitest';
import { KILL_DOMAIN_ENV } from '../src/constants.js';
import { KillDomain } from '../src/kill-domain.js';
import { isProcessAlive } from '../src/process-liveness.js';
import { readProcess } from '../src/read-process-table.js';
import { FORKING_SCRIPT, startNode, trackPid, waitFor } from './support.js';

async function startTree(domain: KillDomain, ignoreTerm: boolean) {
  const started = await startNode(FORKING_SCRIPT, {
    ...domain.env,
    IGNORE_TERM: ignoreTerm ? '1' : '0',
  });
  const [inGroup, escaped] = started.firstLine.split(' ').map(Number) as [number, number];
  trackPid(inGroup);
  trackPid(escaped);
  return { root: started.pid, inGroup, escaped };
}

describe('KillDomain', () => {
  it('carries its token in the environment it hands the spawner', () => {
    const domain = KillDomain.create();
    expect(domain.env).toEqual({ [KILL_DOMAIN_ENV]: domain.token });
    expect(KillDomain.create().token).not.toBe(domain.token);
  });

  it('finds every member, also one that left the group with setsid, and no stranger', async () => {
    const domain = KillDomain.create();
    const other = KillDomain.create();
    const tree = await startTree(domain, false);
    await startNode('console.log("up"); setInterval(() => {}, 1000)', other.env);
    const escapedRead = readProcess(tree.escaped);
    expect(escapedRead.kind === 'process' && escapedRead.entry.pgid).not.toBe(tree.root);
    const pids = domain.members().map((member) => member.pid);
    expect(pids.sort()).toEqual([tree.root, tree.inGroup, tree.escaped].sort());
  });

  it('finds an adopted child whose environment carries no marker, and its descendants', async () => {
    const domain = KillDomain.create();
    const { pid, firstLine } = await startNode(FORKING_SCRIPT, {});
    // Its two children (one in a session of its own) are reaped after the test like the root.
    for (const child of firstLine.split(' ').map(Number)) trackPid(child);
    expect(domain.members()).toEqual([]);
    expect(domain.adopt(pid)?.pid).toBe(pid);
    expect(domain.members().length).toBe(3);
    expect(domain.adopt(2 ** 30)).toBeNull();
  });

  it('terminates politely when members obey SIGTERM', async () => {
    const domain = KillDomain.create();
    const tree = await startTree(domain, false);
    const report = await domain.terminate({ graceMs: 10_000 });
    expect(report.unsupported).toBeNull();
    expect(report.terminated.map((member) => member.pid).sort()).toEqual(
      [tree.root, tree.inGroup, tree.escaped].sort(),
    );
    expect(report.killed).toEqual([]);
    expect(report.survivors).toEqual([]);
    expect(domain.members()).toEqual([]);
  });

  it('SIGKILLs members that ignore SIGTERM once the grace has passed', async () => {
    const domain = KillDomain.create();
    const tree = await startTree(domain, true);
    const report = await domain.terminate({ graceMs: 50 });
    expect(report.killed.map((member) => member.pid).sort()).toEqual(
      [tree.root, tree.inGroup, tree.escaped].sort(),
    );
    expect(report.survivors).toEqual([]);
    for (const pid of [tree.inGroup, tree.escaped]) expect(isProcessAlive(pid)).toBe(false);
  });

  it('killSync SIGKILLs every member at once', async () => {
    const domain = KillDomain.create();
    const tree = await startTree(domain, true);
    const report = domain.killSync();
    expect(report.killed.map((member) => member.pid).sort()).toEqual(
      [tree.root, tree.inGroup, tree.escaped].sort(),
    );
    expect(report.survivors).toEqual([]);
    await waitFor(() => !isProcessAlive(tree.escaped) && !isProcessAlive(tree.inGroup), 'the kill');
    await waitFor(() => domain.members().length === 0, 'an empty domain');
  });
});
