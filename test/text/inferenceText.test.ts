/**
 * What the editor says about the convention search: the convention-match finding and where it goes,
 * the text that writes a match in as the convention (JSON and YAML), and the hover on an expectation
 * no convention explains.
 *
 * AP@5 of [1..5] against {2, 4, 6} is (1/2 + 2/4) / 3 = 0.333 under trec_eval and 0.5 under seed000;
 * P@3 is 1/3 under both.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../shared/core/conventions';
import { FixtureLanguage } from '../../shared/fixture/parse';
import { inferFixture } from '../../shared/inference/fixtureInference';
import {
  conventionEdit,
  conventionSpan,
  conventionValueText,
  hasFailedExpectations,
  inferenceFinding,
  unexplainedHover,
} from '../../shared/text/inferenceText';
import { evaluated } from '../helpers/evaluatedFixture';

const CASES = 'cases:\n  u1:\n    labels: [2, 4, 6]\n    predictions: [1, 2, 3, 4, 5]\n';
const YAML = `k: [3, 5]\nconvention: seed000\n${CASES}    expect: { P@3: 0.333, AP@5: 0.333 }\n`;

function searched(text: string, language: FixtureLanguage = 'yaml') {
  const { fe } = evaluated(text, language);
  return { fe, inference: inferFixture(fe) };
}
/** The text after the convention edit of the best match. */
function edited(text: string, language: FixtureLanguage): string | undefined {
  const { fe, inference } = searched(text, language);
  const e = conventionEdit(fe.fixture, text, language, conventionValueText(inference.result.matches[0], language));
  return e && text.slice(0, e.span.start) + e.newText + text.slice(e.span.end);
}

describe('the convention-match finding', () => {
  it('sits on the convention and names the match that reproduces every expected value', () => {
    const { fe, inference } = searched(YAML);
    assert.equal(hasFailedExpectations(fe), true);
    const f = inferenceFinding(fe, inference, YAML, 'yaml')!;
    assert.deepEqual(
      [f.code, f.severity, f.message, YAML.slice(f.span.start, f.span.end), f.data],
      [
        'convention-match',
        'info',
        'Your expected values match trec_eval. The current convention reproduces 1 of 2.',
        'seed000',
        { replacement: 'trec_eval' },
      ],
    );
  });

  it('names two more matches, then "…" when there are more than three', () => {
    // P@3 of [a, b, c] against {a} is 1/3, except when unjudged b and c are dropped and P divides by the one left (lenskit + drop: 1).
    const text =
      'k: [3]\nconvention: {preset: lenskit, unjudged: drop}\ncases:\n  u1:\n    labels: [a]\n    predictions: [a, b, c]\n    expect: { P@3: 0.333 }\n';
    const { fe, inference } = searched(text);
    assert.equal(
      inferenceFinding(fe, inference, text, 'yaml')!.message,
      // Issue 35: drop-after-cut (Elasticsearch's ignore_unlabeled) holds too, the third "also".
      'Your expected values match trec_eval (also: lenskit; {preset: trec_eval, unjudged: drop}; …). The current convention reproduces 0 of 1.',
    );
    const four = {
      ...inference,
      result: {
        ...inference.result,
        matches: [...inference.result.matches, { preset: 'ranx' as const, overrides: {}, convention: PRESETS.ranx, matched: 1 }],
      },
    };
    assert.match(inferenceFinding(fe, four, text, 'yaml')!.message, / \(also: lenskit; \{preset: trec_eval, unjudged: drop\}; …\)\. /);
  });

  it('says how many the best match reproduces when none reproduces all, and nothing when it does no better than the current one', () => {
    const partly = YAML.replace('P@3: 0.333', 'P@3: 0.9');
    const s = searched(partly);
    assert.equal(
      inferenceFinding(s.fe, s.inference, partly, 'yaml')!.message,
      'No convention reproduces all 2 expected values; trec_eval reproduces 1. Hover an expectation it leaves unexplained for the settings that come closest.',
    );
    // P@3 = 0.5 is out of reach: the best explains 0, as the current one does.
    const none = 'k: [3]\nconvention: trec_eval\ncases:\n  u1:\n    labels: [a]\n    predictions: [a, b, c]\n    expect: { P@3: 0.5 }\n';
    const n = searched(none);
    assert.equal(inferenceFinding(n.fe, n.inference, none, 'yaml'), undefined);
  });

  it('is not given when every expectation holds', () => {
    const fine = `k: [3, 5]\nconvention: trec_eval\n${CASES}    expect: { P@3: 0.333, AP@5: 0.333 }\n`;
    const { fe, inference } = searched(fine);
    assert.equal(hasFailedExpectations(fe), false);
    assert.equal(inferenceFinding(fe, inference, fine, 'yaml'), undefined);
  });
});

describe('writing a match in as the convention', () => {
  it("replaces the convention's value", () => {
    assert.equal(edited(YAML, 'yaml'), YAML.replace('convention: seed000', 'convention: trec_eval'));
  });

  it("adds it before the first key, after a comment, on its own line with the key's indent", () => {
    const yaml = `# seed\nk: [3, 5]\n${CASES}    expect: { P@3: 0.333, AP@5: 0.333 }\n`;
    assert.equal(edited(yaml, 'yaml'), `# seed\nconvention: trec_eval\nk: [3, 5]\n${CASES}    expect: { P@3: 0.333, AP@5: 0.333 }\n`);
    const json =
      '{\n  "k": [3, 5],\n  "cases": {"u1": {"labels": [2, 4, 6], "predictions": [1, 2, 3, 4, 5], "expect": {"P@3": 0.333, "AP@5": 0.333}}}\n}\n';
    assert.equal(edited(json, 'json'), json.replace('{\n  "k"', '{\n  "convention": "trec_eval",\n  "k"'));
    const oneLine =
      '{"k": [3, 5], "cases": {"u1": {"labels": [2, 4, 6], "predictions": [1, 2, 3, 4, 5], "expect": {"P@3": 0.333, "AP@5": 0.333}}}}';
    assert.equal(edited(oneLine, 'json'), oneLine.replace('{"k"', '{"convention": "trec_eval", "k"'));
  });

  it('leaves a YAML flow mapping on one line alone, and puts the finding on its first key', () => {
    const flow = '{k: [3, 5], cases: {u1: {labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5], expect: {P@3: 0.333, AP@5: 0.333}}}}\n';
    assert.equal(edited(flow, 'yaml'), undefined);
    const { fe } = searched(flow);
    const span = conventionSpan(fe.fixture, flow);
    assert.equal(flow.slice(span.start, span.end), 'k');
  });

  it('writes a preset alone, or the preset with its overrides, in each language', () => {
    const match = { preset: 'seed000' as const, overrides: { unjudged: 'drop' as const }, convention: PRESETS.seed000, matched: 1 };
    assert.deepEqual(
      [conventionValueText(match, 'yaml'), conventionValueText(match, 'json')],
      ['{preset: seed000, unjudged: drop}', '{"preset": "seed000", "unjudged": "drop"}'],
    );
    assert.deepEqual(
      [conventionValueText({ ...match, overrides: {} }, 'yaml'), conventionValueText({ ...match, overrides: {} }, 'json')],
      ['seed000', '"seed000"'],
    );
  });
});

describe('the hover on an expectation no convention explains', () => {
  it('names the best match and the nearest value, with the knobs that give it', () => {
    const partly = YAML.replace('P@3: 0.333', 'P@3: 0.9');
    const { fe, inference } = searched(partly);
    // Dropping the unjudged 1, 3 and 5 leaves [2, 4]: P@3 ÷ min(3, 2 predicted) = 1, the nearest to 0.9.
    assert.equal(
      unexplainedHover(inference, 0, 0, fe),
      '**No convention reproduces this value.** The best match, `trec_eval`, explains 1 of 2 expectations but not this one.\n\n' +
        'The nearest any convention gives is 1.0000, with `precisionDenominator: min-k-predicted, unjudged: drop`.',
    );
    assert.equal(unexplainedHover(inference, 0, 1, fe), undefined, 'AP@5 is explained');
    assert.equal(unexplainedHover(inference, 0, 7, fe), undefined, 'no such expectation');
  });

  it('names no knobs when the best match itself comes nearest', () => {
    const none = 'k: [3]\nconvention: trec_eval\ncases:\n  u1:\n    labels: [a]\n    predictions: [a, b, c]\n    expect: { P@3: 0.5 }\n';
    const { fe, inference } = searched(none);
    assert.equal(
      unexplainedHover(inference, 0, 0, fe),
      '**No convention reproduces this value.** The best match, `trec_eval`, explains 0 of 1 expectations but not this one.\n\nThe nearest any convention gives is 0.3333.',
    );
  });
});
