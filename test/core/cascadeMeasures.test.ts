/**
 * The cascade measures, worked by hand on small graded queries: ERR (Chapelle, Metzler, Zhang &
 * Grinspan, CIKM 2009) and RBP with its residual (Moffat & Zobel, TOIS 2008; the RBP values also
 * checked against trec_eval 10.0), with the explanation a hover shows: terms, knobs and arithmetic.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { gradedLabels, listPredictions } from '../helpers/caseBuilders';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { explainCase } from '../../shared/core/evaluate';
import { Explanation } from '../../shared/core/explanation';
import { MetricSpec, parseMetricSpec } from '../../shared/core/metricNames';
import { metricValue } from '../../shared/core/metrics/dispatch';
import { stopProbability } from '../../shared/core/metrics/err';
import { explainRbpResidual, rbp, rbpResidual } from '../../shared/core/metrics/rbp';
import { rankCase } from '../../shared/core/ranking';

const TREC: Convention = PRESETS.trec_eval;
const LINEAR: Convention = { ...TREC, errGain: 'linear' };
const spec = (name: string): MetricSpec => {
  const parsed = parseMetricSpec(name);
  assert.ok(parsed.spec, `${name}: ${parsed.message}`);
  return parsed.spec;
};
const fast = (input: CaseInput, name: string, conv = TREC): number =>
  metricValue(rankCase(input, conv, { valuesOnly: true }), spec(name), conv);
const explain = (input: CaseInput, name: string, conv = TREC): Explanation => explainCase(input, spec(name), conv);
const near = (actual: number, expected: number, what = ''): void =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what} ${actual}, expected ${expected}`);
const terms = (ex: Explanation): string => ex.terms.map((t) => `${t.rank}:${t.id}${t.relevant ? '+' : '-'}`).join(' ');
/** gain·discount = contribution of each term, to 6 places. */
const parts = (ex: Explanation): string =>
  ex.terms.map((t) => `${t.gain!.toFixed(6)}·${t.discount!.toFixed(6)}=${(t.contribution ?? t.gain! * t.discount!).toFixed(6)}`).join(' ');

/** No relevant item ranked: the sums are empty. */
const MISS: CaseInput = { labels: gradedLabels({ a: 1 }), predictions: listPredictions(['x', 'y']) };

/*
 * ERR case: grades a=3, b=1, c=2, d=0; ranked d b a c. Top grade 3.
 * Exponential stop probabilities R = (2^g − 1)/2^3: b 1/8, a 7/8, c 3/8.
 * ERR = (1/2)(1/8) + (1/3)(7/8)(7/8) + (1/4)(3/8)(7/8)(1/8)
 *     = 0.0625 + 0.2552083 + 0.0102539 = 0.3279622.
 */
const GRADED: CaseInput = { labels: gradedLabels({ a: 3, b: 1, c: 2, d: 0 }), predictions: listPredictions(['d', 'b', 'a', 'c']) };
const ERR_FULL = 1 / 16 + 49 / 192 + 21 / 2048;

describe('ERR stop probabilities', () => {
  it('maps a grade to (2^g − 1)/2^gmax, or g/gmax when linear, capped at the top grade', () => {
    assert.equal(stopProbability(2, 3, TREC), 3 / 8); // (4 − 1)/8
    assert.equal(stopProbability(5, 3, TREC), 7 / 8); // capped at grade 3: (8 − 1)/8
    assert.equal(stopProbability(2, 3, LINEAR), 2 / 3);
  });

  it('is 0 for a grade of 0 or below and when no grade is positive', () => {
    assert.equal(stopProbability(0, 3, LINEAR), 0);
    assert.equal(stopProbability(-1, 3, TREC), 0); // not (2^−1 − 1)/8 = −0.0625
    assert.equal(stopProbability(2, 0, LINEAR), 0); // not 0/0
  });
});

describe('ERR', () => {
  it('sums (1/r)·Rᵣ·(chance of reaching r) over the ranking: 0.0625 + 0.2552 + 0.0103 = 0.3280', () => {
    near(fast(GRADED, 'ERR'), ERR_FULL, 'ERR');
    near(fast(GRADED, 'ERR@3'), 1 / 16 + 49 / 192, 'ERR@3');
    near(fast(GRADED, 'ERR@2'), 1 / 16, 'ERR@2');
  });

  it('explains each rank that can satisfy with its stop probability and the chance of reaching it over r', () => {
    const ex = explain(GRADED, 'ERR');
    near(ex.value, ERR_FULL);
    assert.equal(ex.formula, 'ERR = Σᵣ (1/r) · Rᵣ · Π_{i<r} (1 − Rᵢ), R = (2^g − 1) / 2^gmax, gmax = 3');
    assert.deepEqual(
      ex.knobs.map((k) => `${k.knob}=${k.value}: ${k.effect}`),
      ['errGain=exponential: a grade becomes a stop probability as (2^g − 1) / 2^gmax'],
    );
    assert.equal(terms(ex), '2:b+ 3:a+ 4:c+');
    // discounts: 1/2; (7/8)/3; (7/8)(1/8)/4 = 7/256
    assert.equal(parts(ex), '0.125000·0.500000=0.062500 0.875000·0.291667=0.255208 0.375000·0.027344=0.010254');
    assert.equal(ex.arithmetic, '0.125·0.500 + 0.875·0.292 + 0.375·0.027 = 0.328');
    near(ex.numerator, ERR_FULL);
    assert.equal(ex.denominator, 1);
  });

  it('keeps the relevance of each item in the terms: under rel=2 grade 1 is not relevant but still satisfies', () => {
    const ex = explain(GRADED, 'ERR(rel=2)');
    near(ex.value, ERR_FULL);
    assert.equal(terms(ex), '2:b- 3:a+ 4:c+');
  });

  it('under errGain=linear uses g/gmax: (1/2)(1/3) + (1/3)(2/3)(1) = 7/18, and nobody reaches rank 4', () => {
    near(fast(GRADED, 'ERR', LINEAR), 7 / 18, 'ERR linear');
    const ex = explain(GRADED, 'ERR', LINEAR);
    near(ex.value, 7 / 18);
    assert.equal(ex.formula, 'ERR = Σᵣ (1/r) · Rᵣ · Π_{i<r} (1 − Rᵢ), R = g / gmax, gmax = 3');
    assert.deepEqual(
      ex.knobs.map((k) => `${k.knob}=${k.value}: ${k.effect}`),
      ['errGain=linear: a grade becomes a stop probability as g / gmax'],
    );
    assert.equal(ex.arithmetic, '0.333·0.500 + 1.000·0.222 + 0.667·0.000 = 0.389');
  });

  it('takes gmax from the parameter when given: ERR(max=4) = (1/2)(1/16) + (1/3)(15/16)(7/16) + (1/4)(15/16)(9/16)(3/16)', () => {
    const value = 1 / 32 + (15 * 7) / (3 * 256) + (15 * 9 * 3) / (4 * 4096);
    near(fast(GRADED, 'ERR(max=4)'), value, 'ERR(max=4)');
    assert.match(explain(GRADED, 'ERR(max=4)').formula, /gmax = 4$/);
  });

  it('writes an empty sum as 0 when no ranked item can satisfy', () => {
    const ex = explain(MISS, 'ERR');
    assert.equal(ex.value, 0);
    assert.deepEqual(ex.terms, []);
    assert.equal(ex.arithmetic, '0 = 0.000');
  });
});

/*
 * RBP case: grades a=2, b=1, c=0, d=2, u=−1 (in the pool, unjudged); ranked a c b u x d (x unlabeled).
 * Gains = grade / 2: a 1, b 0.5, d 1 at ranks 1, 3, 6.
 * RBP(p=0.8) = 0.2·(1 + 0.5·0.8² + 0.8⁵) = 0.2·(1 + 0.32 + 0.32768) = 0.329536
 * RBP(p=0.9) = 0.1·(1 + 0.5·0.81 + 0.9⁵) = 0.1·1.99549 = 0.199549
 * RBPresid(p=0.8): unjudged at ranks 4 and 5, n = 6: 0.8⁶ + 0.2·(0.8³ + 0.8⁴) = 0.262144 + 0.18432 = 0.446464
 * trec_eval 10.0 prints rbp_p=0.8 0.3295, rbp 0.1995, rbp_resid_p=0.8 0.4465.
 */
const POOL: CaseInput = {
  labels: gradedLabels({ a: 2, b: 1, c: 0, d: 2, u: -1 }),
  predictions: listPredictions(['a', 'c', 'b', 'u', 'x', 'd']),
};
const RBP8 = 0.2 * (1 + 0.32 + 0.32768);

describe('RBP', () => {
  it('discounts the scaled grade by p^(i−1) and scales by (1 − p) (trec_eval 10.0)', () => {
    near(fast(POOL, 'RBP(p=0.8)'), RBP8, 'RBP(p=0.8)');
    near(fast(POOL, 'RBP'), 0.1 * (1 + 0.405 + 0.59049), 'RBP');
  });

  it('gives a graded gain unless asked for a binary one', () => {
    const rc = rankCase(POOL, TREC);
    near(rbp(rc, 0.8, null), RBP8); // not binary by default; binary (a, b, d relevant) would be 0.393536
  });

  it('stops at the cutoff: RBP(p=0.8)@5 = 0.2·(1 + 0.32) = 0.264', () => {
    near(fast(POOL, 'RBP(p=0.8)@5'), 0.264, 'RBP@5');
  });

  it('counts a relevant item as gain 1 under rel=: a and d at grade ≥ 2 give 0.2·(1 + 0.8⁵) = 0.265536, at any cutoff past the end', () => {
    near(fast(POOL, 'RBP(rel=2,p=0.8)'), 0.265536, 'binary');
    near(fast(POOL, 'RBP(rel=2,p=0.8)@10'), 0.265536, 'binary@10');
    const ex = explain(POOL, 'RBP(rel=2,p=0.8)');
    assert.equal(ex.formula, 'RBP = (1 − p) Σᵢ p^(i−1) · gainᵢ, p = 0.8, gain = grade / top grade (binary here)');
    assert.equal(ex.arithmetic, '(1 − 0.8) · (1.000·1.000 + 1.000·0.328) = 0.266');
  });

  it('explains one term per rank that gains, with p, the sum and 1/(1 − p)', () => {
    const ex = explain(POOL, 'RBP(p=0.8)');
    assert.equal(ex.metric, 'RBP(p=0.8)');
    near(ex.value, RBP8);
    assert.equal(ex.formula, 'RBP = (1 − p) Σᵢ p^(i−1) · gainᵢ, p = 0.8, gain = grade / top grade');
    assert.equal(terms(ex), '1:a+ 3:b+ 6:d+');
    assert.equal(parts(ex), '1.000000·1.000000=1.000000 0.500000·0.640000=0.320000 1.000000·0.327680=0.327680');
    near(ex.numerator, 1.64768);
    near(ex.denominator, 5);
    assert.deepEqual(ex.knobs, []);
    assert.equal(ex.arithmetic, '(1 − 0.8) · (1.000·1.000 + 0.500·0.640 + 1.000·0.328) = 0.330');
  });

  it('keeps relevance apart from gain in the terms: with grade 2 needed, b gains 0.5 but is not relevant', () => {
    const conv: Convention = { ...TREC, relevanceThreshold: 1 };
    const ex = explain(POOL, 'RBP(p=0.8)', conv);
    near(ex.value, RBP8);
    assert.equal(terms(ex), '1:a+ 3:b- 6:d+');
  });

  it('writes an empty sum as 0', () => {
    const ex = explain(MISS, 'RBP');
    assert.equal(ex.value, 0);
    assert.equal(ex.arithmetic, '(1 − 0.9) · (0) = 0.000');
  });
});

describe('RBP residual', () => {
  it('adds p^n and the weight of the unjudged ranks (trec_eval 10.0)', () => {
    near(fast(POOL, 'RBPresid(p=0.8)'), 0.446464, 'RBPresid');
  });

  it('explains the unjudged ranks with their discounts', () => {
    const ex = explain(POOL, 'RBPresid(p=0.8)');
    near(ex.value, 0.446464);
    assert.equal(ex.formula, 'RBPresid = p^n + (1 − p) Σ_{unjudged rank i} p^(i−1), p = 0.8; 0 when all ranked items are judged');
    assert.equal(terms(ex), '4:u- 5:x-');
    assert.deepEqual(
      ex.terms.map((t) => t.discount!.toFixed(4)),
      ['0.5120', '0.4096'],
    );
    near(ex.numerator, 0.446464);
    assert.equal(ex.denominator, 1);
    assert.deepEqual(ex.knobs, []);
    assert.equal(ex.arithmetic, '0.8^6 + (1 − 0.8) · (0.512 + 0.410) = 0.446');
  });

  it('is 0 when every ranked item is judged', () => {
    const judged: CaseInput = { labels: gradedLabels({ a: 1, b: 0 }), predictions: listPredictions(['a', 'b']) };
    assert.equal(fast(judged, 'RBPresid'), 0);
    const ex = explain(judged, 'RBPresid');
    assert.equal(ex.value, 0);
    assert.deepEqual(ex.terms, []);
    assert.equal(ex.arithmetic, 'every ranked item is judged: 0');
  });

  it('looks only at the top k when cut: k = 4 leaves u: 0.8⁴ + 0.2·0.8³ = 0.512; k = 3 is all judged; k = 10 is the whole ranking', () => {
    const rc = rankCase(POOL, TREC);
    near(rbpResidual(rc, 0.8, 4), 0.512);
    assert.equal(rbpResidual(rc, 0.8, 3), 0);
    near(rbpResidual(rc, 0.8, 10), 0.446464);
    const ex = explainRbpResidual(rc, 0.8, 4, 'RBPresid(p=0.8)@4');
    assert.equal(ex.metric, 'RBPresid(p=0.8)@4');
    near(ex.value, 0.512);
    assert.equal(terms(ex), '4:u-');
    assert.equal(ex.arithmetic, '0.8^4 + (1 − 0.8) · (0.512) = 0.512');
    assert.equal(explainRbpResidual(rc, 0.8, 10, 'RBPresid(p=0.8)').arithmetic, '0.8^6 + (1 − 0.8) · (0.512 + 0.410) = 0.446');
  });
});
