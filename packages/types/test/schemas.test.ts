// Every exported `…Schema` is what scripts/write-json-schemas.mjs writes to dist/schemas: it must
// be plain JSON Schema once serialised.
import { describe, expect, it } from 'vitest';
import * as types from '../src/index.js';

const schemas = Object.entries(types).filter(([name]) => name.endsWith('Schema'));

describe('exported schemas', () => {
  it('export a schema for every wire type of the control plane', () => {
    const names = schemas.map(([name]) => name);
    for (const name of [
      'CommandEnvelopeSchema',
      'ControlCommandSchema',
      'StartRequestSchema',
      'ControlSnapshotSchema',
      'SessionSnapshotSchema',
      'TerminalFrameSchema',
      'ControlEventSchema',
      'ControlErrorSchema',
      'EffectEnvelopeSchema',
      'ObservationEnvelopeSchema',
      'InputActionSchema',
      'PreparedInputSchema',
      'ApprovalLevelSchema',
      'AgentIdSchema',
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(schemas)('%s serialises to a JSON Schema document', (_name, schema) => {
    const json = JSON.parse(JSON.stringify(schema));
    const keys = Object.keys(json);
    expect(keys.some((key) => ['type', 'anyOf', 'enum', 'const'].includes(key))).toBe(true);
  });
});
