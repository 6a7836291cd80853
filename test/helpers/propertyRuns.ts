/**
 * How many random inputs a property test tries: all of them under `npm test`, a tenth under mutation
 * testing (test/mutation/nodeTest.cjs sets RANKLENS_PROPERTY_SCALE), where every surviving mutant
 * reruns every test that reaches it and these few tests were most of the run's time.
 */
export function propertyRuns(n: number): number {
  const scale = Number(process.env.RANKLENS_PROPERTY_SCALE ?? '1');
  return Number.isFinite(scale) && scale > 0 && scale < 1 ? Math.max(1, Math.round(n * scale)) : n;
}
