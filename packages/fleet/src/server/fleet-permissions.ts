import { FLEET_HOST_BUCKET } from '../constants.js';
import { FleetSubjects, fleetToken } from '../subjects.js';

/** A fleet user: a host or an owner (client), with the public nkey it authenticates with. */
export interface FleetUser {
  /**
   * `host` (runs sessions, may forward provider operations to provider hosts and serve them),
   * `provider-host` (only serves provider operations of session hosts) or `owner` (a client).
   */
  readonly role: 'host' | 'provider-host' | 'owner';
  /** The host id or owner id (a subject token). */
  readonly id: string;
  /** The user's public nkey (`U…`). */
  readonly publicKey: string;
}

/** The publish / subscribe permissions of one user, as nats-server's config spells them. */
export interface FleetUserPermissions {
  readonly publish: readonly string[];
  readonly subscribe: readonly string[];
  readonly allowResponses: boolean;
}

const kvStream = `KV_${FLEET_HOST_BUCKET}`;

/**
 * What each role may do (docs/scale-out.md, Security). A host serves its own command subject,
 * writes its own key of the host bucket and publishes events and frames for itself only; it sends
 * provider requests and reads provider states only under its own id, and serves provider requests
 * addressed to it (a `provider-host` does only that); an owner
 * sends commands under its own id, reads only its own events, frames and stream, and reads the
 * host bucket. Every user's replies go to its own inbox prefix (`_INBOX_<id>`).
 */
export function fleetUserPermissions(user: FleetUser): FleetUserPermissions {
  const id = fleetToken(`${user.role} id`, user.id);
  // Host ↔ host: a session host sends provider requests under its own id and reads the states
  // pushed to it; a provider host serves requests addressed to it and pushes states as itself.
  const providerHost = {
    publish: [`g4a.pevt.*.${id}`],
    subscribe: [FleetSubjects.providerServe(id)],
  };
  if (user.role === 'provider-host') {
    return {
      publish: providerHost.publish,
      subscribe: [...providerHost.subscribe, `${FleetSubjects.inbox(id)}.>`],
      allowResponses: true,
    };
  }
  if (user.role === 'host') {
    return {
      publish: [
        '$JS.API.INFO',
        `$JS.API.STREAM.INFO.${kvStream}`,
        `$JS.API.STREAM.CREATE.${kvStream}`,
        `$KV.${FLEET_HOST_BUCKET}.${id}`,
        `g4a.evt.*.${id}.>`,
        `g4a.frame.*.${id}.>`,
        `g4a.prov.*.${id}`,
        ...providerHost.publish,
      ],
      subscribe: [
        FleetSubjects.hostCommands(id),
        `${FleetSubjects.inbox(id)}.>`,
        `g4a.pevt.${id}.*`,
        ...providerHost.subscribe,
      ],
      allowResponses: true,
    };
  }
  const stream = FleetSubjects.eventStream(id);
  const consumerApi = (name: string) => [
    `$JS.API.CONSUMER.CREATE.${name}`,
    `$JS.API.CONSUMER.CREATE.${name}.>`,
    `$JS.API.CONSUMER.DELETE.${name}.>`,
    `$JS.API.CONSUMER.INFO.${name}.>`,
  ];
  return {
    publish: [
      '$JS.API.INFO',
      `$JS.API.STREAM.INFO.${stream}`,
      `$JS.API.STREAM.CREATE.${stream}`,
      ...consumerApi(stream),
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
      `$JS.API.STREAM.INFO.${kvStream}`,
      ...consumerApi(kvStream),
      `$JS.API.DIRECT.GET.${kvStream}`,
      `$JS.API.DIRECT.GET.${kvStream}.>`,
      `$JS.API.STREAM.MSG.GET.${kvStream}`,
      '$JS.FC.>',
      `g4a.host.*.cmd.${id}`,
    ],
    subscribe: [`${FleetSubjects.inbox(id)}.>`, FleetSubjects.ownerFrames(id)],
    allowResponses: false,
  };
}

const quoted = (subjects: readonly string[]) => subjects.map((s) => JSON.stringify(s)).join(', ');

/**
 * The `authorization { users = [...] }` block of a nats-server config for `users`: one nkey per
 * host and per owner, each with {@link fleetUserPermissions}. Paste it into every node's config.
 */
export function fleetAuthorizationConfig(users: readonly FleetUser[]): string {
  const lines = users.map((user) => {
    const permissions = fleetUserPermissions(user);
    const responses = permissions.allowResponses ? ', allow_responses: true' : '';
    return `    { nkey: ${JSON.stringify(user.publicKey)}, permissions: { publish: { allow: [${quoted(permissions.publish)}] }, subscribe: { allow: [${quoted(permissions.subscribe)}] }${responses} } }`;
  });
  return `authorization {\n  users = [\n${lines.join(',\n')}\n  ]\n}\n`;
}
