import { describe, expect, it } from 'vitest';
import { AgentId, FOREGROUND_PROCESS_NAME_MAX_BYTES, ForegroundProcess } from '../../src/index.js';

const claude = AgentId.of('claude');
const base: ForegroundProcess = {
  rootProcessId: 1,
  processId: 2,
  processName: 'bash',
  kind: { kind: 'shell' },
};

describe('ForegroundProcess.isValidFor', () => {
  it('requires both process ids to be positive', () => {
    expect(ForegroundProcess.isValidFor(base, claude)).toBe(true);
    expect(ForegroundProcess.isValidFor({ ...base, rootProcessId: 0 }, claude)).toBe(false);
    expect(ForegroundProcess.isValidFor({ ...base, processId: 0 }, claude)).toBe(false);
  });

  it('bounds the name at 512 UTF-8 bytes', () => {
    const at = 'x'.repeat(FOREGROUND_PROCESS_NAME_MAX_BYTES);
    expect(ForegroundProcess.isValidFor({ ...base, processName: at }, claude)).toBe(true);
    expect(ForegroundProcess.isValidFor({ ...base, processName: `${at}x` }, claude)).toBe(false);
    expect(ForegroundProcess.isValidFor({ ...base, processName: 'ж'.repeat(256) }, claude)).toBe(
      true,
    );
    expect(ForegroundProcess.isValidFor({ ...base, processName: 'ж'.repeat(257) }, claude)).toBe(
      false,
    );
  });

  it('rejects blank names and any control character', () => {
    for (const processName of ['', ' ', '\u3000', 'ba\u0000sh', 'bash\n', 'bash\u0085']) {
      expect(ForegroundProcess.isValidFor({ ...base, processName }, claude)).toBe(false);
    }
  });

  it('binds an agent kind to the session agent; other kinds are free', () => {
    const agent: ForegroundProcess = { ...base, kind: { kind: 'agent', agentId: claude } };
    expect(ForegroundProcess.isValidFor(agent, claude)).toBe(true);
    expect(ForegroundProcess.isValidFor(agent, AgentId.of('codex'))).toBe(false);
    expect(
      ForegroundProcess.isValidFor({ ...base, kind: { kind: 'other' } }, AgentId.of('codex')),
    ).toBe(true);
  });
});
