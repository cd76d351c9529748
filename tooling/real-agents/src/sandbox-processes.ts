import { readdirSync, readFileSync } from 'node:fs';

/** A live process whose HOME lies inside a sandbox. */
export interface SandboxProcess {
  readonly pid: number;
  readonly command: string;
}

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/**
 * Every live process (Linux /proc) whose environment has `HOME` inside `root`: each sandbox has
 * its own fresh HOME, which every process an agent starts inherits, so this finds its whole
 * domain independently of gate4agent's own kill-domain marker.
 */
export function sandboxProcesses(root: string): SandboxProcess[] {
  const found: SandboxProcess[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue;
    }
    const home = environ.split('\0').find((entry) => entry.startsWith('HOME='));
    if (home === undefined || !`${home.slice(5)}/`.startsWith(`${root}/`)) continue;
    if (isZombie(pid)) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      // Gone meanwhile.
    }
    found.push({ pid, command });
  }
  return found;
}

/** SIGKILLs every process of {@link sandboxProcesses} and returns what it killed. */
export function killSandboxProcesses(root: string): SandboxProcess[] {
  const found = sandboxProcesses(root);
  for (const { pid } of found) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return found;
}
