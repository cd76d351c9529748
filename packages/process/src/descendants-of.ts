/**
 * Every descendant of `rootPid` in `table` (rows of `readProcessTable()`, or anything with a pid
 * and a parent pid), breadth first, the root excluded.
 */
export function descendantsOf<T extends { readonly pid: number; readonly ppid: number }>(
  table: readonly T[],
  rootPid: number,
): T[] {
  const children = new Map<number, T[]>();
  for (const entry of table) {
    const list = children.get(entry.ppid);
    if (list === undefined) children.set(entry.ppid, [entry]);
    else list.push(entry);
  }
  const found: T[] = [];
  const queue = [rootPid];
  const seen = new Set([rootPid]);
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    for (const child of children.get(pid) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}
