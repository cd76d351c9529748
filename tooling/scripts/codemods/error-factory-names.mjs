#!/usr/bin/env node
// Codemod: one error-factory naming (CONTRIBUTING.md, "Error factories").
//
// Every error union `FooError` has one companion object of the same name with one factory per
// variant: `FooError.someVariant(values…)`. This script renames the factories that used another
// naming (`fooError.x`, `FooErrors.x`) to that form, keeps each old name as a deprecated alias,
// and rewrites every use in packages/, apps/ and tooling/. It is plain text and regex work, and
// idempotent: run it again after merging a branch and it renames only what is left.
//
//   node tooling/scripts/codemods/error-factory-names.mjs [--check]
//   npx biome check --write .   (re-sorts the import lists it touched)
//
// --check lists what would change and exits 1 if anything would.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../../../', import.meta.url).pathname;

/** `file` defines `from`; `to` is the union type's name. Paths are relative to the repository. */
const RENAMES = [
  ['packages/types/src/control/control-error-factory.ts', 'controlError', 'ControlError'],
  ['packages/types/src/input/input-prepare-error.ts', 'inputPrepareError', 'InputPrepareError'],
  [
    'packages/types/src/provider/provider-event-validation-error.ts',
    'providerEventValidationError',
    'ProviderEventValidationError',
  ],
  [
    'packages/types/src/provider/provider-interaction-response.ts',
    'providerInteractionResponseError',
    'ProviderInteractionResponseError',
  ],
  [
    'packages/types/src/agent/session-options.ts',
    'sessionOptionValidationError',
    'SessionOptionValidationError',
  ],
  ['packages/types/src/adapter/adapter-binding.ts', 'adapterBindingError', 'AdapterBindingError'],
  ['packages/kernel/src/errors.ts', 'KernelIntegrationErrors', 'KernelIntegrationError'],
  ['packages/kernel/src/errors.ts', 'KernelCommandErrors', 'KernelCommandError'],
  ['packages/kernel/src/errors.ts', 'KernelToolErrors', 'KernelToolError'],
  ['packages/kernel/src/errors.ts', 'KernelProviderErrors', 'KernelProviderError'],
  [
    'packages/testkit/src/specs/controlled-exit-fixture-error.ts',
    'controlledExitFixtureError',
    'ControlledExitFixtureError',
  ],
  ['packages/agent-catalog/src/registry-error.ts', 'registryError', 'RegistryError'],
  [
    'packages/agent-catalog/src/adapter-registry-error.ts',
    'adapterRegistryError',
    'AdapterRegistryError',
  ],
  ['packages/agent-catalog/src/launch-plan-error.ts', 'launchPlanError', 'LaunchPlanError'],
  [
    'packages/agent-catalog/src/launch-plan-error.ts',
    'sessionOptionCatalogError',
    'SessionOptionCatalogError',
  ],
  [
    'packages/agent-catalog/src/session-options/session-option-adapter-error.ts',
    'sessionOptionAdapterError',
    'SessionOptionAdapterError',
  ],
];

const check = process.argv.includes('--check');
const changed = new Map();
const read = (path) => changed.get(path) ?? readFileSync(path, 'utf8');
const write = (path, text) => {
  if (text !== read(path)) changed.set(path, text);
};
const exists = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|mts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Drops `type X` from an import or export list that also names the value `X`, and duplicates. */
function dedupeSpecifiers(text) {
  return text.replace(
    /\b(import|export)(\s+type)?(\s*)\{([^}]*)\}(\s*from\s*['"][^'"]+['"])/g,
    (whole, keyword, typeOnly, space, list, tail) => {
      const items = list
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0);
      const values = new Set(items.filter((item) => !item.startsWith('type ')));
      const kept = [];
      for (const item of items) {
        const bare = item.replace(/^type\s+/, '');
        if (item.startsWith('type ') && values.has(bare)) continue;
        if (!kept.includes(item)) kept.push(item);
      }
      if (kept.length === items.length) return whole;
      const multiline = list.includes('\n');
      const body = multiline ? `\n  ${kept.join(',\n  ')},\n` : ` ${kept.join(', ')} `;
      return `${keyword}${typeOnly ?? ''}${space}{${body}}${tail}`;
    },
  );
}

const files = [
  ...sourceFiles(join(root, 'packages')),
  ...(exists(join(root, 'apps/demo/package.json')) ? sourceFiles(join(root, 'apps')) : []),
  ...sourceFiles(join(root, 'tooling')).filter((path) => !path.includes('/codemods/')),
];

for (const [file, from, to] of RENAMES) {
  const defining = join(root, file);
  if (!exists(defining)) continue;
  const text = read(defining);
  const word = new RegExp(`\\b${from}\\b`, 'g');
  const done = text.includes(`export const ${to} = `);
  if (!done && !text.includes(`export const ${from} = `)) continue;
  const pkgRoot = defining.slice(0, defining.indexOf('/src/') + 1);
  const index = join(pkgRoot, 'src/index.ts');
  if (!done) renameDefinition(defining, index, text, from, to);
  // 3. Every other file: use the new name.
  for (const path of files) {
    if (path === defining || path === index) continue;
    const before = read(path);
    if (!word.test(before)) continue;
    word.lastIndex = 0;
    write(path, dedupeSpecifiers(before.replace(word, to)));
  }
}

/** Steps 1 and 2: the defining file and the package index. */
function renameDefinition(defining, index, original, from, to) {
  let text = original;
  // 1. The defining file: rename, merge with an imported type of the same name, keep an alias.
  text = text.replace(`export const ${from} = `, `export const ${to} = `);
  text = text.replace(new RegExp(`\\b${from}\\.`, 'g'), `${to}.`);
  const typeImport = new RegExp(`import type \\{([^}]*)\\b${to}\\b([^}]*)\\} from '([^']+)';`);
  if (typeImport.test(text)) {
    text = text.replace(
      typeImport,
      (_, before, after, path) =>
        `import type {${before}${to} as ${to}Shape${after}} from '${path}';\n\n/** The error union {@link ${to}Shape}; as a value, the factory of its variants. */\nexport type ${to} = ${to}Shape;`,
    );
  }
  text = `${text.trimEnd()}\n\n/** @deprecated use {@link ${to}} (one error-factory naming, CONTRIBUTING.md). */\nexport const ${from} = ${to};\n`;
  write(defining, text);
  // 2. The package index: export the value under the new name next to the old one; the type now
  //    comes with the value.
  let indexText = read(index);
  indexText = indexText.replace(/export type \{([^}]*)\} from '([^']+)';/g, (whole, list, path) => {
    const items = list
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (!items.includes(to)) return whole;
    const rest = items.filter((item) => item !== to);
    if (rest.length === 0) return '';
    return `export type { ${rest.join(', ')} } from '${path}';`;
  });
  indexText = indexText.replace(
    new RegExp(`export \\{([^}]*)\\b${from}\\b([^}]*)\\} from '([^']+)';`),
    (_, before, after, path) => `export {${before}${to}, ${from}${after}} from '${path}';`,
  );
  write(index, dedupeSpecifiers(indexText.replace(/\n{3,}/g, '\n\n')));
}

for (const [path, text] of changed) {
  console.log(`${check ? 'would change' : 'changed'} ${relative(root, path)}`);
  if (!check) writeFileSync(path, text);
}
if (check && changed.size > 0) process.exit(1);
