/** The tests `ranklens trec` and the fixture lens offer, by their command-line names. */
export type SignificanceTest = 't' | 'wilcoxon' | 'randomization' | 'bootstrap' | 'tukey';

export const SIGNIFICANCE_TESTS: readonly SignificanceTest[] = ['t', 'wilcoxon', 'randomization', 'bootstrap', 'tukey'];

/** Each test's name for reports. */
export const TEST_TITLES: Readonly<Record<SignificanceTest, string>> = {
  t: "paired Student's t-test",
  wilcoxon: 'Wilcoxon signed-rank test',
  randomization: "Fisher's paired randomization test",
  bootstrap: 'paired bootstrap test',
  tukey: 'randomized Tukey HSD',
};
