/** The marks after each predicted item: ✓grade when relevant, ✗ or ✗grade when not, #rank when scores reorder, dup for a repeat. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../shared/core/conventions';
import { predictionMarks } from '../../shared/core/predictionMarks';
import { gradedLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';

describe('prediction marks', () => {
  it('shows ranks when the scores reorder the list: b (0.9) first, c second, a third', () => {
    const marks = predictionMarks(
      { labels: gradedLabels({ a: 2, c: 0, b: -1 }), predictions: scoredPredictions({ a: 0.1, b: 0.9, c: 0.5 }) },
      PRESETS.seed000,
    );
    assert.deepEqual(marks, [
      { label: '#3✓2', tooltip: 'rank 3 by score; relevant, grade 2' },
      { label: '#1✗-1', tooltip: 'rank 1 by score; not relevant, grade -1' },
      { label: '#2✗', tooltip: 'rank 2 by score; not relevant, grade 0' },
    ]);
  });

  it('leaves ranks out when the scores keep the order written, and for a plain list', () => {
    assert.deepEqual(
      predictionMarks({ labels: gradedLabels({ a: 1 }), predictions: scoredPredictions({ a: 0.9, b: 0.5 }) }, PRESETS.seed000).map(
        (m) => m.label,
      ),
      ['✓1', '✗'],
    );
    assert.deepEqual(predictionMarks({ labels: gradedLabels({ a: 1 }), predictions: listPredictions(['b', 'a']) }, PRESETS.seed000), [
      { label: '✗', tooltip: 'not relevant, grade 0' },
      { label: '✓1', tooltip: 'relevant, grade 1' },
    ]);
  });

  it('marks nothing of a case duplicates=error refuses as ranked: ⊘ on each item, dup on the repeat', () => {
    // trec_eval refuses a case that predicts an item twice: no item is ranked, so the first a is no ✓1.
    assert.deepEqual(
      predictionMarks({ labels: gradedLabels({ a: 1 }), predictions: listPredictions(['a', 'x', 'a']) }, PRESETS.trec_eval).map(
        (m) => m.label,
      ),
      ['⊘', '⊘', 'dup'],
    );
    assert.equal(
      predictionMarks({ labels: gradedLabels({ a: 1 }), predictions: listPredictions(['a', 'a']) }, PRESETS.trec_eval)[0].tooltip,
      'not ranked: this case predicts an item twice and duplicates=error refuses it (every metric NaN)',
    );
  });

  it('marks a repeat that the convention drops as dup', () => {
    assert.deepEqual(predictionMarks({ labels: gradedLabels({ a: 1 }), predictions: listPredictions(['a', 'a']) }, PRESETS.seed000)[1], {
      label: 'dup',
      tooltip: 'repeated item, not ranked (duplicates=first)',
    });
  });
});
