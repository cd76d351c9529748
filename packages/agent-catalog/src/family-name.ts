import type { AdapterFamily } from '@gate4agent/types';

/** The upstream `{:?}` name of a family (`pty-semantic` → `PtySemantic`), as messages print it. */
export function familyName(family: AdapterFamily): string {
  return family
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
