// Reads what `pnpm publish -r --dry-run` says it would publish: the `+ name@version` lines on
// stdout and npm's "Tarball Contents" notices on stderr.

/** One package the dry run would publish, with the files of its tarball. */
export interface DryRunPackage {
  readonly name: string;
  readonly version: string;
  readonly files: readonly string[];
}

/** The packages of a `pnpm publish -r --dry-run` run, by name. */
export function dryRunPackages(stdout: string, stderr: string): Map<string, DryRunPackage> {
  const versions = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const match = /^\+ (@?[^@\s]+)@(\S+)$/.exec(line.trim());
    if (match !== null) versions.set(match[1] as string, match[2] as string);
  }
  const files = new Map<string, string[]>();
  let current: string | null = null;
  let inContents = false;
  for (const line of stderr.split('\n')) {
    const text = line.replace(/^npm notice ?/, '').trim();
    const header = /^📦\s+(@?[^@\s]+)@\S+$/u.exec(text);
    if (header !== null) {
      current = header[1] as string;
      files.set(current, []);
      inContents = false;
    } else if (text === 'Tarball Contents') inContents = true;
    else if (text === 'Tarball Details') inContents = false;
    else if (inContents && current !== null) {
      const entry = /^\S+\s+(.+)$/.exec(text);
      if (entry !== null) files.get(current)?.push(entry[1] as string);
    }
  }
  return new Map(
    [...versions].map(([name, version]) => [name, { name, version, files: files.get(name) ?? [] }]),
  );
}
