/** Resolving "preset + overrides": the messages for unknown names, the name of the result, preset aliases. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findPreset, resolveConvention } from '../../shared/core/conventions';

describe('resolving a convention', () => {
  it('lists the known presets and knobs when a name is unknown', () => {
    const { problems } = resolveConvention('nope', { gian: 'linear' });
    assert.deepEqual(problems, [
      {
        key: 'preset',
        message:
          'Unknown preset "nope"; known presets: trec_eval, seed000, ranx, mllib, sklearn, torchmetrics, seed003, lenskit, recommenders, ir_measures, pytrec_eval, sentence-transformers, mteb, beir, llamaindex, haystack, elasticsearch, ragas, tfrs, cornac, recpack, recbole, elliot, implicit, lightfm, tf-ranking.',
      },
      {
        key: 'gian',
        message:
          'Unknown convention knob "gian"; knobs: emptyLabels, precisionDenominator, apDenominator, gain, discount, ideal, relevanceThreshold, ties, duplicates, relevantPool, errGain, noHit, recallDenominator, unjudged, apTerms, emptyPredictions, negativeGains, singleItem, identicalIds, zeroScores, unjudgedGrade, idealCut, averaging.',
      },
    ]);
  });

  it('names only the overrides that change the preset: trec_eval with gain=linear is just trec_eval', () => {
    assert.equal(resolveConvention('trec_eval', { gain: 'linear' }).resolved.name, 'trec_eval');
    assert.equal(resolveConvention('trec_eval', { gain: 'linear', ties: 'input' }).resolved.name, 'trec_eval + ties=input');
  });

  it('knows seed_000 as seed000, seed_003 (any case, spaces or dashes) as seed003, and no inherited key', () => {
    assert.equal(findPreset('Seed-000'), 'seed000');
    assert.equal(findPreset('constructor'), undefined);
    assert.equal(findPreset('toString'), undefined);
    assert.equal(findPreset('Seed-003'), 'seed003');
    assert.equal(findPreset('scikit learn'), 'sklearn');
    assert.equal(findPreset('spark'), 'mllib');
  });
});
