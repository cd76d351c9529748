/**
 * Limits of the handle package (upstream crate `gate4agent-handle`, `src/lib.rs` and
 * `src/provider_runtime.rs`). Every requested capacity is clamped to `[1, max]`.
 */

/** gate4agent-handle: control-event subscriptions registered per edge. */
export const MAX_CONTROL_SUBSCRIBERS = 128;
/** gate4agent-handle: tool clients registered per authority, including clients still closing. */
export const MAX_TOOL_CLIENTS = 128;
/** gate4agent-handle: request-outcome subscriptions, and separately completion subscriptions, per client. */
export const MAX_TOOL_SUBSCRIBERS_PER_CLIENT = 32;
/** gate4agent-handle: authority-outcome subscriptions. */
export const MAX_AUTHORITY_SUBSCRIBERS = 32;
/** gate4agent-handle: upper clamp of the shared ingress queue. */
export const MAX_INGRESS_CAPACITY = 4_096;
/** gate4agent-handle: upper clamp of every subscription queue. */
export const MAX_SUBSCRIPTION_CAPACITY = 1_024;
/** gate4agent-handle (`provider_runtime.rs`): local provider bindings in the registry, in every lifecycle state. */
export const MAX_PROVIDER_RUNTIMES = 64;
/** gate4agent-handle (`provider_runtime.rs`): upper clamp of each binding's work queue and receipt queue. */
export const MAX_PROVIDER_EFFECT_CAPACITY = 1_024;
/**
 * gate4agent-handle: the value Rust's `u64::MAX` stands for (ARCHITECTURE decision 3). A counter that
 * reaches it is exhausted.
 */
export const COUNTER_MAX = Number.MAX_SAFE_INTEGER;
