/**
 * `ranklens check` in-process: the whole text report, the exit code, every report format, --output,
 * the project config's problems on stderr, and how the summary line counts and pluralizes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempFiles } from '../cli/ranklens';
import { ranklens } from './run';

// The README's example. Under trec_eval: P@3 = 1/3, P@5 = 2/5, AP@3 = (1/2) / 3 relevant = 0.167,
// AP@5 = (1/2 + 2/4) / 3 = 0.333. The seed000 preset divides AP@5 by the 2 hits: 0.500.
const README = `k: [3, 5]
metrics: [P@k, AP@k]
convention: trec_eval
cases:
  u1:
    labels: [2, 4, 6]
    predictions: [1, 2, 3, 4, 5]
    expect: { P@3: 0.333, AP@5: 0.333 }
`;

describe('ranklens check: the text report', () => {
  const dir = tempFiles({ 'readme.rank.yaml': README });

  it('prints the convention and its source, the case table, the mean and a clean summary; exit 0', async () => {
    const r = await ranklens(['check', 'readme.rank.yaml'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        'readme.rank.yaml — convention trec_eval (fixture)',
        'case    P@3    P@5   AP@3   AP@5',
        'u1    0.333  0.400  0.167  0.333',
        'mean  0.333  0.400  0.167  0.333',
        '',
        '1 file: 0 errors, 0 warnings, 0 notes — ok',
        '',
      ].join('\n'),
    );
    assert.equal(r.stderr, '');
    assert.equal(r.code, 0);
  });

  it('--force-convention seed000: AP@5 becomes 0.500, the expectation fails at line 8, column 33; exit 1', async () => {
    const r = await ranklens(['check', 'readme.rank.yaml', '--force-convention', 'seed000'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.equal(r.stderr, '');
    assert.equal(
      r.stdout,
      [
        'readme.rank.yaml — convention seed000 (--force-convention)',
        'case    P@3    P@5   AP@3   AP@5',
        'u1    0.333  0.400  0.500  0.500',
        'mean  0.333  0.400  0.500  0.500',
        '',
        'readme.rank.yaml:8:33 error expect-mismatch Expected AP@5 = 0.333, computed 0.5000: not within ±0.0005 (3 decimals written).',
        '',
        '1 file: 1 error, 0 warnings, 0 notes — FAILED',
        '',
      ].join('\n'),
    );
  });

  it('--force-convention default: the old name of seed000, its numbers, and a note on stderr that says so', async () => {
    const r = await ranklens(['check', 'readme.rank.yaml', '--force-convention', 'default'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^readme\.rank\.yaml — convention seed000 \(--force-convention\)$/m);
    assert.match(r.stdout, /^u1 {4}0\.333 {2}0\.400 {2}0\.500 {2}0\.500$/m);
    assert.equal(
      r.stderr,
      'ranklens: --force-convention default: "default" is the old name of the seed000 preset: the numbers are seed000\'s, but the built-in default is now trec_eval\'s convention. Write "seed000" to keep these numbers, or "trec_eval".\n',
    );
  });

  it("--convention fills in only for fixtures without one; --k and --metrics replace the fixture's own", async () => {
    const own = await ranklens(['check', 'readme.rank.yaml', '--convention', 'seed000'], { cwd: dir });
    assert.match(own.stdout, /^readme\.rank\.yaml — convention trec_eval \(fixture\)$/m);
    const r = await ranklens(['check', 'readme.rank.yaml', '--k', '1, 3', '--metrics', 'P@k'], { cwd: dir });
    assert.equal(r.code, 0);
    assert.equal(
      r.stdout,
      [
        'readme.rank.yaml — convention trec_eval (fixture)',
        'case    P@1    P@3',
        'u1    0.000  0.333',
        'mean  0.000  0.333',
        '',
        'readme.rank.yaml:8:27 warning expect-not-computed The fixture does not compute AP@5 (check k and metrics), so this expectation is not checked.',
        '',
        '1 file: 0 errors, 1 warning, 0 notes — ok',
        '',
      ].join('\n'),
    );
  });

  it('counts a fixture without a convention under --convention as "--convention"', async () => {
    const d = tempFiles({ 'plain.rank.yaml': 'k: 1\nmetrics: [P@k]\ncases:\n  q: { labels: [a], predictions: [a] }\n' });
    const r = await ranklens(['check', 'plain.rank.yaml', '--convention', 'ranx'], { cwd: d });
    assert.equal(
      r.stdout,
      'plain.rank.yaml — convention ranx (--convention)\ncase    P@1\nq     1.000\nmean  1.000\n\n1 file: 0 errors, 0 warnings, 0 notes — ok\n',
    );
  });

  it('numbers the fixtures of a multi-document YAML file and shows "left out" where NaN cases leave the means', async () => {
    // Under seed000 a case with no labels is NaN and left out: P@1 mean = (1 + 0) / 2. The second fixture names
    // no convention: trec_eval's, the built-in default.
    const d = tempFiles({
      'two.rank.yaml':
        'convention: seed000\nk: [1, 2]\nmetrics: [P@k]\ncases:\n  a: { labels: [x], predictions: [x, y] }\n  b: { labels: [], predictions: [y] }\n  c: { labels: [z], predictions: [] }\n---\nk: 1\nmetrics: [R@k]\ncases:\n  d: { labels: [x], predictions: [x] }\n',
    });
    const r = await ranklens(['check', '.'], { cwd: d });
    assert.equal(
      r.stdout,
      [
        'two.rank.yaml (fixture 1 of 2) — convention seed000 (fixture)',
        'case        P@1    P@2',
        'a         1.000  0.500',
        'b           NaN    NaN',
        'c         0.000  0.000',
        'mean      0.500  0.250',
        'left out      1      1',
        '',
        'two.rank.yaml (fixture 2 of 2) — convention trec_eval (built-in)',
        'case    R@1',
        'd     1.000',
        'mean  1.000',
        '',
        'two.rank.yaml:6:16 warning empty-labels No labels: every metric is NaN and left out of the means (emptyLabels=nan).',
        'two.rank.yaml:7:34 warning empty-predictions No predictions: every metric of this case is 0.',
        '',
        '1 file: 0 errors, 2 warnings, 0 notes — ok',
        '',
      ].join('\n'),
    );
    assert.equal(r.code, 0);
  });

  it('says "nothing to evaluate" for a file without a fixture, an empty-fixture error, and counts files in the summary; exit 1', async () => {
    const d = tempFiles({ 'e.rank.yaml': '', 'c.rank.yml': '# nothing\n' });
    const r = await ranklens(['check', d]);
    assert.equal(
      r.stdout,
      `${join(d, 'c.rank.yml')} — nothing to evaluate\n\n${join(d, 'e.rank.yaml')} — nothing to evaluate\n\n` +
        `${join(d, 'c.rank.yml')}:1:1 error empty-fixture The file holds no fixture: it is only comments or empty documents. Write a fixture in it (at least "cases"), or delete it.\n` +
        `${join(d, 'e.rank.yaml')}:1:1 error empty-fixture The file holds no fixture: it is empty. Write a fixture in it (at least "cases"), or delete it.\n` +
        '\n2 files: 2 errors, 0 warnings, 0 notes — FAILED\n',
    );
    assert.equal(r.code, 1);
  });

  it('counts infos and hints as notes: "1 note", "2 notes"', async () => {
    // k = 3 with 2 predictions: one k-exceeds-predictions hint; a grade of 0: a non-positive-grade info.
    const one = tempFiles({ 'h.rank.yaml': 'k: 3\nmetrics: [P@k]\ncases:\n  q: { labels: [a], predictions: [a, b] }\n' });
    assert.match((await ranklens(['check', 'h.rank.yaml'], { cwd: one })).stdout, /^1 file: 0 errors, 0 warnings, 1 note — ok$/m);
    const two = tempFiles({ 'h.rank.yaml': 'k: 3\nmetrics: [P@k]\ncases:\n  q: { labels: { a: 1, b: 0 }, predictions: [a, b] }\n' });
    assert.match((await ranklens(['check', 'h.rank.yaml'], { cwd: two })).stdout, /^1 file: 0 errors, 0 warnings, 2 notes — ok$/m);
  });
});

// Case c expects P@1 = 0.5 but gets 1 (declared); d predicts b twice (a warning: seed000 keeps the first); empty-labels
// is declared but never occurs (an error that fails the run).
const DECLARED = `{"expectFindings": ["expect-mismatch", "empty-labels"], "k": [1], "convention": "seed000",
 "cases": {"c": {"labels": ["a"], "predictions": ["a"], "expect": {"P@1": 0.5}},
           "d": {"labels": ["a"], "predictions": ["b", "b"]}}}
`;

describe('ranklens check: expectFindings and the other formats', () => {
  const dir = tempFiles({ 'exp.rank.json': DECLARED });

  it('marks a declared error [expected], counts it apart, and fails on the declared code that is missing', async () => {
    const r = await ranklens(['check', 'exp.rank.json', '--metrics', 'P@k,AP'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      [
        'exp.rank.json — convention seed000 (fixture)',
        'case    P@1     AP',
        'c     1.000  1.000',
        'd     0.000  0.000',
        'mean  0.500  0.500',
        '',
        'exp.rank.json:1:40 error expected-finding-missing expectFindings declares "empty-labels", but the file has no such finding.',
        'exp.rank.json:2:75 error expect-mismatch Expected P@1 = 0.5, computed 1.0000: not within ±0.05 (1 decimal written). [expected]',
        'exp.rank.json:3:56 warning duplicate-prediction "b" is predicted again (first at position 1): only the first occurrence is ranked (duplicates=first). (first prediction of this item: exp.rank.json:3:51)',
        '',
        '1 file: 2 errors (1 expected), 1 warning, 0 notes — FAILED',
        '',
      ].join('\n'),
    );
  });

  it('--format github: one workflow command per finding that is not declared', async () => {
    const r = await ranklens(['check', 'exp.rank.json', '--format', 'github'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      [
        '::error file=exp.rank.json,line=1,col=40,endLine=1,endColumn=53,title=Ranklens expected-finding-missing::expectFindings declares "empty-labels", but the file has no such finding.',
        '::warning file=exp.rank.json,line=3,col=56,endLine=3,endColumn=58,title=Ranklens duplicate-prediction::"b" is predicted again (first at position 1): only the first occurrence is ranked (duplicates=first).',
        '',
      ].join('\n'),
    );
  });

  it('--format junit: a testcase per expectation and per declared code, the missing one a failure', async () => {
    const r = await ranklens(['check', 'exp.rank.json', '--format', 'junit'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="ranklens check" tests="3" failures="1" errors="0" skipped="0" time="0">',
        '  <testsuite name="exp.rank.json" tests="3" failures="1" errors="0" skipped="0" time="0" file="exp.rank.json">',
        '    <testcase classname="exp.rank.json" name="c › P@1" file="exp.rank.json" line="2" time="0"><system-out>exp.rank.json:2:68 Expected P@1 = 0.5, computed 1.0000 under convention seed000. The file declares expect-mismatch in expectFindings.</system-out></testcase>',
        '    <testcase classname="exp.rank.json" name="expectFindings › expect-mismatch" file="exp.rank.json" line="1" time="0"/>',
        '    <testcase classname="exp.rank.json" name="expectFindings › empty-labels" file="exp.rank.json" line="1" time="0"><failure type="expected-finding-missing" message="expectFindings declares &quot;empty-labels&quot;, but the file has no such finding.">exp.rank.json:1:40 expectFindings declares &quot;empty-labels&quot;, but the file has no such finding.</failure></testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('--format junit: a syntax error is a testcase with an <error>', async () => {
    const d = tempFiles({ 'broken.rank.json': '{"cases": [' });
    const r = await ranklens(['check', 'broken.rank.json', '--format', 'junit'], { cwd: d });
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="ranklens check" tests="1" failures="0" errors="1" skipped="0" time="0">',
        '  <testsuite name="broken.rank.json" tests="1" failures="0" errors="1" skipped="0" time="0" file="broken.rank.json">',
        '    <testcase classname="broken.rank.json" name="syntax-error at 1:12" file="broken.rank.json" line="1" time="0"><error type="syntax-error" message="JSON syntax: A closing ] is expected.">broken.rank.json:1:12 JSON syntax: A closing ] is expected.</error></testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('--format sarif: a result per finding, paths relative to the working folder, the declared one suppressed', async () => {
    const r = await ranklens(['check', 'exp.rank.json', '--format', 'sarif'], { cwd: dir });
    const log = JSON.parse(r.stdout);
    const run = log.runs[0];
    assert.equal(log.version, '2.1.0');
    assert.equal(run.columnKind, 'utf16CodeUnits');
    assert.deepEqual(
      run.results.map(
        (x: {
          ruleId: string;
          level: string;
          locations: { physicalLocation: { artifactLocation: unknown; region: unknown } }[];
          suppressions?: unknown;
        }) => [
          x.ruleId,
          x.level,
          x.locations[0].physicalLocation.artifactLocation,
          x.locations[0].physicalLocation.region,
          !!x.suppressions,
        ],
      ),
      [
        [
          'expected-finding-missing',
          'error',
          { uri: 'exp.rank.json', uriBaseId: 'SRCROOT' },
          { startLine: 1, startColumn: 40, endLine: 1, endColumn: 54 },
          false,
        ],
        [
          'expect-mismatch',
          'error',
          { uri: 'exp.rank.json', uriBaseId: 'SRCROOT' },
          { startLine: 2, startColumn: 75, endLine: 2, endColumn: 78 },
          true,
        ],
        [
          'duplicate-prediction',
          'warning',
          { uri: 'exp.rank.json', uriBaseId: 'SRCROOT' },
          { startLine: 3, startColumn: 56, endLine: 3, endColumn: 59 },
          false,
        ],
      ],
    );
    assert.deepEqual(run.results[2].relatedLocations, [
      {
        id: 0,
        physicalLocation: {
          artifactLocation: { uri: 'exp.rank.json', uriBaseId: 'SRCROOT' },
          region: { startLine: 3, startColumn: 51, endLine: 3, endColumn: 54 },
        },
        message: { text: 'first prediction of this item' },
      },
    ]);
    assert.deepEqual(run.results[1].suppressions, [
      { kind: 'inSource', justification: 'The file declares expect-mismatch in expectFindings.' },
    ]);
  });

  it('--output FILE writes the report there and the text report to the terminal', async () => {
    const r = await ranklens(['check', 'exp.rank.json', '--format', 'github', '--output', 'report.txt'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^exp\.rank\.json — convention seed000 \(fixture\)$/m);
    assert.match(r.stdout, /^1 file: 2 errors \(1 expected\), 1 warning, 0 notes — FAILED$/m);
    assert.equal(
      readFileSync(join(dir, 'report.txt'), 'utf8').split('\n')[0],
      '::error file=exp.rank.json,line=1,col=40,endLine=1,endColumn=53,title=Ranklens expected-finding-missing::expectFindings declares "empty-labels", but the file has no such finding.',
    );
  });

  it('--json (= --format json): one entry per fixture (1-based), NaN as null beside the trec_eval name, the findings after them with 1-based positions', async () => {
    const d = tempFiles({
      'two.rank.yaml':
        'convention: seed000\nk: 1\nmetrics: [P@k]\ncases:\n  a: { labels: [], predictions: [y] }\n---\nk: 1\nmetrics: [P@k]\ncases:\n  b: { labels: [x], predictions: [x] }\n',
    });
    const r = await ranklens(['check', 'two.rank.yaml', '--json'], { cwd: d });
    const json = JSON.parse(r.stdout);
    assert.deepEqual([json.schemaVersion, json.command], [1, 'check']);
    const p1 = (value: number | null) => ({ 'P@1': { value, trecEval: 'P_1' } });
    assert.deepEqual(
      json.fixtures.map(
        (f: { file: string; fixture: number; convention: { name: string }; conventionSource: string; cases: unknown; means: unknown }) => [
          f.file,
          f.fixture,
          f.convention.name,
          f.conventionSource,
          f.cases,
          f.means,
        ],
      ),
      [
        [
          'two.rank.yaml',
          1,
          'seed000',
          'fixture',
          [{ id: 'a', values: p1(null) }],
          { 'P@1': { value: null, trecEval: 'P_1', excluded: 1 } },
        ],
        ['two.rank.yaml', 2, 'trec_eval', 'built-in', [{ id: 'b', values: p1(1) }], { 'P@1': { value: 1, trecEval: 'P_1', excluded: 0 } }],
      ],
    );
    // "[]" of a's labels: line 5, columns 16 to 17 as an editor counts them (the text says two.rank.yaml:5:16).
    assert.deepEqual(json.findings, [
      {
        file: 'two.rank.yaml',
        range: { start: { line: 5, column: 16 }, end: { line: 5, column: 18 } },
        severity: 'warning',
        code: 'empty-labels',
        message: 'No labels: every metric is NaN and left out of the means (emptyLabels=nan).',
        expected: false,
        related: [],
        data: null,
      },
    ]);
    assert.match((await ranklens(['check', 'two.rank.yaml'], { cwd: d })).stdout, /^two\.rank\.yaml:5:16 warning empty-labels /m);
    assert.equal(r.code, 0);
  });

  it('--json for a file without a fixture: fixture and convention null, nothing evaluated, an empty-fixture error', async () => {
    const d = tempFiles({ 'e.rank.yaml': '' });
    const r = await ranklens(['check', 'e.rank.yaml', '--format', 'json'], { cwd: d });
    // Line 1, column 1: the JSON report's positions are 1-based.
    const top = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
    const message = 'The file holds no fixture: it is empty. Write a fixture in it (at least "cases"), or delete it.';
    assert.deepEqual(JSON.parse(r.stdout), {
      schemaVersion: 1,
      command: 'check',
      fixtures: [{ file: 'e.rank.yaml', fixture: null, convention: null, conventionSource: null, cases: [], means: {} }],
      findings: [
        { file: 'e.rank.yaml', range: top, severity: 'error', code: 'empty-fixture', message, expected: false, related: [], data: null },
      ],
    });
    assert.equal(r.code, 1);
  });

  it('--json lists a finding outside every fixture (a YAML syntax error at the very end, line 7) with the others, by its place', async () => {
    const d = tempFiles({ 's.rank.yaml': 'k: 1\nmetrics: [P@k]\ncases:\n  a: { labels: [x], predictions: [x] }\n---\nk: [1\n' });
    const json = JSON.parse((await ranklens(['check', 's.rank.yaml', '--json'], { cwd: d })).stdout);
    assert.deepEqual(
      json.fixtures.map((f: { fixture: number }) => f.fixture),
      [1, 2],
    );
    assert.deepEqual(
      json.findings.map((f: { code: string; range: { start: { line: number; column: number } } }) => [
        f.code,
        f.range.start.line,
        f.range.start.column,
      ]),
      [
        ['missing-key', 6, 1],
        ['syntax-error', 7, 1],
      ],
    );
  });

  it('a declared error is expected: true in JSON; its related place is 1-based too', async () => {
    const json = JSON.parse((await ranklens(['check', 'exp.rank.json', '--json'], { cwd: dir })).stdout);
    assert.deepEqual(
      json.findings.map((f: { code: string; expected: boolean; related: { range: { start: unknown } }[] }) => [
        f.code,
        f.expected,
        f.related.map((x) => x.range.start),
      ]),
      [
        ['expected-finding-missing', false, []],
        ['expect-mismatch', true, []],
        ['duplicate-prediction', false, [{ line: 3, column: 51 }]],
      ],
    );
  });
});

describe('ranklens check: markdown, latex and csv', () => {
  // Under seed000 a case with no labels is NaN and left out: P@1 mean = 1 / 1.
  const dir = tempFiles({
    'm_x.rank.yaml':
      'convention: seed000\nk: 1\nmetrics: [P@k]\ncases:\n  a|1: { labels: [x], predictions: [x] }\n  b: { labels: [], predictions: [y] }\n',
  });
  const WARNING =
    'm_x.rank.yaml:6:16 warning empty-labels No labels: every metric is NaN and left out of the means (emptyLabels=nan).\n1 file: 0 errors, 1 warning, 0 notes — ok\n';

  it('markdown: a heading per fixture, the table, the mean bold, left out counted; the findings on stderr', async () => {
    const r = await ranklens(['check', 'm_x.rank.yaml', '--format', 'markdown'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        '## m\\_x.rank.yaml — convention seed000 (fixture)',
        '',
        '| case | P@1 |',
        '|---|---:|',
        '| a\\|1 | 1.000 |',
        '| b | NaN |',
        '| **mean** | **1.000** |',
        '| left out | 1 |',
        '',
      ].join('\n'),
    );
    assert.deepEqual([r.stderr, r.code], [WARNING, 0]);
  });

  it('latex: a comment naming the fixture, booktabs, the mean under its own rule', async () => {
    const r = await ranklens(['check', 'm_x.rank.yaml', '--format', 'latex'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        '% m_x.rank.yaml — convention seed000 (fixture)',
        '\\begin{tabular}{lr}',
        '\\toprule',
        'Case & P@1 \\\\',
        '\\midrule',
        'a|1 & 1.000 \\\\',
        'b & NaN \\\\',
        '\\midrule',
        'Mean & 1.000 \\\\',
        'Left out & 1 \\\\',
        '\\bottomrule',
        '\\end{tabular}',
        '',
      ].join('\n'),
    );
    assert.equal(r.stderr, WARNING);
  });

  it('--output FILE with csv: the table in the file, the text report (findings included) on stdout, nothing on stderr', async () => {
    const r = await ranklens(['check', 'm_x.rank.yaml', '--format', 'csv', '--output', 'out.csv'], { cwd: dir });
    assert.equal(
      readFileSync(join(dir, 'out.csv'), 'utf8'),
      'file,fixture,row,case,P@1\r\nm_x.rank.yaml,1,case,a|1,1\r\nm_x.rank.yaml,1,case,b,NaN\r\nm_x.rank.yaml,1,mean,,1\r\n',
    );
    assert.match(r.stdout, /^m_x\.rank\.yaml:6:16 warning empty-labels /m);
    assert.deepEqual([r.stderr, r.code], ['', 0]);
  });

  it('csv: one table for every fixture, a row column (case or mean), full precision, NaN written out, a quoted id', async () => {
    const d = tempFiles({
      'two.rank.yaml':
        'k: 3\nmetrics: [P@k]\ncases:\n  "q,1": { labels: [x], predictions: [x, y, z] }\n---\nconvention: seed000\nk: 1\nmetrics: [R@k]\ncases:\n  d: { labels: [], predictions: [x] }\n',
    });
    const r = await ranklens(['check', 'two.rank.yaml', '--format', 'csv'], { cwd: d });
    assert.equal(
      r.stdout,
      [
        'file,fixture,row,case,P@3,R@1',
        'two.rank.yaml,1,case,"q,1",0.3333333333333333,',
        'two.rank.yaml,1,mean,,0.3333333333333333,',
        'two.rank.yaml,2,case,d,,NaN',
        'two.rank.yaml,2,mean,,,NaN',
        '',
      ].join('\r\n'),
    );
  });
});

describe('ranklens check: the project config', () => {
  it('applies ranklens.config.json (convention, severities, off), and reports its problems once on stderr', async () => {
    const dir = tempFiles({
      'ranklens.config.json':
        '{ "defaultConvention": "ranx", "bogus": 1, "severity": { "empty-labels": "off", "empty-predictions": "error" } }',
      'a.rank.yaml': 'k: 1\nmetrics: [P@k]\ncases:\n  q1: { labels: [], predictions: [c] }\n  q2: { labels: [a], predictions: [] }\n',
      'b.rank.yaml': 'k: 1\nmetrics: [P@k]\ncases:\n  q3: { labels: [a], predictions: [a] }\n',
    });
    const r = await ranklens(['check', '.'], { cwd: dir });
    assert.equal(
      r.stderr,
      `${join(dir, 'ranklens.config.json')}: Unknown key "bogus"; keys: defaultConvention, benchmark, defaultCutoffs, headlineMetrics, severity, qrels.\n`,
    );
    assert.equal(
      r.stdout,
      [
        'a.rank.yaml — convention ranx (ranklens.config.json)',
        'case    P@1',
        'q1    0.000',
        'q2    0.000',
        'mean  0.000',
        '',
        'b.rank.yaml — convention ranx (ranklens.config.json)',
        'case    P@1',
        'q3    1.000',
        'mean  1.000',
        '',
        'a.rank.yaml:5:35 error empty-predictions No predictions: every metric of this case is 0.',
        '',
        '2 files: 1 error, 0 warnings, 0 notes — FAILED',
        '',
      ].join('\n'),
    );
    assert.equal(r.code, 1);
  });
});

describe('ranklens check: usage problems (exit 2)', () => {
  const dir = tempFiles({ 'readme.rank.yaml': README, 'notes.txt': 'x' });
  const cases: [string[], string][] = [
    [['check'], 'ranklens: check needs at least one file, folder or glob.\nSee ranklens check --help.\n'],
    [
      ['check', 'readme.rank.yaml', '--format', 'xml'],
      'ranklens: Unknown format "xml"; check writes text, json, markdown, latex, csv, junit, sarif or github.\nSee ranklens check --help.\n',
    ],
    [
      ['check', 'readme.rank.yaml', '--k', '0'],
      'ranklens: --k takes whole numbers ≥ 1 separated by commas, e.g. --k 1,3,5; got "0".\nSee ranklens check --help.\n',
    ],
    [
      ['check', 'readme.rank.yaml', '--k', ' , '],
      'ranklens: --k takes whole numbers ≥ 1 separated by commas, e.g. --k 1,3,5; got " , ".\nSee ranklens check --help.\n',
    ],
    [
      ['check', 'readme.rank.yaml', '--k', '1,x'],
      'ranklens: --k takes whole numbers ≥ 1 separated by commas, e.g. --k 1,3,5; got "1,x".\nSee ranklens check --help.\n',
    ],
    [
      ['check', 'readme.rank.yaml', '--metrics', ','],
      'ranklens: --metrics takes metric names separated by commas, e.g. --metrics P@3,AP,nDCG@k.\nSee ranklens check --help.\n',
    ],
    [
      ['check', 'readme.rank.yaml', '--convention', 'trec-evl'],
      'ranklens: Unknown convention "trec-evl"; presets: trec_eval, seed000, ranx, mllib, sklearn, torchmetrics, seed003, lenskit, recommenders, ir_measures, pytrec_eval, sentence-transformers, mteb, beir, llamaindex, haystack, elasticsearch, ragas, tfrs, cornac, recpack, recbole, elliot, implicit, lightfm, tf-ranking.\nSee ranklens check --help.\n',
    ],
    [
      ['check', 'readme.rank.yaml', '--force-convention', 'nope'],
      'ranklens: Unknown convention "nope"; presets: trec_eval, seed000, ranx, mllib, sklearn, torchmetrics, seed003, lenskit, recommenders, ir_measures, pytrec_eval, sentence-transformers, mteb, beir, llamaindex, haystack, elasticsearch, ragas, tfrs, cornac, recpack, recbole, elliot, implicit, lightfm, tf-ranking.\nSee ranklens check --help.\n',
    ],
    [['check', 'missing.rank.yaml'], 'ranklens: Cannot read missing.rank.yaml: no such file or folder.\nSee ranklens check --help.\n'],
    [['check', 'notes.txt'], 'ranklens: notes.txt is not a fixture file (.json, .jsonc, .yaml or .yml).\nSee ranklens check --help.\n'],
  ];
  for (const [args, stderr] of cases) {
    it(`${args.join(' ')}`, async () => {
      const r = await ranklens(args, { cwd: dir });
      assert.equal(r.stderr, stderr);
      assert.equal(r.stdout, '');
      assert.equal(r.code, 2);
    });
  }

  it('--metrics with an unknown name says what is wrong with it', async () => {
    const r = await ranklens(['check', 'readme.rank.yaml', '--metrics', 'Precison@3'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^ranklens: --metrics: .*Precison.*\nSee ranklens check --help\.\n$/);
  });

  it("an unknown option is node:util's parse error, with the pointer to --help", async () => {
    const r = await ranklens(['check', '--nope'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^ranklens: Unknown option '--nope'\..*\nSee ranklens check --help\.\n$/);
  });

  it('check --help prints the help and exits 0', async () => {
    const r = await ranklens(['check', '--help'], { cwd: dir });
    assert.equal(r.code, 0);
    assert.ok(r.stdout.startsWith('Usage: ranklens check PATH... [options]\n\nEvaluates fixture files'), r.stdout);
    assert.ok(r.stdout.endsWith('2 a usage problem.\n'));
  });
});
