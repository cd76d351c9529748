// The registry's spec validation, in upstream order; the first failure is the result.
import {
  AdapterBinding,
  type AdapterFamily,
  AgentId,
  type AgentSpec,
  AgentSpecCodec,
  err,
  hasControlChar,
  isBlank,
  type LaunchSpec,
  ok,
  type Result,
  utf8ByteLength,
} from '@gate4agent/types';
import type { AdapterRegistry } from './adapter-registry.js';
import { MAX_SPEC_REVISION_BYTES } from './constants.js';
import { type ExecutableNameField, RegistryError } from './registry-error.js';

// Rust `char::is_whitespace` (Unicode White_Space).
const WHITESPACE = /[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/u;

type Checked = Result<void, RegistryError>;
const PASS: Checked = ok(undefined);

/** Whether `value` can name an executable or a process: non-empty, no NUL, blank or separator. */
export function isExecutableName(value: string): boolean {
  return (
    value.length > 0 &&
    !value.includes('\0') &&
    !WHITESPACE.test(value) &&
    !value.includes('/') &&
    !value.includes('\\')
  );
}

function executableName(agent: string, field: ExecutableNameField, value: string): Checked {
  return isExecutableName(value)
    ? PASS
    : err(RegistryError.invalidExecutableName(agent, field, value));
}

function launch(agent: string, spec: LaunchSpec): Checked {
  if (isBlank(spec.program) || spec.program.includes('\0')) {
    return err(RegistryError.invalidProgram(agent, spec.program));
  }
  if (spec.fixedArgs.some((argument) => argument.includes('\0'))) {
    return err(RegistryError.nulByte(agent, 'fixed argument'));
  }
  return PASS;
}

function adapterBindings(spec: AgentSpec, adapters: AdapterRegistry): Checked {
  const { transports, adapters: bound } = spec.capabilities;
  if (bound.ptySidecar !== null && !transports.pty)
    return err(RegistryError.ptySidecarRequiresPty(spec.id));
  const pipeFamily: AdapterFamily =
    transports.pipe?.protocol === 'one-shot-text' ? 'one-shot' : 'pipe';
  const checks: [AdapterFamily, AdapterBinding | null | undefined][] = [
    ['pty-semantic', transports.ptyAdapter],
    ['pipe', bound.ptySidecar],
    [pipeFamily, transports.pipe?.adapter],
    ['acp', transports.acp?.adapter],
    ['hook', bound.hook],
    ['managed-hook', bound.managedHook],
    ['one-shot', bound.oneShot],
    ['history', bound.history],
    ['resume', bound.resume],
    ['session-options', bound.sessionOptions],
    ['capability-probe', bound.capabilityProbe],
  ];
  for (const [family, binding] of checks) {
    if (binding === null || binding === undefined) continue;
    const valid = AdapterBinding.validate(binding);
    if (!valid.ok) {
      return err(
        RegistryError.invalidAdapterBinding(spec.id, family, binding.id, valid.error.message),
      );
    }
    if (!adapters.supports(family, binding)) {
      return err(
        RegistryError.unsupportedAdapterBinding(spec.id, family, binding.id, binding.revision),
      );
    }
  }
  return PASS;
}

/**
 * Checks one spec against the registry rules: its id (TypeScript cannot trust the brand), then
 * revision, display name, executable names, launch, adapter bindings, launch overrides, expected
 * processes and prompt flag. Duplicates and ambiguity are the registry's own checks.
 */
export function validateSpec(spec: AgentSpec, adapters: AdapterRegistry): Checked {
  const id = AgentId.tryOf(spec.id as string);
  if (!id.ok) return err(RegistryError.invalidAgentId(String(spec.id), id.error.message));
  const agent = spec.id;
  const shape = AgentSpecCodec.decode(spec);
  if (!shape.ok)
    return err(RegistryError.invalidSpec(agent, shape.error.path, shape.error.message));
  if (
    isBlank(spec.revision) ||
    utf8ByteLength(spec.revision) > MAX_SPEC_REVISION_BYTES ||
    hasControlChar(spec.revision)
  ) {
    return err(RegistryError.invalidRevision(agent, spec.revision));
  }
  if (isBlank(spec.displayName)) return err(RegistryError.emptyDisplayName(agent));
  const names: [ExecutableNameField, string][] = [
    ['detection command', spec.detection.command],
    ...spec.detection.aliases.map((alias): [ExecutableNameField, string] => [
      'detection alias',
      alias,
    ]),
    ...spec.detection.requiredCommands.map((name): [ExecutableNameField, string] => [
      'required command',
      name,
    ]),
  ];
  for (const [field, value] of names) {
    const checked = executableName(agent, field, value);
    if (!checked.ok) return checked;
  }
  for (const result of [
    () => launch(agent, spec.launch),
    () => adapterBindings(spec, adapters),
    () =>
      spec.capabilities.transports.pipe?.launchOverride
        ? launch(agent, spec.capabilities.transports.pipe.launchOverride)
        : PASS,
    () =>
      spec.capabilities.transports.acp?.launchOverride
        ? launch(agent, spec.capabilities.transports.acp.launchOverride)
        : PASS,
  ]) {
    const checked = result();
    if (!checked.ok) return checked;
  }
  if (spec.expectedProcesses.length === 0) return err(RegistryError.missingExpectedProcess(agent));
  for (const matcher of spec.expectedProcesses) {
    const value = matcher.kind === 'exact' ? matcher.name : matcher.prefix;
    if (!isExecutableName(value)) return err(RegistryError.invalidProcessMatcher(agent, value));
  }
  const initial = spec.prompt.initial;
  if (
    (initial.kind === 'flag' || initial.kind === 'interactive-flag') &&
    (!initial.flag.startsWith('-') || initial.flag.includes('\0'))
  ) {
    return err(RegistryError.invalidPromptFlag(agent, initial.flag));
  }
  return PASS;
}
