// Limits of the generational session capability catalog, under their upstream names.
// This module keeps its own constants file so the session catalog stays a self-contained port of
// the A3S Code capability kernel next to the agent registry of the same package.

/** A3S Code `core/src/capability/id.rs`: a canonical identifier, in UTF-8 bytes. */
export const MAX_CAPABILITY_IDENTIFIER_BYTES = 256;
/** A3S Code `core/src/capability/descriptor.rs`: a descriptor's public name, in UTF-8 bytes. */
export const MAX_CAPABILITY_PUBLIC_NAME_BYTES = 256;
/** A3S Code `core/src/capability/source.rs`: a Use package version string, in UTF-8 bytes. */
export const MAX_CAPABILITY_VERSION_BYTES = 128;
/** A3S Code `core/src/capability/descriptor.rs`: dependencies of one descriptor. */
export const MAX_CAPABILITY_DEPENDENCIES = 128;
/** A3S Code `core/src/capability/set.rs`: descriptors in one set (and one contribution). */
export const MAX_CAPABILITIES = 4_096;
/** A3S Code `core/src/capability/set.rs`: sources in one set. */
export const MAX_CAPABILITY_SOURCES = 1_024;
/** A3S Code `core/src/capability/set.rs`: dependency edges in one set. */
export const MAX_CAPABILITY_DEPENDENCY_EDGES = 32_768;
/** A3S Code `core/src/capability/set.rs`: the canonical JSON of one set, 16 MiB. */
export const MAX_CAPABILITY_CANONICAL_BYTES = 16 * 1_024 * 1_024;
/** A3S Code `core/src/capability/transaction.rs`: effects one transaction may collect. */
export const MAX_CAPABILITY_TRANSACTION_EFFECTS = 4_096;
/** A3S Code `core/src/capability/projection_error.rs`: adapter, effect and lease messages, in bytes. */
export const MAX_CAPABILITY_ERROR_MESSAGE_BYTES = 1_024;
/** A3S Code `core/src/capability/effect.rs`: an effect or task lifecycle name, in bytes. */
export const MAX_LIFECYCLE_NAME_BYTES = 128;
/** A3S Code `core/src/capability/scope.rs`: a scope id (root or child path), in bytes. */
export const MAX_SCOPE_ID_BYTES = 256;
/** A3S Code `core/src/capability/scope.rs`: the local part of a scope id, in bytes. */
export const MAX_SCOPE_LOCAL_ID_BYTES = 256;
/** A3S Code `core/src/capability/supervisor.rs`: effects registered in one scope. */
export const MAX_SCOPE_EFFECTS = 1_024;
/** A3S Code `core/src/capability/supervisor.rs`: tasks spawned in one scope. */
export const MAX_SCOPE_TASKS = 1_024;
/** A3S Code `core/src/capability/supervisor.rs`: active children of one scope. */
export const MAX_SCOPE_CHILDREN = 1_024;
/** A3S Code `core/src/capability/supervisor.rs`: Use generation leases one scope may own. */
export const MAX_SCOPE_USE_GENERATION_LEASES = 1;
/** A3S Code `core/src/capability/ceiling.rs`: ids in one ceiling. */
export const MAX_CEILING_CAPABILITIES = MAX_CAPABILITIES;
/** A3S Code `core/src/capability/supervisor.rs`: default scope close bound; upstream 5 s, here ms. */
export const DEFAULT_SCOPE_CLOSE_TIMEOUT_MS = 5_000;
/** A3S Code `core/src/capability/supervisor.rs`: largest scope close bound; upstream 60 s, here ms. */
export const MAX_SCOPE_CLOSE_TIMEOUT_MS = 60_000;
/** A3S Code `core/src/capability/transaction.rs`: default cleanup drain bound; upstream 5 s, here ms. */
export const DEFAULT_CAPABILITY_CLEANUP_TIMEOUT_MS = 5_000;
/** A3S Code `core/src/agent_api/session_close.rs`: grace for active Runs on close; 1 s, here ms. */
export const SESSION_CLOSE_RUN_GRACE_MS = 1_000;
/** A3S Code agent loop: model rounds of one Run before it fails. */
export const DEFAULT_MAX_TOOL_ROUNDS = 8;
/** A3S Code `core/src/capability/set.rs`: the schema of a capability set. */
export const CAPABILITY_SET_SCHEMA = 'a3s.code.capability-set.v1';
/** A3S Code `core/src/capability/source.rs`: the schema of an A3S Use cursor. */
export const USE_CAPABILITY_CURSOR_SCHEMA = 'a3s.use.capability-snapshot-cursor.v1';
/** A3S Code `core/src/capability/set.rs`: the digest domain prefix (followed by one zero byte). */
export const CAPABILITY_DIGEST_DOMAIN_PREFIX = 'a3s-code-capability';
