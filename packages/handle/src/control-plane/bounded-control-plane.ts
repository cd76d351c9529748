import type { BackendIngress } from '@gate4agent/kernel';
import { Gate4AgentHandle } from '../control/gate4agent-handle.js';
import { EdgeState } from '../edge/edge-state.js';
import { ProviderKernelPort } from '../provider-runtime/provider-kernel-port.js';
import { BoundedQueue } from '../queue/bounded-queue.js';
import { boundedIngressCapacity } from '../queue/clamp-capacity.js';
import { ListenerSet } from '../queue/listener-set.js';
import { AuthorityState } from '../tool/authority-state.js';
import { ToolAuthorityHandle } from '../tool/tool-authority-handle.js';
import { ControlPlaneKernelPort } from './control-plane-kernel-port.js';

/**
 * Builds one control plane around **one** bounded FIFO ingress of `ingressCapacity` (clamped to
 * `[1, MAX_INGRESS_CAPACITY]`) shared by every producer: control commands, tool requests,
 * authority commands and provider attach / detach / observe. A successful send is the
 * linearisation point; the kernel reduces items in exactly that order. The provider-runtime
 * authority is reachable only through the returned port, and so is `onIngress`, the arrival
 * signal a host loop sleeps on. Upstream `bounded_control_plane`, returning the Rust tuple
 * `[handle, toolAuthority, port]`; {@link createControlPlane} returns them by name.
 */
export function boundedControlPlane(
  ingressCapacity: number,
): [Gate4AgentHandle, ToolAuthorityHandle, ControlPlaneKernelPort] {
  const listeners = new ListenerSet();
  const ingress = new BoundedQueue<BackendIngress>(
    boundedIngressCapacity(ingressCapacity),
    listeners,
  );
  const provider = new ProviderKernelPort(ingress);
  const edge = new EdgeState();
  const authority = new AuthorityState(ingress);
  return [
    new Gate4AgentHandle((command) => ingress.trySend({ kind: 'control', command }), edge),
    new ToolAuthorityHandle(edge, authority),
    new ControlPlaneKernelPort(ingress, provider, edge, authority, listeners),
  ];
}

/** The three ends of one control plane, by name (see {@link createControlPlane}). */
export interface ControlPlaneParts {
  /** The application's control handle: dispatch commands, read snapshots, subscribe to events. */
  readonly handle: Gate4AgentHandle;
  /** The trusted tool authority: bind clients, grant, revoke, approve. */
  readonly toolAuthority: ToolAuthorityHandle;
  /** The kernel loop's side: drain the ingress, publish each step, attach providers. */
  readonly port: ControlPlaneKernelPort;
}

/**
 * {@link boundedControlPlane} with the three ends returned by name, the TypeScript shape:
 * `const { handle, toolAuthority, port } = createControlPlane(256)`.
 */
export function createControlPlane(ingressCapacity: number): ControlPlaneParts {
  const [handle, toolAuthority, port] = boundedControlPlane(ingressCapacity);
  return { handle, toolAuthority, port };
}
