/**
 * `ranklens` itself (help, version, unknown commands), `compare` and `infer`, in-process: whole
 * outputs, exit codes and usage errors.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tempFiles } from '../cli/ranklens';
import { ranklens } from './run';
import { VERSION } from '../../shared/version';

describe('ranklens: the command line', () => {
  it('no command: a usage error, the help on stderr, nothing on stdout, exit 2; --help, -h and help: the help on stdout, exit 0', async () => {
    const none = await ranklens([]);
    assert.equal(none.code, 2);
    assert.equal(none.stdout, '');
    assert.ok(none.stderr.startsWith('ranklens: no command given.\nUsage: ranklens COMMAND [options]\n\nCommands:\n  check PATH...'));
    assert.ok(none.stderr.endsWith('Exit codes: 0 clean, 1 an error finding, 2 a usage problem.\n'));
    for (const flag of ['--help', '-h', 'help']) {
      const r = await ranklens([flag]);
      assert.equal(r.code, 0, flag);
      assert.equal(r.stdout, none.stderr.replace('ranklens: no command given.\n', ''), flag);
      assert.equal(r.stderr, '');
    }
  });

  it('--version and -V print the version', async () => {
    for (const flag of ['--version', '-V']) {
      const r = await ranklens([flag]);
      assert.deepEqual(r, { code: 0, stdout: `${VERSION}\n`, stderr: '' });
    }
  });

  it('an unknown command (toString included): one line, the help after it, exit 2', async () => {
    for (const name of ['chekc', 'toString']) {
      const r = await ranklens([name]);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.ok(r.stderr.startsWith(`ranklens: Unknown command "${name}".\nUsage: ranklens COMMAND [options]\n`), r.stderr);
    }
  });

  it('a failure that is no usage error propagates to the caller (dist/cli.js prints it and exits 2)', async () => {
    const dir = tempFiles({ 'a.rank.yaml': 'k: 1\ncases:\n  q: { labels: [a], predictions: [a] }\n' });
    await assert.rejects(ranklens(['check', 'a.rank.yaml', '--output', 'no/such/folder/report.txt'], { cwd: dir }), /ENOENT/);
  });
});

// AP@2 of [a, x] against {a, b, c}: one hit at rank 1. Over the hits (seed000, sklearn, torchmetrics,
// seed003): 1/1 = 1; over R = 3 (trec_eval, ranx): 1/3; over min(k, R) = 2 (mllib, lenskit with
// min(k, R, predicted) = 2, recommenders): 1/2.
const AP2 = 'k: 2\nmetrics: [AP@k]\ncases:\n  u1: { labels: [a, b, c], predictions: [a, x] }\n';

describe('ranklens compare', () => {
  const dir = tempFiles({ 'c.rank.yaml': AP2 });

  it("prints every preset's mean side by side, * on the fixture's own, ≠ where they disagree", async () => {
    const r = await ranklens(['compare', 'c.rank.yaml'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        'c.rank.yaml — means over 1 case',
        'metric  trec_eval*  seed000   ranx  mllib  sklearn  torchmetrics  seed003  lenskit  recommenders',
        'AP@2         0.333    1.000  0.333  0.500    1.000         1.000    1.000    0.500         0.500  ≠',
        '',
      ].join('\n'),
    );
    assert.deepEqual([r.stderr, r.code], ['', 0]);
  });

  it('--json: per fixture its convention, the means per preset beside their trec_eval name (NaN as null), the metrics that disagree', async () => {
    const d = tempFiles({
      'c.rank.yaml': AP2,
      'n.rank.yaml':
        'k: 1\nmetrics: [P@k]\nconvention: trec_eval\ncases:\n  a: { labels: [], predictions: [x] }\n  b: { labels: [], predictions: [y] }\n',
    });
    const r = await ranklens(['compare', '.', '--json'], { cwd: d });
    const json = JSON.parse(r.stdout);
    assert.deepEqual([json.schemaVersion, json.command, json.fixtures.length], [1, 'compare', 2]);
    const ap = (value: number) => ({ 'AP@2': { value, trecEval: 'map_cut_2' } });
    const { convention, ...rest } = json.fixtures[0];
    assert.equal(convention.name, 'trec_eval');
    assert.equal(convention.apDenominator, 'relevant');
    assert.deepEqual(rest, {
      file: 'c.rank.yaml',
      fixture: 1,
      cases: 1,
      presets: {
        trec_eval: ap(1 / 3),
        seed000: ap(1),
        ranx: ap(1 / 3),
        mllib: ap(0.5),
        sklearn: ap(1),
        torchmetrics: ap(1),
        seed003: ap(1),
        lenskit: ap(0.5),
        recommenders: ap(0.5),
      },
      disagree: ['AP@2'],
    });
    // No labels: NaN and left out under seed000, seed003, lenskit, recommenders (emptyLabels=nan); 0 elsewhere.
    assert.deepEqual(json.fixtures[1].presets.seed000, { 'P@1': { value: null, trecEval: 'P_1' } });
    assert.deepEqual(json.fixtures[1].presets.trec_eval, { 'P@1': { value: 0, trecEval: 'P_1' } });
    assert.equal(json.fixtures[1].convention.name, 'trec_eval');
    assert.deepEqual(json.fixtures[1].disagree, ['P@1']);
    // Every finding is in the report (the two empty-labels warnings), none on stderr.
    assert.deepEqual(
      json.findings.map((f: { file: string; code: string; range: { start: { line: number; column: number } } }) => [
        f.file,
        f.code,
        f.range.start.line,
        f.range.start.column,
      ]),
      [
        ['n.rank.yaml', 'empty-labels', 5, 16],
        ['n.rank.yaml', 'empty-labels', 6, 16],
      ],
    );
    assert.deepEqual([r.stderr, r.code], ['', 0]);
  });

  it('--format markdown, latex and csv: the same table for a document or a spreadsheet', async () => {
    const md = await ranklens(['compare', 'c.rank.yaml', '--format', 'markdown'], { cwd: dir });
    assert.equal(
      md.stdout,
      [
        '## c.rank.yaml — means over 1 case',
        '',
        '| metric | trec\\_eval\\* | seed000 | ranx | mllib | sklearn | torchmetrics | seed003 | lenskit | recommenders |  |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
        '| AP@2 | 0.333 | 1.000 | 0.333 | 0.500 | 1.000 | 1.000 | 1.000 | 0.500 | 0.500 | ≠ |',
        '',
      ].join('\n'),
    );
    const latex = await ranklens(['compare', 'c.rank.yaml', '--format', 'latex'], { cwd: dir });
    assert.equal(
      latex.stdout,
      [
        '% c.rank.yaml — means over 1 case',
        '\\begin{tabular}{lrrrrrrrrrc}',
        '\\toprule',
        'metric & trec\\_eval* & seed000 & ranx & mllib & sklearn & torchmetrics & seed003 & lenskit & recommenders &  \\\\',
        '\\midrule',
        'AP@2 & 0.333 & 1.000 & 0.333 & 0.500 & 1.000 & 1.000 & 1.000 & 0.500 & 0.500 & ≠ \\\\',
        '\\bottomrule',
        '\\end{tabular}',
        '',
      ].join('\n'),
    );
    const csv = await ranklens(['compare', 'c.rank.yaml', '--format', 'csv'], { cwd: dir });
    assert.equal(
      csv.stdout,
      'file,fixture,metric,trec_eval,seed000,ranx,mllib,sklearn,torchmetrics,seed003,lenskit,recommenders,disagree\r\n' +
        'c.rank.yaml,1,AP@2,0.3333333333333333,1,0.3333333333333333,0.5,1,1,1,0.5,0.5,true\r\n',
    );
  });

  it("refuses the formats that are check's findings, and --json beside another --format (exit 2)", async () => {
    assert.deepEqual(await ranklens(['compare', 'c.rank.yaml', '--format', 'sarif'], { cwd: dir }), {
      code: 2,
      stdout: '',
      stderr:
        'ranklens: compare does not write sarif: junit, sarif and github report the findings of checked fixtures (ranklens check); it writes text, json, markdown, latex or csv.\nSee ranklens compare --help.\n',
    });
    assert.equal(
      (await ranklens(['compare', 'c.rank.yaml', '--json', '--format', 'csv'], { cwd: dir })).stderr,
      'ranklens: --json is --format json; it cannot go with --format csv.\nSee ranklens compare --help.\n',
    );
  });

  it('numbers the fixtures of a multi-document file, says "cases", and exits 1 on an error finding (to stderr)', async () => {
    const d = tempFiles({
      'two.rank.yaml':
        'k: 2\nmetrics: [P@k]\ncases:\n  q1: { labels: [a], predictions: [a, b] }\n  q2: { labels: [c], predictions: [c] }\n---\nk: 1\nmetrics: [P@k]\ncases:\n  q3: { labels: [x], predictions: [y], expect: { P@1: 1 } }\n',
    });
    const r = await ranklens(['compare', 'two.rank.yaml'], { cwd: d });
    // P@2: q1 1/2, q2 1/2 (one prediction, divided by k = 2) under every preset but lenskit (÷ min(k, 1) = 1).
    assert.equal(
      r.stdout,
      [
        'two.rank.yaml (fixture 1) — means over 2 cases',
        'metric  trec_eval*  seed000   ranx  mllib  sklearn  torchmetrics  seed003  lenskit  recommenders',
        'P@2          0.500    0.500  0.500  0.500    0.500         0.500    0.500    0.750         0.500  ≠',
        '',
        'two.rank.yaml (fixture 2) — means over 1 case',
        'metric  trec_eval*  seed000   ranx  mllib  sklearn  torchmetrics  seed003  lenskit  recommenders',
        'P@1          0.000    0.000  0.000  0.000    0.000         0.000    0.000    0.000         0.000',
        '',
      ].join('\n'),
    );
    assert.equal(
      r.stderr,
      'two.rank.yaml:10:55 error expect-mismatch Expected P@1 = 1, computed 0.0000: not within ±0 (no decimal written).\n',
    );
    assert.equal(r.code, 1);
    const json = JSON.parse((await ranklens(['compare', 'two.rank.yaml', '--json'], { cwd: d })).stdout);
    assert.deepEqual(
      json.fixtures.map((f: { fixture: number; disagree: string[] }) => [f.fixture, f.disagree]),
      [
        [1, ['P@2']],
        [2, []],
      ],
    );
  });

  it("--k and --metrics replace the fixture's own", async () => {
    const r = await ranklens(['compare', 'c.rank.yaml', '--k', '1', '--metrics', 'P@k'], { cwd: dir });
    assert.equal(
      r.stdout.split('\n')[2],
      'P@1          1.000    1.000  1.000  1.000    1.000         1.000    1.000    1.000         1.000',
    );
  });

  it('usage: no path, exit 2; --help, exit 0', async () => {
    assert.deepEqual(await ranklens(['compare']), {
      code: 2,
      stdout: '',
      stderr: 'ranklens: compare needs at least one file, folder or glob.\nSee ranklens compare --help.\n',
    });
    const help = await ranklens(['compare', '-h']);
    assert.equal(help.code, 0);
    assert.ok(help.stdout.startsWith('Usage: ranklens compare PATH... [options]\n'));
  });
});

describe('ranklens infer', () => {
  const dir = tempFiles({
    // AP@5 = 0.333 holds under trec_eval alone (÷ R = 3; seed000 ÷ 2 hits = 0.5).
    'm.rank.yaml':
      'convention: seed000\nk: 5\ncases:\n  u1: { labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5], expect: { AP@5: 0.333 } }\n',
    // P@5 = 2/5 holds under every convention: trec_eval first, the others as good.
    'p.rank.yaml': 'k: 5\ncases:\n  u1: { labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5], expect: { P@5: 0.4 } }\n',
    // AP@5 = 0.9 holds under none: the nearest is 1 (dropping the unjudged items 1, 3, 5).
    'n.rank.yaml': 'k: 5\ncases:\n  u1: { labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5], expect: { AP@5: 0.9, P@5: 0.4 } }\n',
    'none.rank.yaml': 'k: 2\nmetrics: [AP@k]\ncases:\n  u1: { labels: [a, b, c], predictions: [a, x] }\n',
    'syn.rank.yaml': 'k: [1\n',
  });

  it('names the convention under which every expectation holds; exit 0', async () => {
    const r = await ranklens(['infer', 'm.rank.yaml'], { cwd: dir });
    assert.deepEqual(r, { code: 0, stdout: 'm.rank.yaml — 1 expectation\n  every expectation holds under trec_eval\n', stderr: '' });
  });

  it('lists the others that hold as well with "also"', async () => {
    const r = await ranklens(['infer', 'p.rank.yaml'], { cwd: dir });
    assert.equal(
      r.stdout,
      'p.rank.yaml — 1 expectation\n  every expectation holds under trec_eval\n  also: lenskit\n  also: {preset: trec_eval, unjudged: drop}\n  also: {preset: trec_eval, unjudged: drop-after-cut}\n',
    );
  });

  it('when none reproduces them all: the best, three as good, how many more, the unexplained value and its nearest; exit 1', async () => {
    const r = await ranklens(['infer', 'n.rank.yaml'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        'n.rank.yaml — 2 expectations',
        '  no convention reproduces them all; trec_eval reproduces 1 of 2',
        '  as many: seed000',
        '  as many: sklearn',
        '  as many: torchmetrics',
        '  … 6 more as good (--json lists them)',
        '  unexplained: u1 AP@5 = 0.9; nearest 1.0000 (with apDenominator: hits, unjudged: drop)',
        '',
      ].join('\n'),
    );
    assert.equal(r.code, 1);
    const json = JSON.parse((await ranklens(['infer', 'n.rank.yaml', '--json'], { cwd: dir })).stdout).fixtures[0];
    assert.equal(json.expectations, 2);
    assert.equal(json.exact, false);
    assert.equal(json.matches.length, 10);
    assert.deepEqual(json.matches[0], { convention: { preset: 'trec_eval' }, matched: 1 });
    assert.deepEqual(json.unexplained, [
      { case: 'u1', measure: 'AP@5', expected: 0.9, nearest: 1, nearestKnobs: { apDenominator: 'hits', unjudged: 'drop' } },
    ]);
  });

  it('--json of an exact match: no unexplained; the whole report, with the expectation that fails under seed000, the convention the fixture names', async () => {
    const json = JSON.parse((await ranklens(['infer', 'm.rank.yaml', '--format', 'json'], { cwd: dir })).stdout);
    assert.deepEqual(json, {
      schemaVersion: 1,
      command: 'infer',
      fixtures: [
        {
          file: 'm.rank.yaml',
          fixture: 1,
          expectations: 1,
          matches: [{ convention: { preset: 'trec_eval' }, matched: 1 }],
          exact: true,
          unexplained: [],
        },
      ],
      findings: [
        {
          file: 'm.rank.yaml',
          range: { start: { line: 4, column: 74 }, end: { line: 4, column: 79 } },
          severity: 'error',
          code: 'expect-mismatch',
          message: 'Expected AP@5 = 0.333, computed 0.5000: not within ±0.0005 (3 decimals written).',
          expected: false,
          related: [],
          data: null,
        },
      ],
    });
  });

  it('writes no table: markdown, latex and csv are refused, saying why (exit 2)', async () => {
    for (const format of ['markdown', 'latex', 'csv']) {
      assert.deepEqual(await ranklens(['infer', 'm.rank.yaml', '--format', format], { cwd: dir }), {
        code: 2,
        stdout: '',
        stderr: `ranklens: infer does not write ${format}: its answer is a list of conventions, not a table; it writes text or json.\nSee ranklens infer --help.\n`,
      });
    }
  });

  it('--json: a syntax error is a finding of the report (1-based line and column), not a line on stderr', async () => {
    const r = await ranklens(['infer', 'syn.rank.yaml', '--json'], { cwd: dir });
    const json = JSON.parse(r.stdout);
    assert.deepEqual(json.fixtures, [{ file: 'syn.rank.yaml', fixture: 1, expectations: 0, matches: [], exact: true, unexplained: [] }]);
    // Every finding, the warning too (the text lists only the errors that make the search meaningless).
    assert.deepEqual(
      json.findings.map((f: { code: string; range: unknown }) => [f.code, f.range]),
      [
        ['missing-key', { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } }],
        ['syntax-error', { start: { line: 2, column: 1 }, end: { line: 2, column: 1 } }],
      ],
    );
    assert.deepEqual([r.stderr, r.code], ['', 1]);
  });

  it('a fixture without expectations: nothing to search for; a syntax error fails the run (stderr)', async () => {
    assert.deepEqual(await ranklens(['infer', 'none.rank.yaml'], { cwd: dir }), {
      code: 0,
      stdout: 'none.rank.yaml — 0 expectations: nothing to search for\n',
      stderr: '',
    });
    const r = await ranklens(['infer', 'syn.rank.yaml', 'm.rank.yaml'], { cwd: dir });
    assert.equal(
      r.stdout,
      'syn.rank.yaml — 0 expectations: nothing to search for\n\nm.rank.yaml — 1 expectation\n  every expectation holds under trec_eval\n',
    );
    assert.equal(
      r.stderr,
      'syn.rank.yaml:2:1 error syntax-error YAML syntax: this [ list is never closed: add ] (a flow list that goes on over several lines must be indented more than its key).\n',
    );
    assert.equal(r.code, 1);
  });

  it('numbers the fixtures of a multi-document file', async () => {
    const d = tempFiles({
      'two.rank.yaml':
        'k: 5\ncases:\n  u1: { labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5], expect: { AP@5: 0.333 } }\n---\nk: 1\ncases:\n  u2: { labels: [a], predictions: [a] }\n',
    });
    const r = await ranklens(['infer', 'two.rank.yaml'], { cwd: d });
    assert.equal(
      r.stdout,
      'two.rank.yaml (fixture 1) — 1 expectation\n  every expectation holds under trec_eval\n\ntwo.rank.yaml (fixture 2) — 0 expectations: nothing to search for\n',
    );
    const json = JSON.parse((await ranklens(['infer', 'two.rank.yaml', '--json'], { cwd: d })).stdout);
    assert.deepEqual(
      json.fixtures.map((f: { fixture: number }) => f.fixture),
      [1, 2],
    );
  });

  it('usage: no path, exit 2; --help, exit 0', async () => {
    assert.deepEqual(await ranklens(['infer']), {
      code: 2,
      stdout: '',
      stderr: 'ranklens: infer needs at least one file, folder or glob.\nSee ranklens infer --help.\n',
    });
    const help = await ranklens(['infer', '--help']);
    assert.equal(help.code, 0);
    assert.ok(help.stdout.startsWith('Usage: ranklens infer PATH... [options]\n'));
  });
});
