/**
 * The environment variable a kill domain's spawner adds to every child it starts; its value is
 * the domain's random token. Children inherit it, so it marks the whole tree, even after `setsid`
 * or a double fork (ARCHITECTURE decision 10).
 */
export const KILL_DOMAIN_ENV = 'GATE4AGENT_KILL_DOMAIN';

/** First pause, in milliseconds, between two looks at whether a domain's members have gone. */
export const KILL_DOMAIN_RECHECK_MIN = 1;

/** Longest pause, in milliseconds, between two such looks (the backoff doubles up to it). */
export const KILL_DOMAIN_RECHECK_MAX = 50;

/** How long, in milliseconds, `terminate()` waits for SIGKILLed members to disappear. */
export const KILL_DOMAIN_KILL_WAIT = 2_000;

/** Default grace, in milliseconds, between the polite signal and SIGKILL in `terminate()`. */
export const DEFAULT_KILL_DOMAIN_GRACE = 2_000;
