import { Gate4AgentError } from '@gate4agent/types';

/** The `kind` of every error the fleet reports. */
export type FleetErrorKind =
  | 'invalid-token'
  | 'no-host'
  | 'host-full'
  | 'host-lost'
  | 'not-owner'
  | 'unknown-session'
  | 'invalid-command'
  | 'unknown-provider'
  | 'command-failed'
  | 'disposed';

/** An error the host sends back in a reply: the kind and the message, nothing else. */
export interface FleetRemoteError {
  readonly kind: string;
  readonly message: string;
}

/**
 * One factory per fleet failure, each a `Gate4AgentError` whose `kind` names it and whose message
 * says what happened, with the values, and what to do.
 */
export const FleetError = {
  /** An id that must be a subject token was not one. */
  invalidToken: (what: string, value: unknown): Gate4AgentError =>
    new Gate4AgentError(
      'invalid-token',
      `${what} ${JSON.stringify(value)} is not a fleet id; use 1 to 64 letters, digits, '-' or '_'`,
    ),
  /** No live host can take the launch. */
  noHost: (agentId: string, hosts: number): Gate4AgentError =>
    new Gate4AgentError(
      'no-host',
      `no live host has room for agent ${agentId} (${hosts} live hosts known); start a host or stop a session, then launch again`,
    ),
  /** The host refused a launch because it is full. */
  hostFull: (hostId: string, capacity: number): Gate4AgentError =>
    new Gate4AgentError(
      'host-full',
      `host ${hostId} already runs ${capacity} sessions, its capacity; launch on another host`,
    ),
  /**
   * The host that ran a session stopped answering (`silentMs`: how long its record went unrewritten
   * before it also missed a ping), or unregistered (`silentMs` null: its record was deleted).
   */
  hostLost: (hostId: string, silentMs: number | null): Gate4AgentError =>
    new Gate4AgentError(
      'host-lost',
      `host-lost: host ${hostId} ${silentMs === null ? 'unregistered from the host bucket' : `sent no heartbeat for ${Math.round(silentMs)} ms and did not answer a ping`}; its sessions and their open requests are gone, launch again on a live host`,
    ),
  /** The provider host of a forwarded operation stopped answering, or forgot the operation. */
  providerHostLost: (providerHostId: string, detail: string): Gate4AgentError =>
    new Gate4AgentError(
      'host-lost',
      `host-lost: provider host ${providerHostId} ${detail}; the operation is gone with it, send the request again once the host is back`,
    ),
  /** A provider host was asked to run a provider it does not serve. */
  unknownProvider: (hostId: string, providerId: string): Gate4AgentError =>
    new Gate4AgentError(
      'unknown-provider',
      `provider host ${hostId} serves no provider ${JSON.stringify(providerId)}; check the provider id, or create the forwarding executor for a host that serves it`,
    ),
  /** A command named a session another owner launched. */
  notOwner: (hostId: string, instanceId: number): Gate4AgentError =>
    new Gate4AgentError(
      'not-owner',
      `session ${instanceId} on host ${hostId} belongs to another owner; use the owner that launched it`,
    ),
  /** A tool-plane command named a tool client another owner bound (or none). */
  notClientOwner: (hostId: string, consumerId: string): Gate4AgentError =>
    new Gate4AgentError(
      'not-owner',
      `tool client ${consumerId} on host ${hostId} is not one of yours; bind a tool client on that host first`,
    ),
  /** A command named a session the host does not run. */
  unknownSession: (hostId: string, instanceId: number): Gate4AgentError =>
    new Gate4AgentError(
      'unknown-session',
      `host ${hostId} runs no session ${instanceId}; it ended or was removed, launch a new one`,
    ),
  /** The fleet client was disposed while something still waited on it. */
  clientDisposed: (ownerId: string): Gate4AgentError =>
    new Gate4AgentError(
      'disposed',
      `the fleet client of owner ${ownerId} was disposed, so it reads no more events; create a new one with FleetClient.connect to keep listening`,
    ),
  /** A command did not match its schema. */
  invalidCommand: (hostId: string, detail: string): Gate4AgentError =>
    new Gate4AgentError(
      'invalid-command',
      `host ${hostId} refused a command that does not match the fleet protocol (${detail}); send a command built by FleetClient`,
    ),
  /** The host ran the command and it failed there (the host's error kind and message follow). */
  remote: (hostId: string, error: FleetRemoteError): Gate4AgentError =>
    new Gate4AgentError(error.kind, `host ${hostId}: ${error.message}`),
  /** A command got no answer. */
  commandFailed: (hostId: string, op: string, reason: string): Gate4AgentError =>
    new Gate4AgentError(
      'command-failed',
      `host ${hostId} did not answer the ${op} command (${reason}); check that the host runs and is connected, then try again`,
    ),
};
