// Writes every exported wire schema of the built package as a JSON Schema file, one per type:
// dist/schemas/<TypeName>.json, as `toJsonSchema` builds it (draft 2020-12, like @gate4agent/types'
// schemas). Run after `tsc` (it reads dist/).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toJsonSchema, toolProtocolSchemas } from '../dist/index.js';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'schemas');
mkdirSync(out, { recursive: true });
const names = Object.keys(toolProtocolSchemas).sort();
for (const name of names) {
  const document = toJsonSchema(name, toolProtocolSchemas[name]);
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify(document, null, 2)}\n`);
}
console.log(`wrote ${names.length} JSON Schema files to dist/schemas/`);
