/**
 * The hovers on a fixture's settings: k, a metric name, the metrics key, the convention, a preset name
 * and a knob. The fixture: trec_eval with gain=exponential (ties=id-desc is trec_eval's own), k 1 and 3.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { conventionHover, cutoffHover, knobHover, metricHover, metricsHover, presetHover } from '../../shared/text/knobText';
import { evaluated } from '../helpers/evaluatedFixture';

const FE = evaluated(`{"k": [1, 3], "convention": {"preset": "trec_eval", "gain": "exponential", "ties": "id-desc"},
  "metrics": ["P", "AP", "RBP(p=0.8)", "IPrec@0.5"], "cases": {"q1": {"labels": ["a"], "predictions": ["a"]}}}`).fe;
const NO_K = evaluated('{"cases": {"q1": {"labels": ["a"], "predictions": ["a"]}}}').fe;

const PRECISION_KNOB =
  '- `precisionDenominator = k` — P@k divides the hits by k (k), or by min(k, number of predictions) (min-k-predicted).';
// The knob lines of a hover, name and value only.
const knobs = (md: string) =>
  md
    .split('\n')
    .filter((l) => l.startsWith('- `'))
    .map((l) => l.slice(3, l.indexOf('`', 3)));
const EVERY_METRIC = [
  'emptyLabels = zero',
  'emptyPredictions = zero',
  'duplicates = error',
  'ties = id-desc',
  'unjudged = keep',
  'unjudgedGrade = none',
  'identicalIds = keep',
  'zeroScores = keep',
];

describe('the hover on k', () => {
  it('lists the cutoffs and the five knobs that decide what a cutoff does', () => {
    const md = cutoffHover(FE);
    assert.equal(
      md.split('\n\n')[0],
      '**k** — cutoffs: a metric at k looks only at the top k ranked predictions. This fixture computes at k = 1, 3.',
    );
    assert.equal(md.split('\n\n')[1], 'Knobs that decide what a cutoff does:');
    assert.equal(md.split('\n\n')[2].split('\n')[0], PRECISION_KNOB);
    assert.deepEqual(knobs(md), [
      'precisionDenominator = k',
      'apDenominator = relevant',
      'ideal = labels',
      'idealCut = k',
      'unjudged = keep',
    ]);
  });

  it('says when the cutoffs are the default ones', () => {
    assert.match(
      cutoffHover(NO_K),
      /^\*\*k\*\* — .* This fixture computes at k = 1, 3, 5, 10 \(the default, since the fixture gives no k\)\.\n\n/,
    );
  });
});

describe('the hover on a metric name', () => {
  it('P@3: its title, formula, what it is computed as, and the knobs that change it now', () => {
    const md = metricHover(FE, 'P@3');
    assert.deepEqual(md.split('\n\n').slice(0, 4), [
      '**P@3** — Precision',
      '`P@k = |relevant ∩ top k| / k`',
      'Computed here as `P@3`.',
      'Knobs that change it (now):',
    ]);
    assert.equal(md.split('\n\n')[4].split('\n')[0], PRECISION_KNOB);
    assert.deepEqual(knobs(md), ['precisionDenominator = k', 'relevanceThreshold = 0', 'averaging = mean', ...EVERY_METRIC]);
  });

  it('P and P@k stand for every cutoff; a metric the fixture does not compute says so', () => {
    assert.equal(metricHover(FE, 'P').split('\n\n')[2], 'Computed here as `P@1`, `P@3`.');
    assert.equal(metricHover(FE, 'P@k').split('\n\n')[2], 'Computed here as `P@1`, `P@3`.');
    assert.equal(metricHover(FE, 'R@3').split('\n\n')[2], 'Not computed by this fixture.');
  });

  it("shows the formula with the written parameter and the family's own knobs", () => {
    assert.equal(metricHover(FE, 'RBP(p=0.8)').split('\n\n')[1], '`RBP = (1 − p) Σᵢ p^(i−1) · gainᵢ, p = 0.8, gain = grade / top grade`');
    assert.deepEqual(knobs(metricHover(FE, 'RBP(p=0.8)')), EVERY_METRIC);
    assert.deepEqual(knobs(metricHover(FE, 'AP')), [
      'apDenominator = relevant',
      'relevantPool = labels',
      'relevanceThreshold = 0',
      'noHit = zero',
      'apTerms = hits',
      ...EVERY_METRIC,
    ]);
    assert.equal(
      metricHover(FE, 'nDCG@3').split('\n\n')[1],
      '`nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of all label grades sorted, best first, cut at k`',
    );
    assert.deepEqual(knobs(metricHover(FE, 'nDCG@3')).slice(0, 4), [
      'gain = exponential',
      'ideal = labels',
      'idealCut = k',
      'discount = log2',
    ]);
  });

  it('gives a formula true of every cutoff: at k for "nDCG@k" and "P", over every item for "nDCG" (no "cut at all")', () => {
    const formula = (name: string) => metricHover(FE, name).split('\n\n')[1];
    assert.equal(formula('nDCG@k'), '`nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of all label grades sorted, best first, cut at k`');
    assert.equal(formula('nDCG'), '`nDCG = DCG / IDCG,  IDCG = DCG of all label grades sorted, best first, every item`');
    assert.equal(formula('AP@k'), '`AP@k = Σᵢ P@i · rel(i) / D,  i = 1..k,  D = all relevant labels`');
    assert.equal(formula('RR'), '`RR = 1 / rank of the first relevant item (0 if none)`');
  });

  it('says nothing for a name it does not know: the unknown-metric finding there says it, and an editor shows both', () => {
    assert.equal(metricHover(FE, 'ndgc'), '');
  });
});

describe('the hover on the metrics key', () => {
  it('lists what the fixture computes, or nothing', () => {
    assert.equal(metricsHover(FE).split('\n\n')[1], 'Computed here: `P@1`, `P@3`, `AP`, `IPrec@0.5`, `RBP(p=0.8)`.');
    const none = evaluated('{"k": [3], "metrics": [], "cases": {"q1": {"labels": ["a"], "predictions": ["a"]}}}').fe;
    assert.equal(metricsHover(none).split('\n\n')[1], 'Computed here: nothing.');
  });
});

describe('the hover on the convention', () => {
  it('gives every knob with its value, where it comes from and what it affects', () => {
    const [head, table] = conventionHover(FE).split('\n\n');
    assert.equal(
      head,
      '**Convention `trec_eval + gain=exponential`** — every number here is computed under these knobs. Presets: `trec_eval`, `seed000`, `ranx`, `mllib`, `sklearn`, `torchmetrics`, `seed003`, `lenskit`, `recommenders`, `ir_measures`, `pytrec_eval`, `sentence-transformers`, `mteb`, `beir`, `llamaindex`, `haystack`, `elasticsearch`, `ragas`, `tfrs`, `cornac`, `recpack`, `recbole`, `elliot`, `implicit`, `lightfm`, `tf-ranking`.',
    );
    const rows = table.split('\n');
    assert.equal(rows.length, 2 + 23);
    assert.deepEqual(rows.slice(0, 6), [
      '| knob | value | from | affects |',
      '|---|---|---|---|',
      '| emptyLabels | zero | preset | every metric of a case with no relevant label, and the means |',
      '| precisionDenominator | k | preset | P@k, F1@k |',
      '| apDenominator | relevant | preset | AP@k, AP |',
      '| gain | exponential | override (preset: linear) | DCG@k, nDCG@k, nDCG |',
    ]);
    assert.equal(
      rows[9],
      '| ties | id-desc | preset | the ranking of scored predictions |',
      "set to the preset's own value: not an override",
    );
  });
});

describe('the hover on a preset name', () => {
  it("gives its knobs, with the default preset's (trec_eval's) value where it differs", () => {
    const T = 'trec\\_eval';
    assert.equal(
      presetHover('Seed-000'),
      [
        '**Preset `seed000`**',
        [
          '| knob | value |',
          '|---|---|',
          `| emptyLabels | nan (${T}: zero) |`,
          '| precisionDenominator | k |',
          `| apDenominator | hits (${T}: relevant) |`,
          `| gain | exponential (${T}: linear) |`,
          `| discount | ln (${T}: log2) |`,
          `| ideal | top-k (${T}: labels) |`,
          '| relevanceThreshold | 0 |',
          `| ties | input (${T}: id-desc) |`,
          `| duplicates | first (${T}: error) |`,
          '| relevantPool | labels |',
          '| errGain | exponential |',
          '| noHit | zero |',
          '| recallDenominator | relevant |',
          '| unjudged | keep |',
          '| apTerms | hits |',
          '| emptyPredictions | zero |',
          '| negativeGains | zero |',
          '| singleItem | evaluate |',
          '| identicalIds | keep |',
          '| zeroScores | keep |',
          '| unjudgedGrade | none |',
          '| idealCut | k |',
          '| averaging | mean |',
        ].join('\n'),
      ].join('\n\n'),
    );
  });

  it('says on the old name default that it names seed000 now, and that the default is trec_eval', () => {
    const [title, renamed, table] = presetHover('default').split('\n\n');
    assert.equal(title, '**Preset `seed000`**');
    assert.equal(
      renamed,
      '"default" is the old name of the seed000 preset: the numbers are seed000\'s, but the built-in default is now trec\\_eval\'s convention. Write "seed000" to keep these numbers, or "trec\\_eval".',
    );
    assert.match(table, /^\| knob \| value \|/);
  });

  it('says nothing for a name it does not know, which the unknown-preset finding lists the presets for', () => {
    assert.equal(presetHover('nope'), '');
  });
});

describe('the hover on a knob', () => {
  it("gives the value in force, the preset's, what it decides and the values it takes", () => {
    assert.equal(
      knobHover(FE, 'gain'),
      '**`gain`** = `exponential` (preset `trec_eval` has `linear`)\n\n' +
        'The gain of a grade g: g itself (linear) or 2^g − 1 (exponential).\n\nValues: linear, exponential. Affects: DCG@k, nDCG@k, nDCG.',
    );
    assert.equal(
      knobHover(FE, 'relevanceThreshold').split('\n\n')[2],
      'Values: a number, or listed. Affects: every binary metric (P, R, F1, AP, RR, Rprec, Success).',
    );
  });

  it('says nothing for a name it does not know, which the unknown-knob finding lists the knobs for', () => {
    assert.equal(knobHover(FE, 'gian'), '');
  });
});
