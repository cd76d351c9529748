// Numbers as the table prints them.

/** `value` with `digits` decimals and thousands separators. */
export function formatNumber(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** `median (min–max) unit` for a few runs, or just the median for one. */
export function formatSpread(
  summary: { median: number; min: number; max: number; runs: number },
  unit: string,
  digits = 2,
): string {
  const median = `${formatNumber(summary.median, digits)} ${unit}`.trim();
  if (summary.runs <= 1) return median;
  return `${median} (${formatNumber(summary.min, digits)}–${formatNumber(summary.max, digits)})`;
}
