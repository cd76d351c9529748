import { FLEET_TOKEN_MAX_BYTES } from './constants.js';
import { FleetError } from './fleet-error.js';

const TOKEN = /^[A-Za-z0-9_-]+$/;

/** Whether `value` is a valid subject token (host id, owner id). */
export function isFleetToken(value: unknown): value is string {
  return typeof value === 'string' && value.length <= FLEET_TOKEN_MAX_BYTES && TOKEN.test(value);
}

/** Returns `value` when it is a subject token; throws `invalid-token` otherwise (misuse). */
export function fleetToken(what: string, value: unknown): string {
  if (!isFleetToken(value)) throw FleetError.invalidToken(what, value);
  return value;
}

/**
 * Every subject of the fleet protocol, in one place (docs/scale-out.md, "What crosses the wire").
 * The owner and host ids in a subject are checked by the server's permissions, so a receiver may
 * trust them; nothing in a message body is trusted for identity.
 */
export const FleetSubjects = {
  /** Commands from `ownerId` to `hostId` (request/reply). */
  command: (hostId: string, ownerId: string): string => `g4a.host.${hostId}.cmd.${ownerId}`,
  /** What a host listens on for commands from every owner. */
  hostCommands: (hostId: string): string => `g4a.host.${hostId}.cmd.*`,
  /** Status of session `instanceId` of `hostId`, owned by `ownerId` (stream). */
  status: (ownerId: string, hostId: string, instanceId: number): string =>
    `g4a.evt.${ownerId}.${hostId}.${instanceId}.status`,
  /** Tool completions of the owner's tool clients on `hostId` (stream). */
  completion: (ownerId: string, hostId: string): string =>
    `g4a.evt.${ownerId}.${hostId}.completion`,
  /** Physical-exit acks of the owner's provider operations on `hostId` (stream). */
  ack: (ownerId: string, hostId: string): string => `g4a.evt.${ownerId}.${hostId}.ack`,
  /** Requests of the owner's tool clients on `hostId` that entered `awaiting-approval` (stream). */
  approval: (ownerId: string, hostId: string): string => `g4a.evt.${ownerId}.${hostId}.approval`,
  /** Every event of one owner (the subjects of its stream). */
  ownerEvents: (ownerId: string): string => `g4a.evt.${ownerId}.>`,
  /** Terminal frames of a session (core NATS, rate-limited). */
  frame: (ownerId: string, hostId: string, instanceId: number): string =>
    `g4a.frame.${ownerId}.${hostId}.${instanceId}`,
  /** Every frame of one owner. */
  ownerFrames: (ownerId: string): string => `g4a.frame.${ownerId}.>`,
  /** The stream holding one owner's events. */
  eventStream: (ownerId: string): string => `G4A_EVT_${ownerId}`,
  /** Provider requests from session host `sessionHostId` to provider host `providerHostId` (request/reply). */
  providerRequests: (providerHostId: string, sessionHostId: string): string =>
    `g4a.prov.${providerHostId}.${sessionHostId}`,
  /** What a provider host listens on for provider requests from every session host. */
  providerServe: (providerHostId: string): string => `g4a.prov.${providerHostId}.*`,
  /** Operation states pushed by provider host `providerHostId` to session host `sessionHostId`. */
  providerEvents: (sessionHostId: string, providerHostId: string): string =>
    `g4a.pevt.${sessionHostId}.${providerHostId}`,
  /** The inbox prefix of one user (replies go only to it). */
  inbox: (userId: string): string => `_INBOX_${userId}`,
};
