/**
 * Tables as each output format writes them: plain text (columns padded to their widest cell, numbers
 * right-aligned), Markdown (GitHub's pipe tables), LaTeX (booktabs) and CSV (RFC 4180).
 */

/** Renders rows under a header; a column is right-aligned when its cells (past the header) look numeric. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, j) => Math.max(width(h), ...rows.map((r) => width(r[j] ?? ''))));
  const numeric = numericColumns(header, rows);
  const line = (cells: readonly string[]) =>
    cells
      .map((c, j) => (numeric[j] && j > 0 ? c.padStart(widths[j] + c.length - width(c)) : c.padEnd(widths[j] + c.length - width(c))))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** Which columns hold numbers (or NaN, ∞, a dash), each perhaps marked by one character after it, or nothing; they are right-aligned. */
function numericColumns(header: readonly string[], rows: readonly (readonly string[])[]): boolean[] {
  return header.map(
    (_, j) => rows.some((r) => (r[j] ?? '') !== '') && rows.every((r) => /^(?:(?:[-−+]?[\d.]+|NaN|[-−]?∞|—)\S?)?$/.test(r[j] ?? '')),
  );
}

// Code points, not UTF-16 units: "≠" and "é" take one column (wide CJK characters are not measured).
function width(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** A pipe table; numeric columns right-aligned. Cells are escaped unless they are already Markdown (see markdownText). */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const numeric = numericColumns(
    header,
    rows.map((r) => r.map(plainOfMarkdown)),
  );
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, j) => (numeric[j] && j > 0 ? '---:|' : '---|')).join('')}`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

// The number inside a bold or superscripted cell, for the alignment rule.
function plainOfMarkdown(cell: string): string {
  return cell.replace(/<sup>.*?<\/sup>/g, '').replace(/^\*\*(.*)\*\*$/, '$1');
}

/** Text for a Markdown table cell: the characters Markdown or a pipe table would read as markup, escaped. */
export function markdownText(text: string): string {
  return text.replace(/[|\\`*_<>[\]]/g, (c) => `\\${c}`);
}

/**
 * A booktabs tabular; `align` one letter per column (l, r, c); `foot` rows (a mean) come under a
 * rule of their own. Cells are LaTeX already (see latexText).
 */
export function latexTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align: string,
  foot: readonly (readonly string[])[] = [],
): string {
  const line = (r: readonly string[]) => `${r.join(' & ')} \\\\`;
  return [
    `\\begin{tabular}{${align}}`,
    '\\toprule',
    line(header),
    '\\midrule',
    ...rows.map(line),
    ...(foot.length > 0 && rows.length > 0 ? ['\\midrule'] : []),
    ...foot.map(line),
    '\\bottomrule',
    '\\end{tabular}',
  ].join('\n');
}

/** Text for LaTeX: its ten special characters escaped. */
export function latexText(text: string): string {
  return text.replace(/[\\{}$&#%_^~]/g, (c) => (c === '\\' ? '\\textbackslash{}' : c === '^' ? '\\^{}' : c === '~' ? '\\~{}' : `\\${c}`));
}

/** RFC 4180 CSV: a field holding a comma, a quote or a line break is quoted, its quotes doubled; lines end in CRLF. */
export function csvTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return [header, ...rows].map((r) => `${r.map(field).join(',')}\r\n`).join('');
}

/** A number for CSV: full precision, as JavaScript writes it; NaN as NaN (pandas and R read it so), infinities as inf and -inf. */
export function csvNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  return String(value);
}
