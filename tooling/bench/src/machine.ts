// The machine a run happened on, read at the start of the run.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { natsServerBinary, natsServerVersion } from '@gate4agent/fleet/testing';

/** What BENCHMARKS.md says about the machine and the code. */
export interface MachineInfo {
  readonly cpuModel: string;
  readonly cores: number;
  readonly memoryGiB: number;
  /** 1, 5 and 15 minute load averages when the run started. */
  readonly loadAverage: readonly [number, number, number];
  readonly node: string;
  readonly platform: string;
  /** ISO date and time (UTC) of the start. */
  readonly date: string;
  /** The commit measured, with `+dirty` when the work tree had changes; null outside git. */
  readonly commit: string | null;
  /** The version of the nats-server the fleet rows run against; null when none is installed. */
  readonly natsServer: string | null;
}

function natsServer(): string | null {
  try {
    return natsServerVersion(natsServerBinary());
  } catch {
    return null;
  }
}

function gitCommit(cwd: string): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' });
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd,
      encoding: 'utf8',
    });
    return `${head.trim()}${dirty.trim().length > 0 ? '+dirty' : ''}`;
  } catch {
    return null;
  }
}

/** Reads the machine, the Node version, the date and the commit of `repoRoot`. */
export function readMachine(repoRoot: string): MachineInfo {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: totalmem() / 1_024 ** 3,
    loadAverage: [one, five, fifteen],
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
    commit: gitCommit(repoRoot),
    natsServer: natsServer(),
  };
}

/** Whether the figures come from a small or busy machine, where absolute numbers are noisy. */
export function isSharedOrLoaded(machine: MachineInfo): boolean {
  return machine.cores <= 2 || machine.loadAverage[0] >= machine.cores * 0.5;
}
