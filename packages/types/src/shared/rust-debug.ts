// Upstream messages embed Rust `Debug` renderings (`"a\u{1b}b"`, `AgentInstanceId(1)`); these
// helpers reproduce the parts the ported messages need.

/** Renders `value` as Rust's `{:?}` of a `&str`: quoted, with controls escaped. */
export function rustDebugString(value: string): string {
  let rendered = '"';
  for (const character of value) {
    switch (character) {
      case '"':
        rendered += '\\"';
        break;
      case '\\':
        rendered += '\\\\';
        break;
      case '\n':
        rendered += '\\n';
        break;
      case '\r':
        rendered += '\\r';
        break;
      case '\t':
        rendered += '\\t';
        break;
      case '\0':
        rendered += '\\0';
        break;
      default: {
        const codePoint = character.codePointAt(0) ?? 0;
        rendered += /\p{Cc}/u.test(character) ? `\\u{${codePoint.toString(16)}}` : character;
      }
    }
  }
  return `${rendered}"`;
}

/** Renders a Rust tuple-struct newtype, for example `AgentInstanceId(1)`. */
export function rustDebugNewtype(name: string, value: number | string): string {
  return `${name}(${typeof value === 'string' ? rustDebugString(value) : value})`;
}

/** Converts a kebab-case variant name to Rust's PascalCase variant name (`end-of-file` → `EndOfFile`). */
export function pascalCase(kebab: string): string {
  return kebab
    .split('-')
    .map((part) => (part.length === 0 ? part : part[0]!.toUpperCase() + part.slice(1)))
    .join('');
}
