/** Where the lines of a document's text start, found with native indexOf searches. */

/** The offset (UTF-16) at which each line starts: index 0 is line 0. */
export function lineStarts(text: string): Int32Array {
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  const starts = new Int32Array(count);
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1;
  return starts;
}

/** Where line `line` ends, before its line break (a "\r\n" break included). */
export function lineEnd(text: string, starts: Int32Array, line: number): number {
  let end = line + 1 < starts.length ? starts[line + 1] - 1 : text.length;
  if (end > starts[line] && text.charCodeAt(end - 1) === 13 && line + 1 < starts.length) end--;
  return end;
}

/** The line an offset lies on (binary search of the line starts). */
export function lineAt(starts: Int32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
