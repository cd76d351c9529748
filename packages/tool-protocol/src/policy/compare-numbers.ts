/** Numeric order, for the numeric fields of the derived-`Ord` keys. */
export function compareNumbers(left: number, right: number): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
