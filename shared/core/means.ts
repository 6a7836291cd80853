/** Means over cases that leave NaN values out and count them. */

/** Column means over the non-NaN entries, with the count of NaN entries left out. */
export function means(rows: readonly (readonly number[])[], width: number): { mean: number[]; excluded: number[] } {
  const sum = new Array<number>(width).fill(0);
  const count = new Array<number>(width).fill(0);
  const excluded = new Array<number>(width).fill(0);
  for (const row of rows) {
    for (let j = 0; j < width; j++) {
      if (Number.isNaN(row[j])) excluded[j]++;
      else {
        sum[j] += row[j];
        count[j]++;
      }
    }
  }
  return { mean: sum.map((s, j) => (count[j] === 0 ? NaN : s / count[j])), excluded };
}
