/**
 * The measures beyond the first nine families (trec_eval's all_trec set, ERR, RBP, Judged@k) on
 * published examples and on hand-worked ones checked against trec_eval 10.0 and gdeval.pl v1.3; and
 * ir_measures-style names with parameters, parsed and computed. trec_eval's own test files are in
 * test/cli/trecEvalOutputs.test.ts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { gradedLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';
import { resolveConvention } from '../../shared/core/conventions';
import { evaluateCases, explainCase } from '../../shared/core/evaluate';
import { expandMetrics, metricName, parseMetricName, parseMetricSpec } from '../../shared/core/metricNames';
import { trecEvalName } from '../../shared/core/trecEvalNames';

const trec = resolveConvention('trec_eval').resolved;
const spec = (name: string) => {
  const parsed = parseMetricSpec(name);
  assert.ok(parsed.spec, `${name}: ${parsed.message}`);
  return parsed.spec;
};
const values = (cases: CaseInput[], metrics: string[], preset = trec) => {
  const ev = evaluateCases(cases, metrics.map(spec), preset);
  return { cases: ev.cases.map((c) => c.values.map((v) => v.toFixed(4))), mean: ev.mean.map((v) => v.toFixed(4)) };
};

/*
 * One query, judged a=1, b=0, c=0, d=1, e=−1 (in the pool, unjudged); ranked b a x c d e (x unlabeled).
 * R = 2 (a, d), N = 2 judged non-relevant (b, c).
 * bpref: a has 1 judged non-relevant above: 1 − min(1,2)/min(2,2) = 0.5; d has 2: 1 − 2/2 = 0 → (0.5 + 0) / 2 = 0.25
 * infAP (ε = 0.00001), 0-based index j over every rank:
 *   a (j=1): 1/2 + (1/2)·((0+1+0)/1)·((0+ε)/(0+1+2ε)) = 0.500005; d (j=4): 1/5 + (4/5)·(3/4)·((1+ε)/(3+2ε)) = 0.400002
 *   → (0.500005 + 0.400002) / 2 = 0.4500
 * Judged@5: b a c d of the top five are judged = 4/5 = 0.8; Unjudged@5 (trec_eval's unj_5) = 1/5 = 0.2
 * RBP (p = 0.9): relevant at ranks 2 and 5: 0.1 · (0.9 + 0.9⁴) = 0.15561
 * RBPresid: unjudged at ranks 3 and 6: 0.9⁶ + 0.1 · (0.9² + 0.9⁵) = 0.531441 + 0.140049 = 0.67149
 * NumNonrelJudgedRet: b and c = 2. trec_eval 10.0 prints the same: bpref 0.2500, infAP 0.4500, unj_5 0.2000,
 * rbp 0.1556, rbp_resid 0.6715, num_nonrel_judged_ret 2.
 */
const POOLED: CaseInput = {
  labels: gradedLabels({ a: 1, b: 0, c: 0, d: 1, e: -1 }),
  predictions: listPredictions(['b', 'a', 'x', 'c', 'd', 'e']),
};

describe('measures for incomplete judgements', () => {
  it('bpref, infAP, Judged@5, Unjudged@5, RBP, RBPresid and NumNonrelJudgedRet on a hand-worked pooled query', () => {
    const v = values([POOLED], ['Bpref', 'infAP', 'Judged@5', 'Unjudged@5', 'RBP', 'RBPresid', 'NumNonrelJudgedRet']);
    assert.deepEqual(v.cases[0], ['0.2500', '0.4500', '0.8000', '0.2000', '0.1556', '0.6715', '2.0000']);
  });

  it('explains bpref with one term per relevant item retrieved', () => {
    const ex = explainCase(POOLED, spec('bpref'), trec.convention);
    assert.equal(ex.value, 0.25);
    assert.deepEqual(
      ex.terms.map((t) => [t.id, t.contribution]),
      [
        ['a', 0.5],
        ['d', 0],
      ],
    );
    assert.match(ex.arithmetic, /N = 2 judged non-relevant, R = 2/);
  });

  it('counts and judged shares are computed for a query with no relevant document, even where other measures are NaN', () => {
    const none: CaseInput = { labels: gradedLabels({ a: 0 }), predictions: listPredictions(['a', 'z']) };
    const def = resolveConvention('seed000').resolved;
    assert.deepEqual(values([none], ['NumRet', 'NumRel', 'NumNonrelJudgedRet', 'Judged@2', 'AP'], def).cases[0], [
      '2.0000',
      '0.0000',
      '1.0000',
      '0.5000',
      'NaN',
    ]);
  });
});

describe('ERR', () => {
  /*
   * Checked with gdeval.pl v1.3 (TREC Web track; R = (2^g − 1)/2^4): query 1 judged a=3 b=1 c=0 d=2 e=4,
   * ranked c a n b e d; query 2 judged x=1 y=0 z=2, ranked y z x. gdeval -k 5 prints err@5 0.32642 and
   * 0.11068 (amean 0.21855); -k 20 prints 0.32745 for query 1.
   * By hand, query 1: R(a) = 7/16, R(b) = 1/16, R(e) = 15/16; ERR@5 = (1/2)(7/16) + (1/4)(9/16)(1/16)
   * + (1/5)(9/16)(15/16)(15/16) = 0.21875 + 0.00879 + 0.09888 = 0.32642.
   */
  const q1: CaseInput = {
    labels: gradedLabels({ a: 3, b: 1, c: 0, d: 2, e: 4 }),
    predictions: listPredictions(['c', 'a', 'n', 'b', 'e', 'd']),
  };
  const q2: CaseInput = { labels: gradedLabels({ x: 1, y: 0, z: 2 }), predictions: listPredictions(['y', 'z', 'x']) };

  it("gives gdeval.pl's err@5 and err@20 with the top grade fixed at 4", () => {
    const v = values([q1, q2], ['ERR(max=4)@5', 'ERR(max=4)@20']);
    assert.deepEqual(v.cases, [
      ['0.3264', '0.3274'],
      ['0.1107', '0.1107'],
    ]);
  });

  it("takes the case's top grade without max=, and the linear mapping under errGain=linear", () => {
    // Query 2, top grade 2: R(z) = 3/4, R(x) = 1/4 → 3/4 · 1/2 + 1/4 · 1/4 · 1/3 = 0.375 + 0.02083 = 0.3958.
    assert.deepEqual(values([q2], ['ERR@10']).cases[0], ['0.3958']);
    // Linear: R(z) = 2/2 = 1, so the user stops at rank 2: ERR = 1/2.
    const linear = resolveConvention('trec_eval', { errGain: 'linear' }).resolved;
    assert.deepEqual(values([q2], ['ERR@10'], linear).cases[0], ['0.5000']);
    const ex = explainCase(q2, spec('ERR@10'), trec.convention);
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.gain]),
      [
        [2, 0.75],
        [3, 0.25],
      ],
    );
  });
});

describe('ir_measures names with parameters', () => {
  it("parses P(rel=2)@10, AP(rel=2), RBP(p=0.8), ERR@10, Judged@10, IPrec@0.5, NumRelRet, Bpref, SetF and trec_eval's names", () => {
    const cases: [string, string][] = [
      ['P(rel=2)@10', 'P(rel=2)@10'],
      ['AP(rel=2)', 'AP(rel=2)'],
      ['RBP(p=0.8)', 'RBP(p=0.8)'],
      ['RBP(p=0.9)', 'RBP'],
      ['ERR@10', 'ERR@10'],
      ['Judged@10', 'Judged@10'],
      ['IPrec@0.5', 'IPrec@0.5'],
      ['NumRelRet', 'NumRelRet'],
      ['Bpref', 'Bpref'],
      ['SetF', 'SetF'],
      ['SetF(beta=0.5)', 'SetF(beta=0.5)'],
      ['P_10', 'P@10'],
      ['ndcg_cut.10', 'nDCG@10'],
      ['iprec_at_recall_0.50', 'IPrec@0.5'],
      ['Rprec_mult_0.20', 'RprecMult@0.2'],
      ['num_nonrel_judged_ret', 'NumNonrelJudgedRet'],
      ['gm_map', 'gmAP'],
      ['infAP', 'infAP'],
      ['11pt_avg', '11ptAvg'],
      ['set_recall', 'SetR'],
      ['relative_P_5', 'RelP@5'],
      ['unj_5', 'Unjudged@5'],
      ['rbp_resid', 'RBPresid'],
      ['hit_rate@10', 'Success@10'],
      ['utility', 'Utility'],
      ['Utility(a=2,b=-1)', 'Utility(a=2,b=-1,c=0,d=0)'],
      ['nDCG(gain1=3,gain2=9)', 'nDCG(gain1=3,gain2=9)'],
    ];
    for (const [text, canonical] of cases) assert.equal(metricName(spec(text)), canonical, text);
  });

  it('rejects parameters a family does not take, and IPrec without a level', () => {
    const bad = parseMetricName('RBP(q=1)');
    assert.ok(!bad.ok && /RBP takes no parameter "q".*it takes rel, p/.test(bad.message), !bad.ok ? bad.message : '');
    const noLevel = parseMetricName('IPrec');
    assert.ok(!noLevel.ok && /IPrec needs a level after @, e\.g\. IPrec@0\.5/.test(noLevel.message));
    assert.ok(!parseMetricName('P(rel=x)@5').ok);
  });

  it("computes ir_measures' published README example: AP 0.75, nDCG 0.8155, RR 0.75, P(rel=2)@10 0.05", () => {
    // ir_measures README (pypi.org/project/ir-measures): qrels Q0 {D0: 0, D1: 1}, Q1 {D0: 0, D3: 2};
    // run Q0 {D0: 1.2, D1: 1.0}, Q1 {D0: 2.4, D3: 3.6} → AP 0.75, nDCG 0.8154648767857288, RR 0.75,
    // P(rel=2)@10 0.05 (Q0 0.0, Q1 0.1).
    const cases: CaseInput[] = [
      { labels: gradedLabels({ D0: 0, D1: 1 }), predictions: scoredPredictions({ D0: 1.2, D1: 1.0 }) },
      { labels: gradedLabels({ D0: 0, D3: 2 }), predictions: scoredPredictions({ D0: 2.4, D3: 3.6 }) },
    ];
    const ev = evaluateCases(cases, ['AP', 'nDCG', 'RR', 'nDCG@10', 'P(rel=2)@10'].map(spec), trec);
    assert.deepEqual(
      ev.mean.map((v) => Number(v.toFixed(12))),
      [0.75, 0.815464876786, 0.75, 0.815464876786, 0.05],
    );
    assert.deepEqual(
      ev.cases.map((c) => c.values[4]),
      [0, 0.1],
    );
  });

  it("computes nDCG with a gain per grade as trec_eval's ndcg.1=3,2=9 does", () => {
    // Judged a=1 b=2 c=3; ranked b a x c. Gains 1 → 3, 2 → 9, 3 → 3 (its own grade).
    // DCG = 9/1 + 3/log2(3) + 3/log2(5) = 9 + 1.89279 + 1.29203 = 12.18482; ideal 9 3 3: 9 + 1.89279 + 1.5 = 12.39279 → 0.98322
    // (trec_eval -m ndcg.1=3,2=9 prints 0.9832). Plain nDCG: (2 + 0.63093 + 1.29203) / (3 + 1.26186 + 0.5) = 0.82383.
    const c: CaseInput = { labels: gradedLabels({ a: 1, b: 2, c: 3 }), predictions: listPredictions(['b', 'a', 'x', 'c']) };
    assert.deepEqual(values([c], ['nDCG(gain1=3,gain2=9)', 'nDCG']).cases[0], ['0.9832', '0.8238']);
  });

  it('expands fixture names: metrics [bpref, ERR@k, RBP] at k = 5, 10', () => {
    assert.deepEqual(expandMetrics(['bpref', 'ERR@k', 'RBP'], [5, 10]).map(metricName), ['Bpref', 'RBP', 'ERR@5', 'ERR@10']);
  });

  it("gives each spec trec_eval's name where trec_eval has the measure", () => {
    const names = [
      'P@5',
      'AP',
      'AP@10',
      'nDCG',
      'IPrec@0.1',
      'Success@1',
      'SetF(beta=0.5)',
      'RBP(p=0.8)',
      'Unjudged@5',
      'ERR@10',
      'P(rel=2)@5',
    ].map((n) => trecEvalName(spec(n))?.name);
    assert.deepEqual(names, [
      'P_5',
      'map',
      'map_cut_10',
      'ndcg',
      'iprec_at_recall_0.10',
      'success_1',
      'set_F_0.5',
      'rbp_p=0.8',
      'unj_5',
      undefined,
      undefined,
    ]);
  });
});

describe('run figures', () => {
  it('sums the counts and takes the geometric mean for gmAP, flooring zeros at 0.00001', () => {
    // AP of the ir_measures example: 0.5 and 1; plus a query with nothing relevant retrieved: AP 0.
    const cases: CaseInput[] = [
      { labels: gradedLabels({ D0: 0, D1: 1 }), predictions: scoredPredictions({ D0: 1.2, D1: 1.0 }) },
      { labels: gradedLabels({ D0: 0, D3: 2 }), predictions: scoredPredictions({ D0: 2.4, D3: 3.6 }) },
      { labels: gradedLabels({ E: 1 }), predictions: scoredPredictions({ F: 1 }) },
    ];
    const ev = evaluateCases(cases, ['NumQ', 'NumRet', 'NumRelRet', 'AP', 'gmAP'].map(spec), trec);
    // gmAP = exp((ln 0.5 + ln 1 + ln 0.00001) / 3) = (0.5 · 0.00001)^(1/3) = 0.017100
    assert.deepEqual(
      ev.mean.map((v) => v.toFixed(6)),
      ['3.000000', '5.000000', '2.000000', '0.500000', '0.017100'],
    );
  });
});

describe('explanations', () => {
  it('give the same value as the fast path for every new measure, on every case of a varied set', () => {
    const names = [
      'NumQ',
      'NumRet',
      'NumRel',
      'NumRelRet',
      'NumNonrelJudgedRet',
      'gmAP',
      'Bpref',
      'gmBpref',
      'infAP',
      'IPrec@0',
      'IPrec@0.3',
      '11ptAvg',
      'RprecMult@0.6',
      'RprecMult@2',
      'Utility',
      'Utility(a=2,b=-1,c=-0.5,d=0.1)',
      'binG',
      'G',
      'nDCGrel',
      'Rndcg',
      'RelP@3',
      'SetP',
      'SetRelP',
      'SetR',
      'SetAP',
      'SetF',
      'SetF(beta=0.5)',
      'RBP',
      'RBP(p=0.5)@3',
      'RBP(rel=2)',
      'RBPresid',
      'Judged@3',
      'Unjudged@4',
      'ERR',
      'ERR@2',
      'ERR(max=4)@5',
      'P(rel=2)@3',
      'AP(rel=2)',
    ];
    const cases: CaseInput[] = [
      POOLED,
      { labels: gradedLabels({ a: 3, b: 1, c: 0, d: 2 }), predictions: listPredictions(['d', 'z', 'a', 'c', 'b']) },
      { labels: gradedLabels({ a: 0 }), predictions: listPredictions(['a', 'b']) },
      { labels: gradedLabels({ a: 1 }), predictions: [] },
      { labels: gradedLabels({ a: 2, b: 2, c: 1 }), predictions: scoredPredictions({ c: 1, b: 1, x: 2, a: 0.5 }) },
    ];
    for (const preset of ['trec_eval', 'default', 'sklearn']) {
      const conv = resolveConvention(preset).resolved;
      for (const [i, c] of cases.entries()) {
        const ev = evaluateCases([c], names.map(spec), conv);
        names.forEach((n, j) => {
          const ex = explainCase(c, spec(n), conv.convention);
          const fast = ev.cases[0].values[j];
          assert.ok(Object.is(ex.value, fast) || Math.abs(ex.value - fast) < 1e-12, `${preset} case ${i} ${n}: ${ex.value} vs ${fast}`);
          assert.equal(ex.metric, metricName(spec(n)));
        });
      }
    }
  });
});
