/**
 * Where the convention-match finding goes and where a convention is written when the fixture has none
 * (conventionSpan, conventionEdit): the fixture's first key, found after a document marker, comments,
 * an opening brace and blank space, plain or quoted (with an escaped quote inside), with space before
 * its colon. Each case: the text, the key found, the text after the edit.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FixtureLanguage } from '../../shared/fixture/parse';
import { conventionEdit, conventionSpan } from '../../shared/text/inferenceText';
import { evaluated } from '../helpers/evaluatedFixture';

function placed(text: string, language: FixtureLanguage): [string, string | undefined] {
  const { fe } = evaluated(text, language);
  const span = conventionSpan(fe.fixture, text);
  const edit = conventionEdit(fe.fixture, text, language, language === 'json' ? '"trec_eval"' : 'trec_eval');
  return [text.slice(span.start, span.end), edit && text.slice(0, edit.span.start) + edit.newText + text.slice(edit.span.end)];
}

describe('the first key of a fixture without a convention', () => {
  it('after a document marker with a comment on it', () => {
    assert.deepEqual(placed('--- # the document\nk: [3]\ncases: {}\n', 'yaml'), [
      'k',
      '--- # the document\nconvention: trec_eval\nk: [3]\ncases: {}\n',
    ]);
  });
  it('after two comment lines, a key of several letters', () => {
    assert.deepEqual(placed('# a note\n# another\nmetrics: [P]\ncases: {}\n', 'yaml'), [
      'metrics',
      '# a note\n# another\nconvention: trec_eval\nmetrics: [P]\ncases: {}\n',
    ]);
  });
  it('with a space before its colon', () => {
    assert.deepEqual(placed('k : [3]\ncases: {}\n', 'yaml'), ['k', 'convention: trec_eval\nk : [3]\ncases: {}\n']);
  });
  it('quoted in JSON, after the brace, on the same line: the entry and a space go before it', () => {
    assert.deepEqual(placed('{"metrics": ["P"], "cases": {}}', 'json'), [
      '"metrics"',
      '{"convention": "trec_eval", "metrics": ["P"], "cases": {}}',
    ]);
    assert.deepEqual(placed('{"k\\"x": 1, "metrics": ["P"], "cases": {}}', 'json'), [
      '"k\\"x"',
      '{"convention": "trec_eval", "k\\"x": 1, "metrics": ["P"], "cases": {}}',
    ]);
  });
  it("none in an empty mapping: the finding sits at the fixture's start and there is no edit", () => {
    assert.deepEqual(placed('{}', 'json'), ['', undefined]);
  });
});
