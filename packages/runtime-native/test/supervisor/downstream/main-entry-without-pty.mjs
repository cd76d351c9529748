// Downstream check of the main entry with node-pty blocked (ARCHITECTURE decision 16), run by
// ../supervisor-entry.test.ts: importing it works, and the first PTY use fails with the typed
// `pty-addon-unavailable` error, which a session start reports as its failure. Prints one JSON line.
import { AgentRegistry } from '@gate4agent/agent-catalog';
import { loadPtyAddon, NativeRuntime } from '@gate4agent/runtime-native';
import { interactiveAgentSpec } from '@gate4agent/testkit';
import { AgentInstanceId, CommandId, ProviderRuntimePolicy, unwrap } from '@gate4agent/types';

let error = null;
try {
  loadPtyAddon();
} catch (caught) {
  error = {
    name: caught.name,
    kind: caught.kind,
    message: caught.message,
    hasCause: caught.cause instanceof Error,
  };
}
// Through the runtime: the start fails as a session status; the tick does not throw.
const spec = interactiveAgentSpec();
const [gate, runtime] = NativeRuntime.new(unwrap(AgentRegistry.create([spec])));
const instanceId = AgentInstanceId.of(1);
unwrap(
  gate.dispatch({
    id: CommandId.of(1),
    command: { kind: 'register', instanceId, agentId: spec.id, transport: 'pty' },
  }),
);
unwrap(
  gate.dispatch({
    id: CommandId.of(2),
    command: {
      kind: 'start',
      instanceId,
      runtimePolicy: ProviderRuntimePolicy.rawPty(),
      request: {
        workingDirectory: process.cwd(),
        terminalSize: { rows: 24, columns: 80 },
        initialPrompt: null,
        sessionOptions: null,
        approvalLevel: 'ask',
      },
    },
  }),
);
const status = () => gate.snapshot().sessions[0]?.status ?? null;
const deadline = performance.now() + 30_000;
while (performance.now() < deadline && status()?.kind !== 'failed') {
  runtime.tick();
  await new Promise((resolve) => setTimeout(resolve, 10));
}
const session = status();
await runtime.dispose();

console.log(JSON.stringify({ error, session }));
