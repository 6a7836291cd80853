/**
 * Metric names as people write them, each with the canonical name it parses to or the message that
 * refuses it: ir_measures' parameters, trec_eval's levels, cutoffs, spaces, and the rules of expansion.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  aggregationOf,
  expandMetrics,
  metricName,
  parseMetricName,
  parseMetricSpec,
  sameSpec,
  sortSpecs,
} from '../../shared/core/metricNames';

const parsed = (text: string) => {
  const p = parseMetricSpec(text);
  return p.spec ? metricName(p.spec) : `refused: ${p.message}`;
};
const table = (rows: [string, string][]) => {
  for (const [text, expected] of rows) assert.equal(parsed(text), expected, text);
};

describe('parameters in parentheses', () => {
  it('reads name=value lists with spaces, a trailing comma, and a negative grade in gain-10', () => {
    table([
      ['RBP( p = 0.8 )', 'RBP(p=0.8)'],
      ['RBP(p=0.8,)', 'RBP(p=0.8)'],
      ['RBP(p=0.9)', 'RBP'], // the default p is not written
      ['utility(a=1)', 'Utility'], // the default coefficients are not written either
      ['Utility(a=2)', 'Utility(a=2,b=-1,c=0,d=0)'],
      ['nDCG(gain-10=3)', 'nDCG(gain-10=3)'],
      ['nDCG(gain10=3)', 'nDCG(gain10=3)'],
      ['IPrec()@0.25', 'IPrec@0.25'],
    ]);
  });

  it('refuses what is not name=number, and says which names a family takes', () => {
    table([
      ['RBP(-p=0.8)', 'refused: "-p=0.8" in "RBP(-p=0.8)" is not name=number.'],
      ['RBP(p=0.8 x)', 'refused: "p=0.8 x" in "RBP(p=0.8 x)" is not name=number.'],
      ['RBP(p=abc)', 'refused: "p=abc" in "RBP(p=abc)" is not name=number.'],
      ['RBP(p)', 'refused: "p" in "RBP(p)" is not name=number.'],
      ['P(rel=1.5)@5', 'refused: rel= takes a whole grade ("P(rel=1.5)@5").'],
      ['P(gain1=2)@5', 'refused: P takes no parameter "gain1" ("P(gain1=2)@5"); it takes rel.'],
      ['P(a=1)@5', 'refused: P takes no parameter "a" ("P(a=1)@5"); it takes rel.'],
      ['RBP(q=1)', 'refused: RBP takes no parameter "q" ("RBP(q=1)"); it takes rel, p.'],
      ['SetF(p=2)', 'refused: SetF takes no parameter "p" ("SetF(p=2)"); it takes rel, beta.'],
      ['Utility(e=1)', 'refused: Utility takes no parameter "e" ("Utility(e=1)"); it takes rel, a, b, c, d.'],
      ['nDCG(xgain1=2)', 'refused: nDCG takes no parameter "xgain1" ("nDCG(xgain1=2)"); it takes rel, gain<grade>.'],
      ['nDCG(gain1x=2)', 'refused: nDCG takes no parameter "gain1x" ("nDCG(gain1x=2)"); it takes rel, gain<grade>.'],
      ['foo(p=1)', 'refused: Unknown metric "foo(p=1)".'],
      ['RBP(p=0.8)x', 'refused: Unknown metric "RBP(p=0.8)x".'],
    ]);
  });
});

describe('levels and cutoffs', () => {
  it('reads IPrec and RprecMult levels, and refuses a level that is not a number', () => {
    table([
      ['IPrec@.5', 'IPrec@0.5'],
      ['IPrec@x', 'refused: IPrec takes a number after @, e.g. IPrec@0.5.'],
      ['RprecMult@x', 'refused: RprecMult takes a number after @, e.g. RprecMult@0.5.'],
      ['RprecMult', 'refused: RprecMult needs a level after @, e.g. RprecMult@1.0 ("RprecMult").'],
      [`IPrec@${'9'.repeat(400)}`, `refused: The parameter of "IPrec@${'9'.repeat(400)}" must be a number.`],
    ]);
    assert.deepEqual(parseMetricName('IPrec@0.5x'), {
      ok: false,
      message: 'Unknown metric "IPrec@0.5x". Did you mean "IPrec.5x"?',
      suggestion: 'IPrec.5x',
    });
  });

  it('takes k for every cutoff only where a cutoff is allowed, and only as the whole cutoff', () => {
    table([
      ['P@k', 'refused: "P@k" names every cutoff; write a number instead of k.'],
      ['P@kk', 'refused: The cutoff of "P@kk" must be a whole number ≥ 1 (or k for every cutoff).'],
      ['P@3(rel=1)', 'refused: The cutoff of "P@3(rel=1)" must be a whole number ≥ 1 (or k for every cutoff).'],
    ]);
    assert.deepEqual(parseMetricName('Rprec@k'), { ok: false, message: 'Rprec takes no cutoff.' });
    assert.deepEqual(parseMetricName('P@K'), { ok: true, family: 'P', cutoff: 'each' });
  });

  it('trims the text and reads spaces as underscores: " P@3 " is P@3, "recip rank" is RR', () => {
    table([
      [' P@3 ', 'P@3'],
      ['recip rank', 'RR'],
    ]);
  });

  it('gives a spec only the fields that were written', () => {
    assert.deepStrictEqual(parseMetricSpec('nDCG@5').spec, { family: 'nDCG', k: 5 });
    assert.deepStrictEqual(parseMetricSpec('nDCG(gain1=3)').spec, { family: 'nDCG', k: null, gains: [[1, 3]] });
  });
});

describe('a name still being typed', () => {
  it('names the metrics it begins, with the cutoff kept, instead of a did-you-mean', () => {
    assert.deepEqual(parseMetricName('nD'), {
      ok: false,
      message: '"nD" is not a metric name yet; names that begin with it: nDCG, nDCGrel.',
      completions: ['nDCG', 'nDCGrel'],
    });
    assert.deepEqual(parseMetricName('Rp@5'), {
      ok: false,
      message: '"Rp@5" is not a metric name yet; names that begin with it: Rprec@5, RprecMult@5.',
      completions: ['Rprec@5', 'RprecMult@5'],
    });
    // No family begins with "Prec", so the shortest alias of P that does: prec.
    assert.deepEqual(parseMetricName('Pre'), {
      ok: false,
      message: '"Pre" is not a metric name yet; names that begin with it: prec.',
      completions: ['prec'],
    });
  });

  it('gives none for a whole name with another problem, or a misspelling that begins no name', () => {
    assert.equal(parsed('P(rel=2'), 'refused: Unknown metric "P(rel=2".');
    assert.equal(parsed('nDGC@3'), 'refused: Unknown metric "nDGC@3". Did you mean "nDCG@3"?');
  });
});

describe('did you mean', () => {
  it('suggests the nearest name and keeps the cutoff, or says nothing when none is near', () => {
    assert.deepEqual(parseMetricName('zzzzzz'), { ok: false, message: 'Unknown metric "zzzzzz".', suggestion: undefined });
    assert.equal(parsed(' ndgc@5 '), 'refused: Unknown metric " ndgc@5 ". Did you mean "nDCG@5"?');
    assert.equal(parsed('ndgc@10'), 'refused: Unknown metric "ndgc@10". Did you mean "nDCG@10"?');
    assert.equal(parsed('recip_rnk@5'), 'refused: Unknown metric "recip_rnk@5". Did you mean "RR@5"?');
  });
});

describe('canonical names and order', () => {
  it('writes levels, and no @ for a level measure without one', () => {
    assert.equal(metricName({ family: '11ptAvg', k: null, levels: [0.25, 0.5] }), '11ptAvg(levels=0.25 0.5)');
    assert.equal(metricName({ family: 'IPrec', k: null }), 'IPrec');
  });

  it('knows two names of one metric as the same spec', () => {
    assert.equal(sameSpec(parseMetricSpec('P@3').spec!, parseMetricSpec('precision_3').spec!), true);
    assert.equal(sameSpec(parseMetricSpec('P@3').spec!, parseMetricSpec('P@5').spec!), false);
    assert.deepEqual(expandMetrics(['P@3', 'precision@3', 'p_3'], [3]).map(metricName), ['P@3']);
  });

  it('expands: unknown names are skipped, P@3 stays at 3, families sort by cutoff, then level, then rel', () => {
    assert.deepEqual(expandMetrics(['nope', 'P@3'], [1, 5]).map(metricName), ['P@3']);
    assert.deepEqual(sortSpecs(['P@10', 'P@2', 'P(rel=2)@5', 'P@5', 'AP', 'AP@3'].map((n) => parseMetricSpec(n).spec!)).map(metricName), [
      'P@2',
      'P@5',
      'P(rel=2)@5',
      'P@10',
      'AP@3',
      'AP',
    ]);
    assert.deepEqual(sortSpecs(['IPrec@0.5', 'IPrec@0.2', 'IPrec@1'].map((n) => parseMetricSpec(n).spec!)).map(metricName), [
      'IPrec@0.2',
      'IPrec@0.5',
      'IPrec@1',
    ]);
  });

  it('sums counts, takes geometric means of gm_map and gm_bpref, and means of the rest', () => {
    assert.deepEqual(
      ['NumQ', 'NumNonrelJudgedRet', 'gmAP', 'gmBpref', 'P', 'ERR'].map((f) => aggregationOf(f as never)),
      ['sum', 'sum', 'geometric', 'geometric', 'mean', 'mean'],
    );
  });
});
