import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { AgentRegistry, builtinRegistry, builtinSpecs } from '@gate4agent/agent-catalog';
import { currentRuntimePlatform } from '@gate4agent/runtime-native';
import { interactiveAgentSpec } from '@gate4agent/testkit';
import type { AgentId, AgentSpec } from '@gate4agent/types';
import { err, ok, type Result, supportsPlatform, unwrap } from '@gate4agent/types';

/** The agent the demo launches and the registry it comes from. */
export interface AgentChoice {
  readonly catalog: AgentRegistry;
  readonly agentId: AgentId;
  readonly displayName: string;
  /** The embedded fixture agent: the demo types a line into it and expects the echo. */
  readonly fixture: boolean;
  /** Where the executable was found (real agents only). */
  readonly executable: string | null;
  /**
   * How long to wait for the agent's first paint: its spec's readiness timeout, which the agent
   * catalog sets above the real start-ups (opencode paints after ~21 s, more on a loaded machine).
   */
  readonly paintTimeoutMs: number;
}

/** The embedded default: the testkit's interactive fixture agent, run by this Node binary. */
export function fixtureAgent(): AgentChoice {
  const spec = interactiveAgentSpec();
  return {
    catalog: unwrap(AgentRegistry.create([spec])),
    agentId: spec.id,
    displayName: spec.displayName,
    fixture: true,
    executable: null,
    paintTimeoutMs: spec.readiness.timeoutMs,
  };
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Names a spec answers to: its id, its display name as a slug, its PTY adapter id, its command. */
function namesOf(spec: AgentSpec): string[] {
  const names = [spec.id, slug(spec.displayName), spec.detection.command];
  const adapter = spec.capabilities.transports.ptyAdapter;
  if (adapter !== null) names.push(adapter.id);
  return names.map((name) => name.toLowerCase());
}

/** The first executable called `name` on `PATH`, or `null`. */
export function findOnPath(name: string, path = process.env.PATH ?? ''): string | null {
  const suffixes = process.platform === 'win32' ? ['', '.exe', '.cmd', '.bat'] : [''];
  for (const directory of path.split(delimiter)) {
    if (directory.length === 0) continue;
    for (const suffix of suffixes) {
      const candidate = join(directory, name + suffix);
      try {
        if (!statSync(candidate).isFile()) continue;
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {}
    }
  }
  return null;
}

/** Resolves `--agent <name>` against the built-in registry and `PATH`. */
export function realAgent(name: string): Result<AgentChoice, string> {
  const wanted = name.toLowerCase();
  const spec = builtinSpecs().find((candidate) => namesOf(candidate).includes(wanted));
  if (spec === undefined) {
    const known = builtinSpecs()
      .map((candidate) => candidate.id)
      .join(', ');
    return err(`no agent called "${name}" in the built-in registry (known ids: ${known})`);
  }
  if (!supportsPlatform(spec, currentRuntimePlatform())) {
    return err(`${spec.displayName} (${spec.id}) does not support ${currentRuntimePlatform()}`);
  }
  const commands = [spec.detection.command, ...spec.detection.requiredCommands];
  const missing = commands.filter((command) => findOnPath(command) === null);
  if (missing.length > 0) {
    return err(
      `${spec.displayName} (${spec.id}) is not installed: ${missing.map((command) => `"${command}"`).join(', ')} not found on PATH`,
    );
  }
  return ok({
    catalog: builtinRegistry(),
    agentId: spec.id,
    displayName: spec.displayName,
    fixture: false,
    executable: findOnPath(spec.detection.command),
    paintTimeoutMs: spec.readiness.timeoutMs,
  });
}
