/** The curves layer's door: metric values against k, as plain data and as the view's HTML. */
export { fixtureCurves } from './curves';
export type { MetricCurves } from './curves';
export { curvesHtml } from './curvesHtml';
export { LAZY_ROWS, MAX_BARS, OUTCOME_COLORS, PNG_SCALE, WINDOW_ROWS, diffHtml } from './diffHtml';
export type { DiffComparisonView, DiffHtmlOptions, DiffReportView, ExplainedView } from './diffHtml';
export { fixtureDiff } from './fixtureDiff';
export type { FixtureDiffOptions } from './fixtureDiff';
