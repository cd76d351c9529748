// Writes every exported TypeBox schema (exports named `…Schema`) of the built package as a JSON
// Schema file, dist/schemas/<Name>.json, so other languages can speak the protocol.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const exports = await import(join(root, 'dist', 'index.js'));
const outDir = join(root, 'dist', 'schemas');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

let written = 0;
for (const [exportName, schema] of Object.entries(exports).sort(([a], [b]) => (a < b ? -1 : 1))) {
  if (!exportName.endsWith('Schema') || typeof schema !== 'object' || schema === null) continue;
  const name = exportName.slice(0, -'Schema'.length);
  const document = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: name,
    ...JSON.parse(JSON.stringify(schema)),
  };
  await writeFile(join(outDir, `${name}.json`), `${JSON.stringify(document, null, 2)}\n`);
  written += 1;
}
console.log(`@gate4agent/types: wrote ${written} JSON Schema files to dist/schemas`);
