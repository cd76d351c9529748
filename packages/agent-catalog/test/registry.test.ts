// Ported from crates/gate4agent-catalog/src/registry.rs (mod tests).
import {
  AdapterBinding,
  AdapterId,
  AgentId,
  type AgentSpec,
  unwrap,
  unwrapErr,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { AdapterRegistry } from '../src/adapter-registry.js';
import { AgentRegistry } from '../src/agent-registry.js';
import { builtinRegistry } from '../src/builtin-specs.js';
import { spec } from './spec-fixture.js';

describe('AgentRegistry (registry.rs)', () => {
  it('resolves_windows_wrappers_and_paths', () => {
    const registry = unwrap(AgentRegistry.create([spec('qwen-code', 'qwen')]));
    const found = registry.findByCommand('C:\\Users\\dev\\bin\\QWEN.CMD', 'windows');
    expect(found?.id).toBe('qwen-code');
  });

  it('unix_matching_remains_case_sensitive', () => {
    const registry = unwrap(AgentRegistry.create([spec('qwen-code', 'qwen')]));
    expect(registry.findByCommand('QWEN', 'linux')).toBeUndefined();
    expect(registry.findByCommand('qwen', 'linux')).toBeDefined();
  });

  it('rejects_alias_collisions', () => {
    const second = spec('second', 'second');
    second.detection.aliases.push('first.cmd');
    const error = unwrapErr(AgentRegistry.create([spec('first', 'first'), second]));
    expect(error.kind).toBe('ambiguous-command');
  });

  it('consumer_specs_can_use_an_extended_adapter_registry', () => {
    const binding = unwrap(
      AdapterBinding.tryNew(AdapterId.of('custom-hook'), 'custom-hook/v1', 'synthetic-fixture'),
    );
    const adapters = unwrap(
      AdapterRegistry.create([{ family: 'hook', binding, agents: [AgentId.of('custom')] }]),
    );
    const custom = spec('custom', 'custom');
    custom.capabilities.adapters.hook = binding;

    expect(unwrapErr(AgentRegistry.create([structuredClone(custom)])).kind).toBe(
      'unsupported-adapter-binding',
    );
    unwrap(AgentRegistry.createWithAdapters([custom], adapters));
  });

  it('pty_sidecar_binding_is_validated_as_pipe_family', () => {
    const binding = unwrap(
      AdapterBinding.tryNew(
        AdapterId.of('custom-sidecar'),
        'custom-sidecar/v1',
        'synthetic-fixture',
      ),
    );
    const adapters = unwrap(
      AdapterRegistry.create([{ family: 'hook', binding, agents: [AgentId.of('custom')] }]),
    );
    const custom = spec('custom', 'custom');
    custom.capabilities.transports.pty = true;
    custom.capabilities.adapters.ptySidecar = binding;

    expect(unwrapErr(AgentRegistry.createWithAdapters([custom], adapters))).toMatchObject({
      kind: 'unsupported-adapter-binding',
      family: 'pipe',
    });
  });

  it('pty_sidecar_requires_pty_transport', () => {
    const qwen = structuredClone(builtinRegistry().getById('qwen-code')) as AgentSpec;
    qwen.capabilities.transports.pty = false;
    expect(unwrapErr(AgentRegistry.create([qwen]))).toMatchObject({
      kind: 'pty-sidecar-requires-pty',
      agent: 'qwen-code',
    });
  });
});
