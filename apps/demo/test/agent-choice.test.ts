import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { CONTROL_FIXTURE_ID } from '@gate4agent/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { findOnPath, fixtureAgent, realAgent } from '../src/agent-choice.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A directory holding an executable `name` (a stand-in for an installed agent CLI). */
function pathWith(name: string): string {
  const root = mkdtempSync(join(tmpdir(), 'gate4agent-demo-'));
  roots.push(root);
  const file = join(root, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
  return root;
}

describe('fixtureAgent', () => {
  it('is the control fixture in a registry of its own', () => {
    const choice = fixtureAgent();
    expect(choice.agentId).toBe(CONTROL_FIXTURE_ID);
    expect(choice.fixture).toBe(true);
    expect(choice.executable).toBeNull();
    expect(choice.catalog.getById(CONTROL_FIXTURE_ID)).not.toBeNull();
  });
});

describe('realAgent', () => {
  it('names the missing executable when the agent is not on PATH', () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent-gate4agent-demo-path';
    try {
      const result = realAgent('codex');
      expect(result).toEqual({
        ok: false,
        error: 'OpenAI Codex (codex) is not installed: "codex" not found on PATH',
      });
    } finally {
      process.env.PATH = saved;
    }
  });

  it('finds an installed agent by id, adapter id or display name', () => {
    const saved = process.env.PATH;
    const dir = pathWith('claude');
    process.env.PATH = dir;
    try {
      for (const name of ['claude', 'claude-code', 'Claude-Code']) {
        const result = realAgent(name);
        expect(result.ok).toBe(true);
        if (!result.ok) continue;
        expect(result.value.agentId).toBe('claude');
        expect(result.value.fixture).toBe(false);
        expect(result.value.executable).toBe(join(dir, 'claude'));
        expect(result.value.catalog.getById('claude')).not.toBeNull();
      }
    } finally {
      process.env.PATH = saved;
    }
  });

  it('rejects a name the registry does not know', () => {
    const result = realAgent('no-such-agent');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^no agent called "no-such-agent"/);
  });
});

describe('findOnPath', () => {
  it('returns the first executable match and skips empty entries', () => {
    const first = pathWith('tool');
    const second = pathWith('tool');
    expect(findOnPath('tool', ['', first, second].join(delimiter))).toBe(join(first, 'tool'));
    expect(findOnPath('absent', first)).toBeNull();
  });

  it('ignores a file that is not executable', () => {
    const dir = pathWith('tool');
    chmodSync(join(dir, 'tool'), 0o644);
    expect(findOnPath('tool', dir)).toBeNull();
  });
});
