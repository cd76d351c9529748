// Releasing what a `NativeRuntime` owns: its disposal, and the synchronous kill at host exit.
import type { NativeRuntimeState } from './native-runtime-state.js';

/**
 * `NativeRuntime.dispose()`: stops the driver, force-stops every live provider operation once,
 * stops and reaps every PTY session, closes the control plane and ends every MCP attachment. The one disposal, shared by
 * every call.
 */
export function disposeRuntime(state: NativeRuntimeState): Promise<void> {
  state.disposed ??= (async () => {
    state.driver.stop();
    state.unsubscribeIngress();
    state.providers.dispose();
    await state.dispatcher.dispose();
    state.port.dispose();
    // The instances are gone with the control plane: so are their MCP attachments.
    await state.mcpLaunches.releaseAll();
    state.unregisterHostExit?.();
    // One last notification: sessions and waitUntil see the runtime is gone and end their waits.
    state.published.notify();
    state.published.clear();
    state.errors.close();
  })();
  return state.disposed;
}

/** Synchronous, for a host that is exiting: SIGKILLs every live operation and PTY session. */
export function killOnHostExit(state: NativeRuntimeState): void {
  state.providers.killOnHostExit();
  state.dispatcher.kill();
}
