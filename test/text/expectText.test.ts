/** The text the expectation quick fixes write: values at the written precision, and expect mappings in JSON and YAML. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { syntaxOf } from '../../shared/fixture/syntax/syntaxes';
import { expectEntries, expectMapping, expectValueText } from '../../shared/text/expectText';
import { evaluated } from '../helpers/evaluatedFixture';

describe('an expected value as text', () => {
  it('writes null for NaN, three decimals at least, more when the old text had more (twelve at most)', () => {
    assert.deepEqual(
      [expectValueText(null), expectValueText(NaN), expectValueText(2 / 3), expectValueText(1, '1')],
      ['null', 'null', '0.667', '1.000'],
    );
    assert.deepEqual([expectValueText(2 / 3, '0.66667'), expectValueText(2 / 3, '0.6666666666666666')], ['0.66667', '0.666666666667']);
  });
});

describe('an expect block', () => {
  // u1: a x b against a (2) and b (1), trec_eval: P@3 2/3, R@3 1, AP@3 (1 + 2/3) / 2 = 0.833, RR 1,
  // nDCG@3 (2 + 1/2) / (2 + 1/log₂3) = 2.5 / 2.631 = 0.950.
  const { fe } = evaluated('k: [3]\nconvention: trec_eval\ncases:\n  u1:\n    labels: {a: 2, b: 1}\n    predictions: [a, x, b]\n', 'yaml');
  it("holds the readout's metrics with their current values, as a flow mapping in each syntax", () => {
    const entries = expectEntries(fe, 0);
    assert.equal(expectMapping(entries, syntaxOf('yaml')), '{P@3: 0.667, R@3: 1.000, AP@3: 0.833, RR@3: 1.000, nDCG@3: 0.950}');
    assert.equal(expectMapping(entries, syntaxOf('json')), '{"P@3": 0.667, "R@3": 1.000, "AP@3": 0.833, "RR@3": 1.000, "nDCG@3": 0.950}');
  });

  it('holds every listed metric when the fixture lists them', () => {
    const listed = evaluated('k: [3]\nmetrics: [P, RR]\ncases:\n  u1:\n    labels: [a]\n    predictions: [x, a]\n', 'yaml').fe;
    assert.deepEqual(expectEntries(listed, 0), [
      { metric: 'P@3', value: '0.333' },
      { metric: 'RR', value: '0.500' },
    ]);
  });
});
