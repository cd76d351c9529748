import { describe, expect, it } from 'vitest';
import { linkSignals, raceAbort } from '../../src/index.js';

describe('raceAbort and linkSignals', () => {
  it('prefers an already fired signal and hands a late value to onAbandoned', async () => {
    let resolve!: (v: string) => void;
    const late: string[] = [];
    const outcome = await raceAbort(
      new Promise<string>((r) => {
        resolve = r;
      }),
      AbortSignal.abort(),
      (v) => late.push(v),
    );
    expect(outcome).toEqual({ kind: 'aborted' });
    resolve('value');
    await new Promise((r) => setImmediate(r));
    expect(late).toEqual(['value']);
    expect(await raceAbort(Promise.resolve(1), new AbortController().signal, () => {})).toEqual({
      kind: 'value',
      value: 1,
    });
    expect(
      await raceAbort(Promise.reject(new Error('x')), new AbortController().signal, () => {}),
    ).toMatchObject({ kind: 'thrown' });
  });

  it('aborts a child with any parent but never a parent with the child', () => {
    const parent = new AbortController();
    const child = linkSignals(parent.signal, undefined);
    const sibling = linkSignals(parent.signal);
    child.abort();
    expect(parent.signal.aborted).toBe(false);
    expect(sibling.signal.aborted).toBe(false);
    parent.abort();
    expect(sibling.signal.aborted).toBe(true);
    expect(linkSignals(AbortSignal.abort()).signal.aborted).toBe(true);
  });
});
