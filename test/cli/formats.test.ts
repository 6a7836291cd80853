/**
 * `ranklens check --format junit|sarif|github` and `--output`: the reports CI reads, each checked by
 * what consumes it — SARIF against the official 2.1.0 JSON Schema (as shipped in @microsoft/jest-sarif),
 * JUnit read back by test-results-parser (the JUnit reader of testbeats), GitHub's workflow commands
 * against the syntax and escaping GitHub documents.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { parse as parseTestResults } from 'test-results-parser';
import { escapeData, escapeProperty } from '../../cli/formats/github';
import { xmlText } from '../../cli/formats/xml';
import { ranklens, tempFiles } from './ranklens';

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');

// labels {2, 4, 6}, predictions 1..5: P@3 = 1/3 (one hit, 2, in the top 3), R@5 = 2/3.
const PASSING = `k: [3, 5]
metrics: [P@k, R@k]
cases:
  u1:
    labels: [2, 4, 6]
    predictions: [1, 2, 3, 4, 5]
    expect: { P@3: 0.333, R@5: 0.667 }
`;
// The same case with P@3 written wrong (line 6), under trec_eval, and an expectation for P@7 that is not computed.
const FAILING = `k: [3, 5]
metrics: [P@k]
convention: trec_eval
cases:
  u1: { labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5],
        expect: { P@3: 0.5, P@5: 0.4, P@7: 0.1 } }
`;
// A JSON syntax error (line 3) and a declared finding that does not occur.
const BROKEN = `{
  "expectFindings": ["empty-labels"],
  "cases": { "c": { "labels": ["a"], "predictions": ["a"] } ]
}
`;

describe('--format junit', () => {
  const dir = tempFiles({ 'a-pass.rank.yaml': PASSING, 'b-fail.rank.yaml': FAILING, 'c-broken.rank.json': BROKEN });

  it('is read back by a JUnit parser with the right numbers of tests, failures and errors', () => {
    const out = join(dir, 'junit.xml');
    const r = ranklens(['check', dir, '--format', 'junit', '--output', out]);
    assert.equal(r.code, 1);
    // --output: the report goes to the file, the text report to the terminal.
    assert.match(r.stdout, /3 files: \d+ errors?.* — FAILED/);
    const result = parseTestResults({ type: 'junit', files: [out] });
    // a-pass: 2 expectations; b-fail: 3 (P@3 fails, P@5 passes, P@7 skipped); c-broken: 1 declared
    // finding (missing) + 1 syntax error, the "]" written for a "}" (the missing value after it and the
    // "}" then missing at the end follow from it).
    assert.deepEqual(
      result.suites.map((s) => [s.name.split('/').pop(), s.total, s.passed, s.failed, s.errors, s.skipped]),
      [
        ['a-pass.rank.yaml', 2, 2, 0, 0, 0],
        ['b-fail.rank.yaml', 2, 1, 1, 0, 1],
        ['c-broken.rank.json', 2, 0, 1, 1, 0],
      ],
    );
    assert.deepEqual([result.total, result.passed, result.failed, result.errors, result.skipped], [6, 3, 2, 1, 1]);
    const cases = result.suites.flatMap((s) => s.cases.map((c) => [c.name, c.status, c.failure]));
    assert.deepEqual(cases, [
      ['u1 › P@3', 'PASS', ''],
      ['u1 › R@5', 'PASS', ''],
      ['u1 › P@3', 'FAIL', 'Expected P@3 = 0.5, computed 0.3333 under convention trec_eval.'],
      ['u1 › P@5', 'PASS', ''],
      ['u1 › P@7', 'SKIP', ''],
      ['expectFindings › empty-labels', 'FAIL', 'expectFindings declares "empty-labels", but the file has no such finding.'],
      [
        'syntax-error at 3:61',
        'FAIL',
        'JSON syntax: this ] closes no list (a mapping is open here, which } closes): remove it, or write } if it ends the mapping.',
      ],
    ]);
  });

  it('places each testcase at its line and escapes the XML', () => {
    const weird = tempFiles({ 'q&a <1>.rank.yaml': PASSING.replace('u1', '"u<1>&\'x\'"') });
    const r = ranklens(['check', weird, '--format', 'junit']);
    assert.equal(r.code, 0, r.stdout);
    assert.ok(
      r.stdout.includes(`name="u&lt;1&gt;&amp;&apos;x&apos; › P@3" file="${join(weird, 'q&amp;a &lt;1&gt;.rank.yaml')}" line="7"`),
      r.stdout,
    );
  });

  it('escapes markup, keeps line breaks and tabs as references, and replaces what XML 1.0 cannot hold', () => {
    assert.equal(xmlText(`a<b>&"c"'d'`), 'a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;');
    assert.equal(xmlText('1\t2\r\n3'), '1&#9;2&#13;&#10;3');
    // A control character, and a lone surrogate: not well-formed XML, written as U+FFFD; an emoji stays.
    assert.equal(xmlText('x\u0001y\ud800z🎯'), 'x\ufffdy\ufffdz🎯');
  });

  it('writes one suite per file of the examples, where every declared finding occurs', () => {
    const r = ranklens(['check', EXAMPLES, '--format', 'junit']);
    assert.equal(r.code, 0);
    const suites = [
      ...r.stdout.matchAll(/<testsuite name="[^"]*\/([^"/]+)" tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)"/g),
    ].map((m) => m.slice(1).join(' '));
    // every-finding.rank.json: 3 expectations (P@7 not computed) + 35 declared codes; the seeds: their expect entries (90, 4, 49).
    assert.deepEqual(suites, [
      // Issue 35: two more declared codes in each, library-metric-name and unknown-benchmark.
      'every-finding.rank.json 38 0 0 1',
      'every-finding.rank.yaml 44 0 0 1',
      'ranx-qrels-run.rank.json 0 0 0 0',
      'referenced-files.rank.json 0 0 0 0', // issue 37: qrels and runs as files (no expect entries)
      'seed000-users.rank.yaml 90 0 0 0',
      'seed001-graded-feeds.rank.json 4 0 0 0',
      'seed002-eight-documents.rank.yaml 49 0 0 0',
    ]);
  });
});

describe('--format sarif', () => {
  const schemaFile = join(dirname(require.resolve('@microsoft/jest-sarif/package.json')), 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
  // The schema's language-tag pattern is not a valid Unicode-mode regular expression.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  const errors = () => (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

  it('validates against the SARIF 2.1.0 JSON Schema, for every finding of the examples', () => {
    const r = ranklens(['check', '--format', 'sarif', 'examples'], join(EXAMPLES, '..'));
    assert.equal(r.code, 0);
    const log = JSON.parse(r.stdout) as {
      runs: { columnKind: string; results: { locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[];
    };
    assert.ok(validate(log), errors().join('\n'));
    assert.equal(schema.title, 'Static Analysis Results Format (SARIF) Version 2.1.0-rtm.5 JSON Schema');
    // The schema is strict: a 0-based line or an unknown column kind is rejected.
    const bad = structuredClone(log) as typeof log;
    bad.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    bad.runs[0].columnKind = 'characters';
    assert.equal(validate(bad), false);
    assert.deepEqual(errors(), [
      '/runs/0/results/0/locations/0/physicalLocation/region/startLine must be >= 1',
      '/runs/0/columnKind must be equal to one of the allowed values',
    ]);
  });

  it('makes every finding code a rule with its severity and declared summary, and every finding a result', () => {
    const r = ranklens(['check', '--format', 'sarif', 'examples/every-finding.rank.json'], join(EXAMPLES, '..'));
    const run = JSON.parse(r.stdout).runs[0];
    assert.equal(run.columnKind, 'utf16CodeUnits');
    const rule = run.tool.driver.rules.find((x: { id: string }) => x.id === 'expect-mismatch');
    assert.deepEqual(rule.shortDescription, {
      text: 'The computed value differs from the expected one by more than half a unit of its last written decimal.',
    });
    assert.deepEqual(rule.defaultConfiguration, { level: 'error' });
    assert.equal(run.tool.driver.rules.find((x: { id: string }) => x.id === 'non-positive-score').defaultConfiguration.level, 'note');
    const mismatch = run.results.find((x: { ruleId: string }) => x.ruleId === 'expect-mismatch');
    // `        "P@3": 0.5,` is line 43 (issue 35 added the benchmark line above it): the value starts at column 16 and ends before column 19.
    assert.deepEqual(mismatch.locations[0].physicalLocation, {
      artifactLocation: { uri: 'examples/every-finding.rank.json', uriBaseId: 'SRCROOT' },
      region: { startLine: 43, startColumn: 16, endLine: 43, endColumn: 19 },
    });
    assert.equal(mismatch.message.text, 'Expected P@3 = 0.5, computed 0.6667: not within ±0.05 (1 decimal written).');
    assert.equal(run.tool.driver.rules[mismatch.ruleIndex].id, 'expect-mismatch');
    // Declared in expectFindings: kept, but suppressed in source.
    assert.deepEqual(mismatch.suppressions, [{ kind: 'inSource', justification: 'The file declares expect-mismatch in expectFindings.' }]);
    const text = ranklens(['check', 'examples/every-finding.rank.json'], join(EXAMPLES, '..')).stdout;
    assert.equal(run.results.length, text.split('\n').filter((l) => l.startsWith('examples/every-finding.rank.json:')).length);
  });

  it('counts columns in UTF-16 code units: an emoji before the finding is two', () => {
    // "🎯" is one code point, two UTF-16 code units (four bytes): the second "a" starts at column 57,
    // not 56 (code points) or 59 (bytes); the first at 52.
    const dir = tempFiles({ 'e.rank.json': '{"cases": {"🎯": {"labels": ["a"], "predictions": ["a", "a"]}}}\n' });
    const log = JSON.parse(ranklens(['check', '--format', 'sarif', 'e.rank.json'], dir).stdout);
    const dup = log.runs[0].results.find((x: { ruleId: string }) => x.ruleId === 'duplicate-prediction');
    assert.deepEqual(dup.locations[0].physicalLocation.region, { startLine: 1, startColumn: 57, endLine: 1, endColumn: 60 });
    assert.deepEqual(dup.relatedLocations[0].physicalLocation.region, { startLine: 1, startColumn: 52, endLine: 1, endColumn: 55 });
    assert.ok(validate(log), errors().join('\n'));
  });
});

describe('--format github', () => {
  it("escapes as GitHub's toolkit does: % CR LF in data, and : , too in properties", () => {
    assert.equal(escapeData('100% done\r\nnext: a, b'), '100%25 done%0D%0Anext: a, b');
    assert.equal(escapeProperty('100% done\r\nnext: a, b'), '100%25 done%0D%0Anext%3A a%2C b');
    // % first, so an escape already in the text is not read back as the character.
    assert.equal(escapeData('%0A'), '%250A');
  });

  it('writes one workflow command per finding, leaving out declared findings', () => {
    const dir = tempFiles({
      'we,ird:name.rank.json': '{"cases": {"c": {"labels": ["a"], "predictions": ["a"], "pe%r:c,\\nx": 1, "expect": {"P@1": 0.5}}}}\n',
    });
    const r = ranklens(['check', '--format', 'github', '.'], dir);
    assert.equal(r.code, 1);
    assert.deepEqual(r.stdout.split('\n'), [
      '::notice file=we%2Cird%3Aname.rank.json,line=1,col=50,endLine=1,endColumn=54,title=Ranklens k-exceeds-predictions::k = 10 is larger than the 1 prediction: P@10 still divides by 10 (precisionDenominator=k), so it is at most 0.100.',
      // The key holds a real newline (written \n in JSON): %0A in the message.
      '::error file=we%2Cird%3Aname.rank.json,line=1,col=57,endLine=1,endColumn=68,title=Ranklens unknown-key::Unknown key "pe%25r:c,%0Ax" in case "c"; it is ignored. Keys here: labels, predictions, expect, description (and x-… for notes).',
      '::error file=we%2Cird%3Aname.rank.json,line=1,col=92,endLine=1,endColumn=94,title=Ranklens expect-mismatch::Expected P@1 = 0.5, computed 1.0000: not within ±0.05 (1 decimal written).',
      '',
    ]);
    for (const line of r.stdout.trim().split('\n')) {
      assert.match(
        line,
        /^::(error|warning|notice) (file|line|col|endLine|endColumn|title)=[^,:]*(,(line|col|endLine|endColumn|title)=[^,:]*)*::[^\r\n]*$/,
      );
    }
  });

  it('is silent on the examples but for their warnings and notes: every error there is declared', () => {
    const r = ranklens(['check', '--format', 'github', 'examples'], join(EXAMPLES, '..'));
    assert.equal(r.code, 0);
    assert.ok(r.stdout.length > 0);
    assert.doesNotMatch(r.stdout, /^::error/m);
  });

  it('rejects an unknown format', () => {
    const r = ranklens(['check', EXAMPLES, '--format', 'xml']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Unknown format "xml"; check writes text, json, markdown, latex, csv, junit, sarif or github\./);
  });
});
