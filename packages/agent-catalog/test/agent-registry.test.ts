import { AdapterId, type AgentSpec, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { AgentRegistry } from '../src/agent-registry.js';
import { MAX_SPEC_REVISION_BYTES } from '../src/constants.js';
import { spec } from './spec-fixture.js';

function rejects(change: (value: AgentSpec) => void) {
  const value = spec('agent', 'agent');
  change(value);
  return unwrapErr(AgentRegistry.create([value]));
}

describe('AgentRegistry validation', () => {
  it('rejects an id that did not come from the factory, before anything else', () => {
    const error = rejects((value) => {
      (value as { id: string }).id = 'Claude';
      value.revision = '';
    });
    expect(error).toMatchObject({ kind: 'invalid-agent-id', value: 'Claude' });
    expect(error.message).toContain(
      "agent ID must contain only lowercase ASCII letters, digits, '-' or '_': Claude",
    );
    expect(rejects((value) => ((value as { id: string }).id = '')).kind).toBe('invalid-agent-id');
    expect(rejects((value) => ((value as { id: string }).id = '-x')).kind).toBe('invalid-agent-id');
  });

  it('rejects a malformed spec with the path of the field', () => {
    const error = rejects((value) => {
      (value.detection as { aliases: unknown }).aliases = 'codex';
    });
    expect(error).toMatchObject({ kind: 'invalid-spec', path: '/detection/aliases' });
  });

  it('checks the revision: blank, too long, control characters; the limit passes', () => {
    expect(rejects((value) => (value.revision = ' \t'))).toMatchObject({
      kind: 'invalid-revision',
      revision: ' \t',
    });
    expect(rejects((value) => (value.revision = 'r\u0007'))).toMatchObject({
      kind: 'invalid-revision',
    });
    expect(
      rejects((value) => (value.revision = 'é'.repeat(MAX_SPEC_REVISION_BYTES / 2) + 'x')).kind,
    ).toBe('invalid-revision');
    const atLimit = spec('agent', 'agent');
    atLimit.revision = 'é'.repeat(MAX_SPEC_REVISION_BYTES / 2);
    expect(AgentRegistry.create([atLimit]).ok).toBe(true);
    expect(rejects((value) => (value.revision = '')).message).toBe(
      "agent 'agent' has invalid specification revision ''; use a non-empty single-line revision",
    );
  });

  it('follows the upstream order: revision before display name before executable names', () => {
    expect(
      rejects((value) => {
        value.revision = '';
        value.displayName = '';
        value.detection.command = 'a b';
      }).kind,
    ).toBe('invalid-revision');
    const error = rejects((value) => {
      value.displayName = '\u3000';
      value.detection.command = 'a b';
    });
    expect(error.kind).toBe('empty-display-name');
    expect(error.message).toBe("agent 'agent' has an empty display name; set a display name");
  });

  it('checks every executable name and names the field', () => {
    for (const bad of ['', 'a b', 'a/b', 'a\\b', 'a\0b', 'a\u00a0b']) {
      expect(rejects((value) => (value.detection.command = bad))).toMatchObject({
        kind: 'invalid-executable-name',
        field: 'detection command',
        value: bad,
      });
    }
    const alias = rejects((value) => value.detection.aliases.push('x y'));
    expect(alias).toMatchObject({ field: 'detection alias' });
    expect(alias.message).toBe(
      "agent 'agent' has invalid detection alias 'x y'; use a bare executable name without spaces or path separators",
    );
    expect(rejects((value) => value.detection.requiredCommands.push('/usr/bin/git'))).toMatchObject(
      {
        field: 'required command',
      },
    );
  });

  it('allows an absolute program but not a blank one or a NUL in it or in a fixed argument', () => {
    const absolute = spec('agent', 'agent');
    absolute.launch.program = '/usr/local/bin/agent tool';
    expect(AgentRegistry.create([absolute]).ok).toBe(true);
    expect(rejects((value) => (value.launch.program = '  '))).toMatchObject({
      kind: 'invalid-program',
    });
    expect(rejects((value) => (value.launch.program = 'a\0'))).toMatchObject({
      kind: 'invalid-program',
    });
    const nul = rejects((value) => value.launch.fixedArgs.push('ok', 'b\0d'));
    expect(nul).toMatchObject({ kind: 'nul-byte', field: 'fixed argument' });
    expect(nul.message).toBe(
      "agent 'agent' contains a NUL byte in fixed argument; remove the NUL byte",
    );
  });

  it('checks adapter bindings: revision first, then the exact registered revision', () => {
    const invalid = rejects((value) => {
      value.capabilities.adapters.hook = {
        id: AdapterId.of('claude-code'),
        revision: ' ',
        verification: 'reference',
      };
    });
    expect(invalid).toMatchObject({
      kind: 'invalid-adapter-binding',
      family: 'hook',
      adapterId: 'claude-code',
    });
    expect(invalid.message).toBe(
      "agent 'agent' has invalid Hook adapter 'claude-code': adapter revision is empty; pass a revision such as \"v1\"; correct the adapter binding",
    );
    const stale = rejects((value) => {
      value.capabilities.adapters.hook = {
        id: AdapterId.of('claude-code'),
        revision: 'old',
        verification: 'reference',
      };
    });
    expect(stale.message).toBe(
      "agent 'agent' requires unavailable Hook adapter 'claude-code' at revision 'old'; register that adapter revision or bind a registered one",
    );
    const oneShotPipe = rejects((value) => {
      value.capabilities.transports.pipe = {
        adapter: {
          id: AdapterId.of('codex'),
          revision: 'gate4agent-adapter/v1',
          verification: 'synthetic-fixture',
        },
        protocol: 'one-shot-text',
        launchOverride: null,
        promptDelivery: 'none',
      };
    });
    expect(oneShotPipe).toMatchObject({ kind: 'unsupported-adapter-binding', family: 'one-shot' });
  });

  it('checks launch overrides like the launch', () => {
    const error = rejects((value) => {
      value.capabilities.transports.acp = {
        adapter: {
          id: AdapterId.of('gemini'),
          revision: 'gate4agent-adapter/v1',
          verification: 'synthetic-fixture',
        },
        launchOverride: { program: '', fixedArgs: [] },
      };
    });
    expect(error).toMatchObject({ kind: 'invalid-program', value: '' });
  });

  it('requires expected processes and checks every matcher', () => {
    const missing = rejects((value) => (value.expectedProcesses = []));
    expect(missing.message).toBe(
      "agent 'agent' has no expected process matcher; add at least one expected process",
    );
    expect(
      rejects((value) => value.expectedProcesses.push({ kind: 'prefix', prefix: 'x y' })),
    ).toMatchObject({
      kind: 'invalid-process-matcher',
      value: 'x y',
    });
  });

  it('checks the prompt flag but not the native draft flag', () => {
    const error = rejects((value) => (value.prompt.initial = { kind: 'flag', flag: 'prompt' }));
    expect(error).toMatchObject({ kind: 'invalid-prompt-flag', flag: 'prompt' });
    expect(
      rejects((value) => (value.prompt.initial = { kind: 'interactive-flag', flag: '-\0' })).kind,
    ).toBe('invalid-prompt-flag');
    const draft = spec('agent', 'agent');
    draft.prompt.nativeDraft = { kind: 'flag', flag: 'no-dash' };
    expect(AgentRegistry.create([draft]).ok).toBe(true);
  });
});

describe('AgentRegistry insertion', () => {
  it('reports a duplicate id only for a valid spec', () => {
    const registry = unwrap(AgentRegistry.create([spec('one', 'one')]));
    const error = unwrapErr(registry.insert(spec('one', 'other')));
    expect(error).toMatchObject({ kind: 'duplicate-agent-id', agent: 'one' });
    expect(error.message).toBe(
      'duplicate agent ID: one; remove one of the two specs or rename one',
    );
    const invalid = spec('one', 'third');
    invalid.displayName = '';
    expect(unwrapErr(registry.insert(invalid)).kind).toBe('empty-display-name');
  });

  it('collides on the Windows-normalised name on every platform, but not with its own alias', () => {
    const registry = unwrap(AgentRegistry.create([spec('qwen-code', 'qwen')]));
    const error = unwrapErr(registry.insert(spec('other', 'Qwen')));
    expect(error).toMatchObject({
      kind: 'ambiguous-command',
      command: 'qwen',
      first: 'qwen-code',
      second: 'other',
    });
    expect(error.message).toBe(
      "command 'qwen' is ambiguous between agents 'qwen-code' and 'other'; give one of them another command",
    );
    const self = spec('self', 'self');
    self.detection.aliases.push('SELF.exe');
    expect(registry.insert(self).ok).toBe(true);
  });

  it('leaves the registry unchanged when an insert fails', () => {
    const registry = unwrap(AgentRegistry.create([spec('one', 'one')]));
    const clash = spec('two', 'two');
    clash.detection.aliases.push('one');
    expect(registry.insert(clash).ok).toBe(false);
    expect(registry.len()).toBe(1);
    expect(registry.getById('two')).toBeUndefined();
    expect(registry.findByCommand('two', 'linux')).toBeUndefined();
    expect(registry.insert(spec('two', 'two')).ok).toBe(true);
  });

  it('stops at the first failing spec', () => {
    const error = unwrapErr(AgentRegistry.create([spec('a', 'a'), spec('a', 'b'), spec('c', 'a')]));
    expect(error.kind).toBe('duplicate-agent-id');
  });

  it('keeps its own frozen copy and iterates in insertion order', () => {
    const value = spec('zeta', 'zeta');
    const registry = unwrap(AgentRegistry.create([value, spec('alpha', 'alpha')]));
    value.displayName = 'mutated';
    expect(registry.getById('zeta')?.displayName).toBe('zeta');
    expect([...registry].map((entry) => entry.id)).toEqual(['zeta', 'alpha']);
    expect(registry.isEmpty()).toBe(false);
    expect(AgentRegistry.empty().isEmpty()).toBe(true);
  });

  it('hides specs on platforms they do not support', () => {
    const value = spec('unix-only', 'unixy');
    value.detection.unsupportedPlatforms.push('windows');
    const registry = unwrap(AgentRegistry.create([value]));
    expect(registry.findByCommand('unixy', 'linux')?.id).toBe('unix-only');
    expect(registry.findByCommand('UNIXY.EXE', 'windows')).toBeUndefined();
    expect(registry.findByCommand('/opt/bin/unixy', 'mac-os')?.id).toBe('unix-only');
  });
});
