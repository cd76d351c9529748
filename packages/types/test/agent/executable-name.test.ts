import { describe, expect, it } from 'vitest';
import { normalizeExecutableName } from '../../src/agent/executable-name.js';
import { processMatcherMatches } from '../../src/agent/process-matcher.js';

describe('normalizeExecutableName', () => {
  it('takes the basename after either separator on every platform', () => {
    expect(normalizeExecutableName('/usr/local/bin/claude', 'linux')).toBe('claude');
    expect(normalizeExecutableName('C:\\tools\\codex', 'linux')).toBe('codex');
    expect(normalizeExecutableName('mixed/dir\\qwen', 'mac-os')).toBe('qwen');
  });

  it('trims Unicode white space but not U+FEFF', () => {
    expect(normalizeExecutableName('\u00a0 claude \u0085', 'linux')).toBe('claude');
    expect(normalizeExecutableName('\ufeffclaude', 'linux')).toBe('\ufeffclaude');
  });

  it('lowercases and strips one Windows suffix on Windows only', () => {
    expect(normalizeExecutableName('C:\\Users\\dev\\bin\\QWEN.CMD', 'windows')).toBe('qwen');
    expect(normalizeExecutableName('Codex.EXE', 'windows')).toBe('codex');
    expect(normalizeExecutableName('tool.ps1', 'windows')).toBe('tool');
    expect(normalizeExecutableName('tool.bat.exe', 'windows')).toBe('tool.bat');
    expect(normalizeExecutableName('QWEN.CMD', 'linux')).toBe('QWEN.CMD');
    expect(normalizeExecutableName('QWEN.CMD', 'wsl')).toBe('QWEN.CMD');
  });

  it('keeps non-ASCII letters as they are on Windows', () => {
    expect(normalizeExecutableName('ÄGENT.exe', 'windows')).toBe('Ägent');
  });
});

describe('processMatcherMatches', () => {
  it('compares exact names after normalising both sides', () => {
    const matcher = { kind: 'exact', name: 'codex' } as const;
    expect(processMatcherMatches(matcher, '/opt/bin/codex', 'linux')).toBe(true);
    expect(processMatcherMatches(matcher, 'CODEX.EXE', 'windows')).toBe(true);
    expect(processMatcherMatches(matcher, 'CODEX', 'linux')).toBe(false);
  });

  it('tests prefixes, lowercasing the prefix on Windows only', () => {
    const matcher = { kind: 'prefix', prefix: 'Grok-' } as const;
    expect(processMatcherMatches(matcher, 'grok-worker.exe', 'windows')).toBe(true);
    expect(processMatcherMatches(matcher, 'grok-worker', 'linux')).toBe(false);
    expect(processMatcherMatches({ kind: 'prefix', prefix: 'grok-' }, '/x/grok-1', 'linux')).toBe(
      true,
    );
  });
});
