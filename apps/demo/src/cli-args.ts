/** What the command line asked for. */
export type DemoArgs =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly agent: string | null; readonly web: boolean }
  | { readonly kind: 'invalid'; readonly message: string };

/** The text `--help` prints. */
export const USAGE = `Usage: npm run demo -- [--agent <id>] [--web] [--help]

Runs the whole gate4agent system once and prints what happens:
a NativeRuntime, an agent in a real PTY, a tool client, a native provider
whose operations are child processes, a grant, requests, a revoke, shutdown.

Options:
  --agent <id>  launch a real agent CLI from the built-in registry instead of
                the embedded fixture agent (a registry id such as claude,
                codex, gemini, or its adapter id / name such as claude-code);
                it must be installed on PATH
  --web         keep the system running with its live web view (the fixture
                agent, a provider and requests) and print the view's URL;
                runs until Ctrl-C
  --help, -h    print this help

Without --agent the demo needs no network and no credentials.`;

/** Parses `process.argv.slice(2)`. */
export function parseDemoArgs(argv: readonly string[]): DemoArgs {
  let agent: string | null = null;
  let web = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--agent' || arg.startsWith('--agent=')) {
      const value = arg === '--agent' ? argv[++index] : arg.slice('--agent='.length);
      if (value === undefined || value.length === 0 || value.startsWith('-')) {
        return { kind: 'invalid', message: '--agent needs an agent id (see --help)' };
      }
      agent = value;
    } else if (arg === '--web') {
      web = true;
    } else if (arg !== '--') {
      return { kind: 'invalid', message: `unknown argument ${JSON.stringify(arg)} (see --help)` };
    }
  }
  if (web && agent !== null) {
    return { kind: 'invalid', message: '--web runs the embedded fixture agent; leave out --agent' };
  }
  return { kind: 'run', agent, web };
}
