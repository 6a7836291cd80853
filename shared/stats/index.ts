/** The statistics layer's door: systems compared on paired per-query values, with the tests' and corrections' names. */
export { compareSystems } from './compareSystems';
export type { CompareOptions, SystemComparison } from './compareSystems';
export { comparisonMemo } from './comparisonMemo';
export type { ComparisonMemo } from './comparisonMemo';
export { CORRECTIONS } from './corrections';
export type { Correction } from './corrections';
export { SIGNIFICANCE_TESTS, TEST_TITLES } from './testNames';
export type { SignificanceTest } from './testNames';
