// The child-process entry: `node child.js <scenario file> <part> <size>` runs one part of one
// scenario once in this fresh process and sends its measurements to the runner over IPC.
import { pathToFileURL } from 'node:url';
import { assertScenario, type RunSize } from './scenario.js';

/** What a child sends back: its measurements, or why it failed. */
export type ChildReport =
  | { readonly ok: true; readonly measurements: Record<string, number> }
  | { readonly ok: false; readonly message: string };

async function main(): Promise<ChildReport> {
  const [file, part, size] = process.argv.slice(2);
  if (file === undefined || part === undefined || size === undefined) {
    return { ok: false, message: 'usage: child.js <scenario file> <part> <full|quick|smoke>' };
  }
  const loaded: unknown = (await import(pathToFileURL(file).href)).default;
  assertScenario(loaded, file);
  if (!loaded.parts.includes(part)) {
    return {
      ok: false,
      message: `scenario ${loaded.id} has no part "${part}"; its parts are ${loaded.parts.join(', ')}`,
    };
  }
  const measurements = await loaded.run(part, size as RunSize);
  for (const [key, value] of Object.entries(measurements)) {
    if (!Number.isFinite(value)) {
      return { ok: false, message: `${loaded.id}/${part} measured ${key} = ${value}` };
    }
  }
  return { ok: true, measurements: { ...measurements } };
}

function send(report: ChildReport): void {
  if (process.send === undefined) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    process.exit(report.ok ? 0 : 1);
  }
  // Exit once the report is out, whatever handle a scenario left behind.
  process.send(report, () => process.exit(report.ok ? 0 : 1));
}

main().then(send, (error: unknown) =>
  send({
    ok: false,
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  }),
);
