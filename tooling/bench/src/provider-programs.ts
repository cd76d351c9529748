// The programs the supervised scenarios run, each once supervised and once by a raw spawn: the
// same executable and argv, no shell beyond the program itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** A provider that reads its invocation document to EOF and prints a succeeded result. */
export const QUICK_PROVIDER = {
  command: '/bin/sh',
  args: [
    '-c',
    'while read -r _; do :; done; printf %s "$0"',
    JSON.stringify({
      kind: 'succeeded',
      body: { kind: 'text', text: '{}' },
      mediaType: 'application/json',
      summary: 'benchmark result',
    }),
  ],
} as const;

/** A provider that ignores SIGTERM and runs until SIGKILL (`trap` is inherited across exec). */
export const SIGTERM_IGNORING_PROVIDER = {
  command: '/bin/sh',
  args: ['-c', 'trap "" TERM; exec sleep 600'],
} as const;

/** The stdin the raw spawn writes, about the size of an invocation document. */
const RAW_STDIN = `${JSON.stringify({ protocol: 'bench', payloadBase64: 'e30=', pad: 'x'.repeat(400) })}\n`;

/** Spawns `program` as the executor would (own process group, piped stdio), writing a document. */
export function rawSpawn(program: { command: string; args: readonly string[] }): ChildProcess {
  const child = spawn(program.command, [...program.args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdin?.on('error', () => {});
  child.stdin?.end(RAW_STDIN);
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

/** Resolves when `child` has exited and its stdio is closed (what an exit ack proves). */
export async function closed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    if (child.stdout?.closed !== false && child.stderr?.closed !== false) return;
  }
  await once(child, 'close');
}
