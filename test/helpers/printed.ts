/** Test helpers: compare computed values with numbers as a source printed them. */
import assert from 'node:assert/strict';

/**
 * Asserts that value reads as `printed` at the printed precision: rounded half-up, or — where the
 * source truncates instead of rounding (seed 000 writes 2/3 as 0.666) — truncated. "NaN" matches NaN.
 */
export function assertPrinted(value: number, printed: string, what = ''): void {
  if (printed === 'NaN') {
    assert.ok(Number.isNaN(value), `${what}: expected NaN, got ${value}`);
    return;
  }
  const decimals = printed.includes('.') ? printed.split('.')[1].length : 0;
  const scale = 10 ** decimals;
  const expected = Number(printed);
  const rounded = Math.round(value * scale + 1e-9) / scale;
  const truncated = Math.trunc(value * scale + 1e-9) / scale;
  assert.ok(rounded === expected || truncated === expected, `${what}: expected ${printed} at ${decimals} decimals, got ${value}`);
}

/** Asserts a value rounds to `printed` (half-up), never truncation. */
export function assertRounded(value: number, printed: string, what = ''): void {
  const decimals = printed.includes('.') ? printed.split('.')[1].length : 0;
  assert.equal(value.toFixed(decimals), Number(printed).toFixed(decimals), `${what}: ${value}`);
}

/** Asserts equality within 1e-12. */
export function assertClose(value: number, expected: number, what = ''): void {
  assert.ok(
    Math.abs(value - expected) <= 1e-12 || (Number.isNaN(value) && Number.isNaN(expected)),
    `${what}: expected ${expected}, got ${value}`,
  );
}
