import { descendantsOf, readProcessCommandLine, readProcessTable } from '@gate4agent/process';
import type { AgentSpec } from '@gate4agent/types';
import { normalizeExecutableName } from '@gate4agent/types';
import { currentRuntimePlatform } from './current-runtime-platform.js';

const SHELLS = new Set([
  'sh',
  'bash',
  'zsh',
  'fish',
  'dash',
  'ksh',
  'mksh',
  'tcsh',
  'csh',
  'nu',
  'pwsh',
  'powershell',
  'cmd',
]);
const INTERPRETERS = new Set(['node', 'nodejs', 'bun', 'deno', 'python', 'python3']);

/** One process of a PTY's tree as the foreground observation sees it. */
export interface ForegroundCandidate {
  readonly pid: number;
  readonly ppid: number;
  /** The process is in its terminal's foreground group (what `ps` marks with `+`). */
  readonly foreground: boolean;
  /** The command line, arguments joined with spaces. */
  readonly args: string;
}

/** What owns a PTY's foreground, as seen in the process table. */
export interface PtyForegroundObservation {
  readonly rootPid: number;
  readonly observedPid: number;
  /** Executable name of the observed process. */
  readonly observedProcess: string;
  /** The agent id when the observed process is the session's agent, else `null`. */
  readonly agentProcess: string | null;
  readonly isShell: boolean;
  /** The observed process is a script interpreter (node, python, …) with children of its own. */
  readonly wrapperWithChildren: boolean;
}

function words(args: string): string[] {
  return args.split(/\s+/).filter((word) => word !== '');
}

function executableName(args: string): string {
  const name = normalizeExecutableName(words(args)[0] ?? '', currentRuntimePlatform());
  return name.startsWith('-') ? name.slice(1) : name;
}

/**
 * Whether a command line runs the agent: its executable, or the script an interpreter runs, has
 * the spec's detection command (or an alias) as its name. Command lines are split on whitespace,
 * so a path with spaces in it is not recognised.
 */
export function isAgentCommandLine(args: string, spec: AgentSpec): boolean {
  const platform = currentRuntimePlatform();
  const names = [spec.detection.command, ...spec.detection.aliases].map((name) =>
    normalizeExecutableName(name, platform),
  );
  const argv = words(args);
  const first = executableName(args);
  if (names.includes(first)) return true;
  if (!INTERPRETERS.has(first)) return false;
  const script = argv.slice(1).find((word) => !word.startsWith('-'));
  return script !== undefined && names.includes(normalizeExecutableName(script, platform));
}

/**
 * Finds the foreground of the PTY rooted at `rootPid`: the processes of the tree in the
 * terminal's foreground group (`+` in `ps` state), or the deepest process when none is marked.
 * A foreground process running the agent wins; otherwise the deepest one is reported.
 */
export function foregroundOf(
  table: readonly ForegroundCandidate[],
  rootPid: number,
  spec: AgentSpec,
): PtyForegroundObservation | null {
  const root = table.find((entry) => entry.pid === rootPid);
  if (root === undefined) return null;
  const tree = [root, ...descendantsOf(table, rootPid)];
  const marked = tree.filter((entry) => entry.foreground);
  const candidates = marked.length > 0 ? marked : [tree[tree.length - 1] as ForegroundCandidate];
  const agent = candidates.find((entry) => isAgentCommandLine(entry.args, spec));
  const observed = agent ?? (candidates[candidates.length - 1] as ForegroundCandidate);
  const name = executableName(observed.args);
  return {
    rootPid,
    observedPid: observed.pid,
    observedProcess: name === '' ? `pid-${observed.pid}` : name,
    agentProcess: agent === undefined ? null : spec.id,
    isShell: SHELLS.has(name),
    wrapperWithChildren:
      INTERPRETERS.has(name) && table.some((entry) => entry.ppid === observed.pid),
  };
}

/**
 * Reads the process table (and the command lines of the PTY's tree) and finds the PTY's
 * foreground; `null` when it cannot be seen (no `/proc` on this host, or the root is gone).
 */
export async function observeForeground(
  rootPid: number,
  spec: AgentSpec,
): Promise<PtyForegroundObservation | null> {
  const read = readProcessTable();
  if (read.kind !== 'table') return null;
  const root = read.entries.find((entry) => entry.pid === rootPid);
  if (root === undefined) return null;
  const candidates = [root, ...descendantsOf(read.entries, rootPid)].map((entry) => ({
    pid: entry.pid,
    ppid: entry.ppid,
    foreground: entry.tpgid > 0 && entry.pgid === entry.tpgid,
    args: (readProcessCommandLine(entry.pid) ?? [entry.comm]).join(' '),
  }));
  return foregroundOf(candidates, rootPid, spec);
}
