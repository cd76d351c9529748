// Downstream check of the main entry with node-pty blocked (ARCHITECTURE decision 16), run by
// ../supervisor-entry.test.ts: importing it works, and the first PTY use fails with the typed
// `pty-addon-unavailable` error, which a session start reports as its failure. Prints one JSON line.
import { loadPtyAddon, PtySession } from '@gate4agent/runtime-native';
import { AgentId } from '@gate4agent/types';

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
const spawned = PtySession.spawn({
  agentId: AgentId.new('claude'),
  program: process.execPath,
  args: [],
  cwd: process.cwd(),
  env: {},
  rows: 24,
  columns: 80,
  generation: 1,
  providerRevision: 'r1',
});
console.log(JSON.stringify({ error, spawn: spawned.ok ? 'spawned' : spawned.error }));
