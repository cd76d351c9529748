/**
 * The public lifecycle of a provider runtime binding. Quiescing, a pending detach and a detach
 * waiting to be retried all read as `closing`.
 */
export type ProviderRuntimeState = 'attaching' | 'active' | 'closing' | 'closed';
