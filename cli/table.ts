/** Plain-text tables: columns padded to their widest cell, numbers right-aligned. */

/** Renders rows under a header; a column is right-aligned when its cells (past the header) look numeric. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, j) => Math.max(width(h), ...rows.map((r) => width(r[j] ?? ''))));
  const numeric = header.map((_, j) => rows.length > 0 && rows.every((r) => /^(?:[-−]?[\d.]+|NaN|—|)\S?$/.test(r[j] ?? '')));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, j) => (numeric[j] && j > 0 ? c.padStart(widths[j] + c.length - width(c)) : c.padEnd(widths[j] + c.length - width(c))))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

// Code points, not UTF-16 units: "≠" and "é" take one column (wide CJK characters are not measured).
function width(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
