import type { AdapterFamily } from '@gate4agent/types';
import { familyName } from './family-name.js';

/** Which executable-name field of a spec was invalid. */
export type ExecutableNameField = 'detection command' | 'detection alias' | 'required command';

/**
 * Why an {@link AgentRegistry} refused a spec. `agent` is the spec's id as given (a plain string,
 * since `invalid-agent-id` means it may not be a valid `AgentId`).
 */
export type RegistryError =
  | {
      readonly kind: 'invalid-agent-id';
      readonly value: string;
      readonly reason: string;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-spec';
      readonly agent: string;
      readonly path: string;
      readonly message: string;
    }
  | { readonly kind: 'duplicate-agent-id'; readonly agent: string; readonly message: string }
  | {
      readonly kind: 'ambiguous-command';
      readonly command: string;
      readonly first: string;
      readonly second: string;
      readonly message: string;
    }
  | { readonly kind: 'empty-display-name'; readonly agent: string; readonly message: string }
  | {
      readonly kind: 'invalid-revision';
      readonly agent: string;
      readonly revision: string;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-executable-name';
      readonly agent: string;
      readonly field: ExecutableNameField;
      readonly value: string;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-program';
      readonly agent: string;
      readonly value: string;
      readonly message: string;
    }
  | { readonly kind: 'missing-expected-process'; readonly agent: string; readonly message: string }
  | {
      readonly kind: 'invalid-process-matcher';
      readonly agent: string;
      readonly value: string;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-prompt-flag';
      readonly agent: string;
      readonly flag: string;
      readonly message: string;
    }
  | {
      readonly kind: 'nul-byte';
      readonly agent: string;
      readonly field: 'fixed argument';
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-adapter-binding';
      readonly agent: string;
      readonly family: AdapterFamily;
      readonly adapterId: string;
      readonly reason: string;
      readonly message: string;
    }
  | {
      readonly kind: 'unsupported-adapter-binding';
      readonly agent: string;
      readonly family: AdapterFamily;
      readonly adapterId: string;
      readonly revision: string;
      readonly message: string;
    }
  | { readonly kind: 'pty-sidecar-requires-pty'; readonly agent: string; readonly message: string };

/** One factory per {@link RegistryError} variant, with a plain-English message. */
export const RegistryError = {
  invalidAgentId: (value: string, reason: string): RegistryError => ({
    kind: 'invalid-agent-id',
    value,
    reason,
    message: `agent spec has invalid ID '${value}': ${reason}; use a lowercase slug id`,
  }),
  invalidSpec: (agent: string, path: string, reason: string): RegistryError => ({
    kind: 'invalid-spec',
    agent,
    path,
    message: `agent '${agent}' has a malformed specification: ${reason}; correct the field at ${path}`,
  }),
  duplicateAgentId: (agent: string): RegistryError => ({
    kind: 'duplicate-agent-id',
    agent,
    message: `duplicate agent ID: ${agent}; remove one of the two specs or rename one`,
  }),
  ambiguousCommand: (command: string, first: string, second: string): RegistryError => ({
    kind: 'ambiguous-command',
    command,
    first,
    second,
    message: `command '${command}' is ambiguous between agents '${first}' and '${second}'; give one of them another command`,
  }),
  emptyDisplayName: (agent: string): RegistryError => ({
    kind: 'empty-display-name',
    agent,
    message: `agent '${agent}' has an empty display name; set a display name`,
  }),
  invalidRevision: (agent: string, revision: string): RegistryError => ({
    kind: 'invalid-revision',
    agent,
    revision,
    message: `agent '${agent}' has invalid specification revision '${revision}'; use a non-empty single-line revision`,
  }),
  invalidExecutableName: (
    agent: string,
    field: ExecutableNameField,
    value: string,
  ): RegistryError => ({
    kind: 'invalid-executable-name',
    agent,
    field,
    value,
    message: `agent '${agent}' has invalid ${field} '${value}'; use a bare executable name without spaces or path separators`,
  }),
  invalidProgram: (agent: string, value: string): RegistryError => ({
    kind: 'invalid-program',
    agent,
    value,
    message: `agent '${agent}' has invalid launch program '${value}'; use a bare executable name or an absolute path`,
  }),
  missingExpectedProcess: (agent: string): RegistryError => ({
    kind: 'missing-expected-process',
    agent,
    message: `agent '${agent}' has no expected process matcher; add at least one expected process`,
  }),
  invalidProcessMatcher: (agent: string, value: string): RegistryError => ({
    kind: 'invalid-process-matcher',
    agent,
    value,
    message: `agent '${agent}' has invalid process matcher '${value}'; use a bare process name`,
  }),
  invalidPromptFlag: (agent: string, flag: string): RegistryError => ({
    kind: 'invalid-prompt-flag',
    agent,
    flag,
    message: `agent '${agent}' has invalid prompt flag '${flag}'; use a single flag that starts with '-'`,
  }),
  nulByte: (agent: string, field: 'fixed argument'): RegistryError => ({
    kind: 'nul-byte',
    agent,
    field,
    message: `agent '${agent}' contains a NUL byte in ${field}; remove the NUL byte`,
  }),
  invalidAdapterBinding: (
    agent: string,
    family: AdapterFamily,
    adapterId: string,
    reason: string,
  ): RegistryError => ({
    kind: 'invalid-adapter-binding',
    agent,
    family,
    adapterId,
    reason,
    message: `agent '${agent}' has invalid ${familyName(family)} adapter '${adapterId}': ${reason}; correct the adapter binding`,
  }),
  unsupportedAdapterBinding: (
    agent: string,
    family: AdapterFamily,
    adapterId: string,
    revision: string,
  ): RegistryError => ({
    kind: 'unsupported-adapter-binding',
    agent,
    family,
    adapterId,
    revision,
    message: `agent '${agent}' requires unavailable ${familyName(family)} adapter '${adapterId}' at revision '${revision}'; register that adapter revision or bind a registered one`,
  }),
  ptySidecarRequiresPty: (agent: string): RegistryError => ({
    kind: 'pty-sidecar-requires-pty',
    agent,
    message: `agent '${agent}' declares a PTY sidecar without PTY transport; add the pty transport or remove the sidecar`,
  }),
};

/** @deprecated use {@link RegistryError} (one error-factory naming, CONTRIBUTING.md). */
export const registryError = RegistryError;
