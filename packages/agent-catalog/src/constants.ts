// Every limit and pinned revision of the agent catalog, under its upstream name.
// Sources: crates gate4agent-catalog (launch.rs, builtin.rs, registry.rs) and gate4agent-adapters.

/** gate4agent-catalog `MAX_LAUNCH_PROMPT_BYTES = 16 * 1024 * 1024`: UTF-8 bytes of a launch prompt or draft. */
export const MAX_LAUNCH_PROMPT_BYTES = 16 * 1024 * 1024;
/** gate4agent-catalog `WINDOWS_INLINE_LAUNCH_MAX_CHARS`: Unicode scalar values of a Windows command line. */
export const WINDOWS_INLINE_LAUNCH_MAX_CHARS = 24_000;
/** gate4agent-catalog (registry.rs, literal 256): UTF-8 bytes of an agent spec revision. */
export const MAX_SPEC_REVISION_BYTES = 256;
/** gate4agent-catalog `ORCA_REFERENCE_REVISION`: the Orca commit the built-in launch shapes come from. */
export const ORCA_REFERENCE_REVISION = 'd8629c41c832436463d5f0b4e4deb95f867fdc42';
/** gate4agent-catalog: revision of every built-in spec, `orca:` + {@link ORCA_REFERENCE_REVISION}. */
export const BUILTIN_SPEC_REVISION = `orca:${ORCA_REFERENCE_REVISION}`;

/** gate4agent-adapters `BUILTIN_ADAPTER_REVISION`: default revision of a built-in adapter. */
export const BUILTIN_ADAPTER_REVISION = 'gate4agent-adapter/v1';
/** gate4agent-adapters `MANAGED_HOOK_REVISION`. */
export const MANAGED_HOOK_REVISION = 'gate4agent-managed-hooks/orca-d8629c4/v1';
/** gate4agent-adapters `ONE_SHOT_REVISION`: the generic one-shot adapters. */
export const ONE_SHOT_REVISION = 'gate4agent-one-shot/orca-d8629c4/v2';
/** gate4agent-adapters `CLAUDE_CODE_INLINE_REVISION`. */
export const CLAUDE_CODE_INLINE_REVISION = 'gate4agent-inline/claude-code-2.1/v1';
/** gate4agent-adapters `CODEX_CLI_INLINE_REVISION`. */
export const CODEX_CLI_INLINE_REVISION = 'gate4agent-inline/codex-cli-0.144/v1';
/** gate4agent-adapters `KIMI_CODE_INLINE_REVISION`. */
export const KIMI_CODE_INLINE_REVISION = 'gate4agent-inline/kimi-code-0.31/v1';
/** gate4agent-adapters `QWEN_CODE_INLINE_REVISION`. */
export const QWEN_CODE_INLINE_REVISION = 'gate4agent-inline/qwen-code-0.21/v1';
/** gate4agent-adapters `QWEN_DUAL_OUTPUT_REVISION`: Qwen Code's PTY sidecar (pipe family). */
export const QWEN_DUAL_OUTPUT_REVISION = 'qwen-code-dual-output/v1';
/** gate4agent-adapters `SESSION_OPTION_CATALOG_REVISION`. */
export const SESSION_OPTION_CATALOG_REVISION = 'gate4agent-session-options/orca-d8629c4/v1';
/** gate4agent-adapters `CAPABILITY_PROBE_REVISION`. */
export const CAPABILITY_PROBE_REVISION = 'gate4agent-capability-probe/orca-d8629c4/v1';

// Not upstream: the CLI releases the first-tier specs were verified against (issue #11), offline
// with a fresh HOME; see the README's "Verified against" section.
/** `claude --version` of the Claude Code release the `claude` spec was verified with. */
export const CLAUDE_VERIFIED_VERSION = '2.1.197';
/** `codex --version` of the Codex release the `codex` spec was verified with. */
export const CODEX_VERIFIED_VERSION = '0.171.0';
/** `gemini --version` of the Gemini CLI release the `gemini` spec was verified with. */
export const GEMINI_VERIFIED_VERSION = '0.61.0';
/** `qwen --version` of the Qwen Code release the `qwen-code` spec was verified with. */
export const QWEN_VERIFIED_VERSION = '0.15.10';
/** `opencode --version` of the OpenCode release the `opencode` spec was verified with. */
export const OPENCODE_VERIFIED_VERSION = '1.18.33';

// Not upstream: readiness timeouts above the real start-ups measured here (issue #11, item 4:
// qwen ~7 s, gemini ~10 s, opencode ~21 s on an idle machine; 2–3× that on a loaded one). Upstream's
// 5 s `defaultAgentReadinessSpec` was shorter than every one of them. Milliseconds.
/** Readiness timeout of a built-in agent without a measured start-up. */
export const DEFAULT_AGENT_READINESS_TIMEOUT_MS = 30_000;
/** Readiness timeouts of the measured agents, by agent id. */
export const AGENT_READINESS_TIMEOUT_MS: Readonly<Record<string, number>> = {
  claude: 30_000,
  codex: 30_000,
  gemini: 60_000,
  'qwen-code': 60_000,
  opencode: 120_000,
};
