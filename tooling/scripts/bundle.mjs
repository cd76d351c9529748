// The runtime build of a published package (CONTRIBUTING.md, "Build"). Run in the package's folder
// after `tsc -p tsconfig.build.json` has written the declarations:
//
//   node ../../tooling/scripts/bundle.mjs [src/bin/program.ts ...]
//
// Every `exports` entry whose `default` is `./dist/<name>.js` becomes one ES module file bundled
// from the source its `types` names (`./dist/a/index.d.ts` → `src/a/index.ts`). The entries of one
// package are bundled together with code splitting, so code they share sits in one chunk and each
// class and each piece of module state exists once. Other `@gate4agent/*` packages and every other
// dependency stay imports, except TypeBox, which is inlined and tree-shaken (a cold import would
// otherwise load hundreds of its module files). Every output file sits directly in dist/, so a
// source's `import.meta.url` is rewritten to the URL its own file would have in dist/ (as tsc laid
// it out): `new URL('../x', import.meta.url)` keeps meaning what it meant in `src/`.
//
// Each program named on the command line (an npm bin) is bundled alone to the dist/ path that
// mirrors its source path (`src/bin/x.ts` → `dist/bin/x.js`).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

/**
 * Dependencies bundled rather than imported: TypeBox (hundreds of module files, of which a package
 * runs a few builders and the schema compiler) and yaml (dozens of CommonJS files loaded eagerly,
 * of which capability-catalog runs `parse`). They are resolved with the `import`/`default`
 * conditions (their ES module builds, which tree-shake), never `node` (yaml's CommonJS).
 */
const INLINED = new Set(['typebox', 'yaml']);

const packageDir = process.cwd();
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const srcDir = join(packageDir, 'src');
const distDir = join(packageDir, 'dist');

/** `{ [output name]: source file }` for every exports entry that is built JavaScript. */
function libraryEntries() {
  const entries = {};
  for (const [key, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target === 'string') continue; // ./package.json, ./schemas/*.json
    const output = /^\.\/dist\/([\w-]+)\.js$/.exec(target.default ?? '');
    const types = /^\.\/dist\/(.+)\.d\.ts$/.exec(target.types ?? '');
    if (output === null || types === null) {
      throw new Error(
        `${manifest.name}: exports["${key}"] is ${JSON.stringify(target)}; a bundled entry needs "default": "./dist/<name>.js" directly in dist/ and "types": "./dist/<path>.d.ts" naming its source; fix package.json`,
      );
    }
    const source = join(srcDir, `${types[1]}.ts`);
    if (!existsSync(source)) {
      throw new Error(
        `${manifest.name}: exports["${key}"] types ${target.types}, but its source ${relative(packageDir, source)} does not exist; fix package.json`,
      );
    }
    entries[output[1]] = source;
  }
  return entries;
}

/** The dependencies that stay imports: every declared one except the inlined ones. */
function externals() {
  const names = Object.keys({
    ...manifest.dependencies,
    ...manifest.peerDependencies,
    ...manifest.optionalDependencies,
  }).filter((name) => !INLINED.has(name));
  return ['node:*', ...names.flatMap((name) => [name, `${name}/*`])];
}

/**
 * TypeBox's default export is its `Type` namespace re-exported as one object, which a bundler
 * must keep whole (the TypeScript-syntax parser and every builder). Imported as a namespace of
 * the module that defines it, only the builders a package calls are kept.
 */
const TYPEBOX_DEFAULT = () => /import Type(?:,\s*(\{[^}]*\}))?\s+from\s+'typebox';/g;

/**
 * The two source rewrites, for every source file of this package: `import.meta.url` becomes the
 * URL of the file tsc would have written for the source, computed from the output file that holds
 * the code (`outDir`), and TypeBox's default `Type` import becomes a namespace import.
 */
function sourceRewritesPlugin(outDir) {
  return {
    name: 'gate4agent-source-rewrites',
    setup(pluginBuild) {
      let typeboxNamespace;
      pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!args.path.startsWith(srcDir + sep)) return undefined;
        let text = readFileSync(args.path, 'utf8');
        if (text.includes('import.meta.url')) {
          const emitted = join(distDir, relative(srcDir, args.path)).replace(/\.ts$/, '.js');
          let href = relative(outDir, emitted).split(sep).join(posix.sep);
          if (!href.startsWith('.')) href = `./${href}`;
          const replacement = `new URL(${JSON.stringify(href)}, import.meta.url).href`;
          text = text.replaceAll('import.meta.url', replacement);
        }
        if (TYPEBOX_DEFAULT().test(text)) {
          if (typeboxNamespace === undefined) {
            const main = await pluginBuild.resolve('typebox', {
              kind: 'import-statement',
              resolveDir: packageDir,
            });
            if (main.errors.length > 0) throw new Error(main.errors[0].text);
            typeboxNamespace = join(dirname(main.path), 'typebox.mjs');
            if (!existsSync(typeboxNamespace)) {
              throw new Error(
                `typebox's namespace module ${typeboxNamespace} is missing: the installed typebox changed its layout; update tooling/scripts/bundle.mjs`,
              );
            }
          }
          text = text.replace(TYPEBOX_DEFAULT(), (_, named) => {
            const namespace = `import * as Type from ${JSON.stringify(typeboxNamespace)};`;
            return named === undefined ? namespace : `${namespace} import ${named} from 'typebox';`;
          });
        }
        return { contents: text, loader: 'ts' };
      });
    },
  };
}

/** Options shared by the library build and the program builds. */
const common = {
  bundle: true,
  format: 'esm',
  // `neutral`: no `node` condition for the inlined dependencies; Node built-ins are `node:` imports.
  platform: 'neutral',
  target: 'es2022',
  external: externals(),
  sourcemap: true,
  sourcesContent: false, // the sources ship in src/, which the maps point at
  // No `__name(...)` wrappers: they would name every closure again each time it is created, on hot
  // paths too. Nothing is minified, so a name changes only where two bundled modules declare the
  // same one; error classes set their `name` explicitly, and keepClassNames keeps every class's.
  keepNames: false,
  legalComments: 'inline',
  logLevel: 'warning',
  metafile: true,
};

const entries = libraryEntries();
if (Object.keys(entries).length === 0) {
  throw new Error(
    `${manifest.name}: package.json exports no ./dist/<name>.js entry; nothing to bundle`,
  );
}
const builds = [
  await build({
    ...common,
    entryPoints: entries,
    outdir: distDir,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    plugins: [sourceRewritesPlugin(distDir)],
  }),
];

for (const program of process.argv.slice(2)) {
  const source = resolve(packageDir, program);
  if (!source.startsWith(srcDir + sep) || !existsSync(source)) {
    throw new Error(
      `${manifest.name}: program ${program} is not a source file under src/; name it like src/bin/tool.ts`,
    );
  }
  const outfile = join(distDir, relative(srcDir, source)).replace(/\.ts$/, '.js');
  builds.push(
    await build({
      ...common,
      entryPoints: [source],
      outfile,
      plugins: [sourceRewritesPlugin(dirname(outfile))],
    }),
  );
}

/**
 * A source map names each source relative to itself. Sources of this package stay links into the
 * published `src/`; inlined dependency code (TypeBox) is not in the tarball, so its text is
 * embedded and its name becomes `<dependency>/<path>` under a `node_modules/` beside `src/`.
 */
function publishMap(mapFile) {
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const contents = map.sources.map(() => null);
  map.sources = map.sources.map((source, index) => {
    const file = resolve(dirname(mapFile), source);
    if (file.startsWith(srcDir + sep)) return source;
    const inModules = file.lastIndexOf(`${sep}node_modules${sep}`);
    if (inModules === -1) {
      throw new Error(
        `${manifest.name}: ${relative(packageDir, mapFile)} maps code from ${file}, which is neither in src/ nor a dependency; only src/ and inlined dependencies may be bundled`,
      );
    }
    contents[index] = readFileSync(file, 'utf8');
    const published = join(packageDir, 'node_modules', file.slice(inModules + 14));
    return relative(dirname(mapFile), published).split(sep).join(posix.sep);
  });
  if (contents.some((content) => content !== null)) map.sourcesContent = contents;
  writeFileSync(mapFile, JSON.stringify(map));
}

/**
 * Class declarations of JavaScript or TypeScript text: `class X`, `X = class` and esbuild's
 * `var X = class _X` (group 1: the variable, group 2: the class's own name).
 */
const CLASS_DECLARATIONS = () =>
  /(?:\b(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*)?\bclass\b(?:\s+(?!extends\b)([A-Za-z_$][\w$]*))?/g;

/**
 * The classes of `text`: each one's visible name, whether esbuild gave it an inner `_X` name, and
 * where its declaration ends.
 */
function classesOf(text) {
  const classes = [];
  for (const match of text.matchAll(CLASS_DECLARATIONS())) {
    const [found, variable, own] = match;
    const end = match.index + found.length;
    if (variable !== undefined && own === `_${variable}`) {
      classes.push({ name: variable, renamed: true, end });
    } else if (own !== undefined || variable !== undefined) {
      classes.push({ name: own ?? variable, renamed: false, end });
    }
  }
  return classes;
}

/**
 * Without `keepNames`, a class keeps its source name except in two cases. esbuild writes a class
 * whose body refers to itself as `var X = class _X`, whose `name` would be `_X`: its body gets the
 * one static block that `keepNames` would have added, setting `name` once, where the class header
 * line ends (so no mapped column moves). And esbuild renames a class (`Foo2`) when another bundled
 * module declares the same name: that fails the build, since `constructor.name` and
 * `util.inspect` would show it.
 */
function keepClassNames(result) {
  const declared = new Set();
  for (const input of Object.keys(result.metafile.inputs)) {
    const text = readFileSync(resolve(packageDir, input), 'utf8');
    for (const { name } of classesOf(text)) declared.add(name);
  }
  for (const output of Object.keys(result.metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    const file = resolve(packageDir, output);
    let text = readFileSync(file, 'utf8');
    // From the last class back, so the offsets of the earlier ones stay valid.
    for (const { name, renamed, end } of classesOf(text).reverse()) {
      if (!declared.has(name)) {
        throw new Error(
          `${manifest.name}: esbuild renamed a class to ${name} in ${output}, because two bundled modules declare the same class name; rename one of them in its source so the class keeps its name`,
        );
      }
      if (!renamed) continue;
      const header = /^(?:\s+extends\s+[A-Za-z_$][\w$.]*)?\s*\{[ \t]*\n/.exec(text.slice(end));
      if (header === null) {
        throw new Error(
          `${manifest.name}: the class ${name} in ${output} has a header tooling/scripts/bundle.mjs cannot extend (esbuild's "var ${name} = class _${name}" followed by more than "extends Base {" and a line end); simplify its extends clause or update keepClassNames`,
        );
      }
      const open = end + header[0].lastIndexOf('{') + 1;
      const block = ` static { Object.defineProperty(this, "name", { value: ${JSON.stringify(name)}, configurable: true }); }`;
      text = `${text.slice(0, open)}${block}${text.slice(open)}`;
    }
    writeFileSync(file, text);
  }
}

for (const result of builds) {
  keepClassNames(result);
  for (const output of Object.keys(result.metafile.outputs)) {
    if (output.endsWith('.map')) publishMap(resolve(packageDir, output));
  }
}
