import { natsTransport } from '../nats-modules.js';
import type { FleetCommand } from '../wire/fleet-command.js';

/**
 * @internal The JSON text a client sends for `command`: the command under a fresh id (a NATS nuid),
 * which every copy of it sent again keeps.
 */
export function commandEnvelope(command: FleetCommand): string {
  return JSON.stringify({ commandId: natsTransport().nuid.next(), command });
}
