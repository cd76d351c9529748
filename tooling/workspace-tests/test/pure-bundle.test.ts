// ARCHITECTURE decision 19: the pure packages are bundled for the browser and run a control step
// and a tool request with web globals only (no Buffer, process, require, setTimeout).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const GLOBAL_NAME = 'Gate4AgentPure';

/**
 * A browser's `TextEncoder` returns typed arrays of the page's own realm. Node's, handed into a
 * vm context, would return arrays of the outer realm, which fail the bundle's own
 * `instanceof Uint8Array` checks; this one, defined inside the context, copies into the context's
 * `Uint8Array` as a browser's would.
 */
const SAME_REALM_TEXT_ENCODER = `
  (() => {
    const outer = globalThis.OuterTextEncoder;
    delete globalThis.OuterTextEncoder;
    globalThis.TextEncoder = class TextEncoder {
      get encoding() { return 'utf-8'; }
      encode(text = '') { return new Uint8Array(new outer().encode(text)); }
    };
  })();
`;

/** The web globals a browser gives a script, and nothing Node-only. */
function webContext(): Record<string, unknown> {
  const context = createContext({
    OuterTextEncoder: TextEncoder,
    TextDecoder,
    AbortController,
    AbortSignal,
    DOMException,
    URL,
    structuredClone,
    queueMicrotask,
    console,
    EventTarget,
    Event,
  });
  runInContext(SAME_REALM_TEXT_ENCODER, context);
  return context;
}

/** The parts of the scenario's result the assertions read; the rest is compared whole. */
interface ScenarioResult {
  plan: { program: string };
  control: { sessions: { status: unknown }[] };
  accepted: { acceptedSequence: number | null };
  completion: { kind: string; completion: { outcome: { kind: string } } };
}

let code = '';

beforeAll(async () => {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: here,
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: {
        entry: join(here, 'purity', 'scenario.ts'),
        formats: ['iife'],
        name: GLOBAL_NAME,
        fileName: 'pure',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk');
  if (chunk === undefined || chunk.type !== 'chunk') throw new Error('vite produced no chunk');
  code = chunk.code;
}, 120_000);

/**
 * Runs the bundle in a fresh web-only context and returns what the scenario published, cloned
 * into this realm (values from another realm have other `Object` and `Array` prototypes).
 */
function runInWebContext(): ScenarioResult {
  const context = webContext();
  runInContext(code, context, { filename: 'pure.iife.js' });
  return structuredClone(runInContext(`${GLOBAL_NAME}.run()`, context));
}

describe('the pure packages in a browser bundle', () => {
  it('bundles without stubbing a Node built-in', () => {
    expect(code.length).toBeGreaterThan(0);
    // Vite replaces a Node built-in with an empty browser stub; the pure packages need none.
    expect(code).not.toContain('__vite-browser-external');
  });

  it('the web-only context really lacks Node globals', () => {
    const context = webContext();
    expect(
      runInContext(
        "[typeof Buffer, typeof process, typeof require, typeof setTimeout, typeof TextEncoder].join(' ')",
        context,
      ),
    ).toBe('undefined undefined undefined undefined function');
  });

  it('runs a control step and a tool request with web globals only', () => {
    const first = runInWebContext();
    expect(first.plan.program).toBe('claude');
    expect(first.control.sessions[0].status).toEqual({ kind: 'running' });
    expect(first.accepted.acceptedSequence).not.toBeNull();
    expect(first.completion.kind).toBe('completion');
    expect(first.completion.completion.outcome.kind).toBe('succeeded');
  });

  it('gives deep-equal snapshots on two runs', () => {
    const first = runInWebContext();
    const second = runInWebContext();
    expect(second).toEqual(first);
  });
});
