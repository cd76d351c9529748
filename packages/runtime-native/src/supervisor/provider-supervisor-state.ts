/**
 * The lifecycle of a provider supervisor: `running`; after `beginRetirement`, `draining` while it
 * still owns operations, `closing` once the detach is requested, `closed` once the binding is
 * closed and nothing is owned. `faulted` is reported whenever a blocking fault is outstanding.
 */
export type ProviderSupervisorState = 'running' | 'draining' | 'closing' | 'closed' | 'faulted';
