import { createRequire } from 'node:module';
import {
  ListenerSet,
  type NativeProviderExecutor,
  type ProviderInvocation,
} from '@gate4agent/handle';
import type { ToolFailure } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, Gate4AgentError, ok } from '@gate4agent/types';
import type CrossSpawn from 'cross-spawn';
import { CHILD_PROCESS_RESULT_MAX_BYTES } from '../constants.js';

import { ChildProcessProviderOperation } from './child-process-provider-operation.js';
import { encodeInvocationDocument } from './invocation-document.js';
import { platformMinimalChildEnvironment } from './minimal-child-environment.js';

// cross-spawn (CommonJS, with node:child_process behind it) is required on the first start, not at
// import, as node-pty is (ARCHITECTURE decision 16): code that never starts a child does not pay
// for it (issue #14, row import-runtime-native).
const require = createRequire(import.meta.url);
let crossSpawn: typeof CrossSpawn | null = null;

/** The fixed launch policy of a {@link ChildProcessProviderExecutor}. */
export interface ChildProcessProviderExecutorConfig {
  /** The executable: an absolute path, or a name looked up on the child's `PATH`. */
  readonly command: string;
  /** Its arguments, passed as an argv array (never through a shell). */
  readonly args?: readonly string[];
  /** Working directory of every child; this process's by default. */
  readonly cwd?: string;
  /** Variables set for every child, on top of the minimal environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Names of further variables copied from this process's environment when present. */
  readonly passEnv?: readonly string[];
  /** `invocation` (default): the invocation document on stdin, then EOF; `ignore`: no stdin. */
  readonly stdin?: 'invocation' | 'ignore';
  /** Largest result document in bytes, 1 to {@link CHILD_PROCESS_RESULT_MAX_BYTES} (default). */
  readonly resultMaxBytes?: number;
  /** Monotonic clock in milliseconds; `performance.now()` by default. */
  readonly now?: () => number;
}

const STARTUP_FAILURE: ToolFailure = {
  kind: 'unavailable',
  redactedMessage: 'provider process could not be started',
};

function invalid(message: string): never {
  throw new Gate4AgentError('invalid-argument', message);
}

function checkConfig(config: ChildProcessProviderExecutorConfig): void {
  if (typeof config.command !== 'string' || config.command.length === 0) {
    invalid('command must be a non-empty executable path or name');
  }
  for (const text of [config.command, ...(config.args ?? [])]) {
    if (typeof text !== 'string' || text.includes('\0')) {
      invalid('command and args must be strings without NUL characters');
    }
  }
  for (const [key, value] of Object.entries(config.env ?? {})) {
    if (key.length === 0 || key.includes('=') || key.includes('\0') || value.includes('\0')) {
      invalid(`env entry ${JSON.stringify(key)} is not a valid environment variable`);
    }
  }
  const max = config.resultMaxBytes;
  if (
    max !== undefined &&
    (!Number.isSafeInteger(max) || max < 1 || max > CHILD_PROCESS_RESULT_MAX_BYTES)
  ) {
    invalid(`resultMaxBytes must be an integer from 1 to ${CHILD_PROCESS_RESULT_MAX_BYTES}`);
  }
}

/**
 * A production {@link NativeProviderExecutor}: every operation is one child process, started
 * with cross-spawn (no shell) in its own process group, given the minimal environment, sent the
 * invocation document on stdin, and expected to write one result document on stdout.
 */
export class ChildProcessProviderExecutor implements NativeProviderExecutor {
  readonly #config: ChildProcessProviderExecutorConfig;
  readonly #resultMaxBytes: number;
  readonly #now: () => number;
  readonly #activity = new ListenerSet();

  /** Checks the launch policy; throws `Gate4AgentError` (`invalid-argument`) on misuse. */
  constructor(config: ChildProcessProviderExecutorConfig) {
    checkConfig(config);
    this.#config = { ...config, args: [...(config.args ?? [])] };
    this.#resultMaxBytes = config.resultMaxBytes ?? CHILD_PROCESS_RESULT_MAX_BYTES;
    this.#now = config.now ?? (() => performance.now());
  }

  /**
   * Subscribes `listener` to progress of any of this executor's operations (a child exited, its
   * stdout or stdio closed); `NativeRuntime` uses it to tick at once. Returns the unsubscribe.
   */
  onActivity(listener: () => void): () => void {
    return this.#activity.add(listener);
  }

  /** Starts one child for `invocation`; `unavailable` when it cannot be spawned. */
  start(invocation: ProviderInvocation): Result<ChildProcessProviderOperation, ToolFailure> {
    const config = this.#config;
    const sendInvocation = (config.stdin ?? 'invocation') === 'invocation';
    crossSpawn ??= require('cross-spawn') as typeof CrossSpawn;
    let child: ReturnType<typeof CrossSpawn>;
    try {
      child = crossSpawn(config.command, [...(config.args ?? [])], {
        stdio: [sendInvocation ? 'pipe' : 'ignore', 'pipe', 'ignore'],
        detached: process.platform !== 'win32',
        env: platformMinimalChildEnvironment({
          ...(config.passEnv === undefined ? {} : { pass: config.passEnv }),
          ...(config.env === undefined ? {} : { set: config.env }),
        }),
        windowsHide: true,
        shell: false,
        ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      });
    } catch {
      return err(STARTUP_FAILURE);
    }
    const pid = child.pid;
    if (pid === undefined) {
      // The spawn error is emitted later; nothing runs, so there is nothing to own.
      child.on('error', () => undefined);
      return err(STARTUP_FAILURE);
    }
    const operation = new ChildProcessProviderOperation(
      child,
      pid,
      this.#resultMaxBytes,
      this.#now,
      () => this.#activity.notify(),
    );
    if (sendInvocation && child.stdin !== null) {
      // A child may exit without reading its input; the broken pipe is not an error of ours.
      child.stdin.on('error', () => undefined);
      child.stdin.end(encodeInvocationDocument(invocation));
    }
    return ok(operation);
  }
}
