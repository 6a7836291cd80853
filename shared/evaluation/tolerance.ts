/**
 * How closely a written expectation is checked: within half a unit of its last written decimal
 * (0.333 matches 1/3), exactly when no decimal is written. Said in words for hovers and messages, and
 * flagged when so coarse that it would accept a value more than 10% away.
 */

/** Decimals written after the point, less the exponent: "0.333" → 3, "1" → 0, "5e-3" → 3. */
export function writtenDecimals(text: string): number {
  const m = /^[-+]?\d*(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text.trim());
  if (!m) return 0;
  return (m[1]?.length ?? 0) - Number(m[2] ?? 0);
}

/** Half a unit of the last written decimal, or 0 (an exact match) when none is written. */
export function writtenTolerance(text: string): number {
  const d = writtenDecimals(text);
  return d <= 0 ? 0 : 0.5 * 10 ** -d;
}

/**
 * Whether a written expectation matches a computed value: within half a unit of its last written
 * decimal (0.333 matches 1/3); a value written without decimals (0, 1) must match exactly.
 */
export function expectationMatches(expected: number | null, text: string, computed: number): boolean {
  if (expected === null) return Number.isNaN(computed);
  if (Number.isNaN(computed)) return false;
  const t = writtenTolerance(text);
  return Math.abs(computed - expected) <= (t === 0 ? 1e-9 : t + 1e-12);
}

/** The tolerance in words: "within ±0.0005 (3 decimals written)", "within ±0 (no decimal written)". */
export function toleranceText(text: string): string {
  const d = writtenDecimals(text);
  if (d <= 0) return 'within ±0 (no decimal written)';
  return `within ±${(0.5 * 10 ** -d).toFixed(d + 1)} (${d} decimal${d > 1 ? 's' : ''} written)`;
}

/**
 * How far, relative to the expected value, the tolerance reaches when that is more than 10%
 * (0.3 written with one decimal accepts 0.25 to 0.35, 17% either way); undefined otherwise.
 */
export function coarseReach(expected: number | null, text: string): number | undefined {
  if (expected === null || expected === 0) return undefined;
  const reach = writtenTolerance(text) / Math.abs(expected);
  return reach > 0.1 + 1e-9 ? reach : undefined;
}
