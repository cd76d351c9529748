import { interactiveAgentSpec } from '@gate4agent/testkit';
import { describe, expect, it } from 'vitest';
import { foregroundOf, isAgentCommandLine } from '../../src/pty/observe-foreground.js';

const spec = interactiveAgentSpec();
const row = (pid: number, ppid: number, stat: string, args: string) => ({
  pid,
  ppid,
  foreground: stat.includes('+'),
  args,
});

describe('foreground observation', () => {
  it('recognises the agent as its command or as the script an interpreter runs', () => {
    expect(isAgentCommandLine('/usr/bin/node /x/fixtures/control-fixture.mjs', spec)).toBe(true);
    expect(isAgentCommandLine('node --no-warnings /x/control-fixture.mjs 60', spec)).toBe(true);
    expect(isAgentCommandLine('/usr/bin/node /x/other.mjs', spec)).toBe(false);
    expect(isAgentCommandLine('sh -c control-fixture.mjs', spec)).toBe(false);
  });

  it('reports the agent when it owns the foreground group', () => {
    const table = [
      row(100, 1, 'Ss+', 'node /x/control-fixture.mjs'),
      row(101, 100, 'S', 'sleep 1'),
    ];
    expect(foregroundOf(table, 100, spec)).toMatchObject({
      rootPid: 100,
      observedPid: 100,
      observedProcess: 'node',
      agentProcess: 'control-fixture',
      isShell: false,
      wrapperWithChildren: true,
    });
  });

  it('reports a shell, or the deepest process when no group is marked', () => {
    const shell = [row(200, 1, 'Ss+', '-bash')];
    expect(foregroundOf(shell, 200, spec)).toMatchObject({ isShell: true, agentProcess: null });
    const unmarked = [row(300, 1, 'Ss', 'sh -c x'), row(301, 300, 'S', 'sleep 60')];
    expect(foregroundOf(unmarked, 300, spec)).toMatchObject({
      observedPid: 301,
      observedProcess: 'sleep',
    });
    expect(foregroundOf(unmarked, 999, spec)).toBeNull();
  });
});
