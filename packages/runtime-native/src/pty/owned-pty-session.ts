import type { AgentSpec, OperationId, ProviderRuntimePolicy } from '@gate4agent/types';
import type { NativeSessionKey } from './native-session-key.js';
import type { PtySession } from './pty-session.js';

/** A PTY session a shell owns, with what it needs to serve later effects. */
export interface OwnedPtySession {
  readonly key: NativeSessionKey;
  readonly session: PtySession;
  readonly spec: AgentSpec;
  readonly runtimePolicy: ProviderRuntimePolicy;
  readonly spawnOperationId: OperationId;
  /** Sequence of the last terminal frame published for this session. */
  lastTerminalSequence: number;
  /** When that frame was built (the shell's clock), or `-Infinity` before the first. */
  lastFrameAt: number;
  /** How long the next frame waits after `lastFrameAt` at least, in ms. */
  frameSpacing: number;
  /**
   * Whether the screen has caught up with all output and nothing more came for
   * `TERMINAL_FRAME_QUIET` ms: a pending frame is then due once the frame interval is over.
   */
  quiet: boolean;
  /**
   * The due time of the pending frame as last handed out by `nextPublicationAt` or reported as
   * activity (`Infinity`: none): an applied write reports activity only when it makes the frame
   * due sooner than that.
   */
  knownDueAt: number;
  /** The interval output that never paused has grown to (doubling per frame), in ms. */
  floodInterval: number;
  terminalStalePublished: boolean;
  /** Stops the shell's watch of the session's screen and exit; set by the shell that owns it. */
  unwatch: () => void;
}
