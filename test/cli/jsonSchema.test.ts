/**
 * Every JSON report the packaged command writes holds to schemas/ranklens-report.schema.json: each
 * command, one run and several, with findings, with NaN values, with -q, with every test. The schema
 * allows no key it does not describe, so a key added to a report without the schema fails here; and
 * it refuses what an old report looked like (0-based lines, the parallel trecNames array).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { reportSchema, reportValidator } from '../../scripts/reference/reportSchema';
import { TREC_DATA, ranklens, tempFiles } from './ranklens';
import { PRESET_NAMES } from '../../shared/core/conventions';

const validate = reportValidator(reportSchema());
const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');

const dir = tempFiles({
  // Two fixtures: a NaN (no labels under seed000), an expectation that fails, a declared finding.
  'two.rank.yaml':
    'convention: seed000\nk: [1, 3]\nmetrics: [P@k, nDCG@k]\ncases:\n  a: { labels: [], predictions: [y] }\n  b: { labels: [x], predictions: [x, x], expect: { P@1: 0.5 } }\n---\nexpectFindings: [unknown-key]\nk: 1\ncases:\n  c: { labels: [x], predictions: [x], colour: blue }\n',
  'empty.rank.yaml': '',
  'syntax.rank.json': '{"cases": {"a": {"labels": ["x"]}',
  // trec: query 3 judges nothing relevant (NaN under the default preset), query 4 is judged only, 9 only run.
  q: '1 0 r1 1\n2 0 r2 1\n3 0 n 0\n4 0 r4 1\n10 0 r10 1\n',
  'x.run': '1 Q0 r1 1 2 x\n2 Q0 n 1 2 x\n2 Q0 r2 2 1 x\n3 Q0 n 1 1 x\n10 Q0 r10 1 1 x\n9 Q0 z 1 1 x\n',
  'y.run': '1 Q0 n 1 2 y\n1 Q0 r1 2 1 y\n2 Q0 r2 1 2 y\n3 Q0 n 1 1 y\n10 Q0 n 1 2 y\n10 Q0 r10 2 1 y\n',
  'z.run': '1 Q0 r1 1 2 z\n2 Q0 r2 1 2 z\n10 Q0 r10 1 1 z\nbad line\n',
  // Every line without its tag: one malformed-line finding for the four; query ids with a "q" the qrels do not have.
  'cut.run': '1 Q0 r1 1 2\n2 Q0 r2 1 2\n3 Q0 n 1 1\n10 Q0 r10 1 1\n',
  'prefixed.run': 'q1 Q0 r1 1 2 p\nq2 Q0 r2 1 2 p\nq10 Q0 r10 1 1 p\n',
});

/** Runs the command, checks its report against the schema, and returns the report. */
function report(args: string[], cwd = dir): Record<string, unknown> {
  const r = ranklens(args, cwd);
  assert.ok(r.code === 0 || r.code === 1, `${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
  const json = JSON.parse(r.stdout) as Record<string, unknown>;
  assert.deepEqual(validate(json), [], args.join(' '));
  return json;
}

describe('every --json report holds to schemas/ranklens-report.schema.json', () => {
  it('check: two fixtures with a NaN, a failed and a declared finding; a file with none; a syntax error', () => {
    const json = report(['check', '.', '--json']);
    const fixtures = json.fixtures as { file: string; fixture: number | null; means: Record<string, { value: number | null }> }[];
    assert.deepEqual(
      fixtures.map((f) => [f.file, f.fixture]),
      [
        ['empty.rank.yaml', null],
        ['syntax.rank.json', 1],
        ['two.rank.yaml', 1],
        ['two.rank.yaml', 2],
      ],
    );
    // a is NaN under the default preset and left out; b has P@1 = 1: the mean is 1, over one case.
    assert.deepEqual(fixtures[2].means['P@1'], { value: 1, trecEval: 'P_1', excluded: 1 });
    const findings = json.findings as { code: string; expected: boolean }[];
    assert.ok(findings.some((f) => f.code === 'unknown-key' && f.expected));
    assert.ok(findings.some((f) => f.code === 'syntax-error' && !f.expected));
  });

  it('check, compare and infer on every example (findings with related places, several documents, systems)', () => {
    for (const command of ['check', 'compare', 'infer']) report([command, EXAMPLES, '--format', 'json']);
  });

  it('compare and infer on the two fixtures and the syntax error', () => {
    report(['compare', 'two.rank.yaml', 'syntax.rank.json', '--json']);
    const infer = report(['infer', 'two.rank.yaml', '--json']);
    assert.deepEqual((infer.fixtures as { unexplained: unknown[] }[])[0].unexplained, [
      { case: 'b', measure: 'P@1', expected: 0.5, nearest: 1, nearestKnobs: { duplicates: 'first' } },
    ]);
  });

  it('trec with one run: the default, -q, NaN under the default preset, -c, a malformed line (exit 1)', () => {
    const one = report(['trec', 'q', 'x.run', '--json']);
    assert.deepEqual([one.comparisons, one.significance], [[], null]);
    const nan = report(['trec', 'q', 'x.run', '-q', '-m', 'AP', '-m', 'ERR@10', '--convention', 'default', '--json']);
    const [run] = nan.runs as { queries: { id: string; values: { AP: { value: number | null } } }[] }[];
    assert.deepEqual(
      run.queries.map((q) => [q.id, q.values.AP.value]),
      [
        ['1', 1],
        ['2', 0.5],
        ['3', null],
        ['10', 1],
      ],
    );
    report(['trec', 'q', 'x.run', '-c', '-m', 'all_trec', '--json']);
  });

  it('trec refused (a malformed line under trec_eval), and with --keep-going computed on part of the run', () => {
    const refused = report(['trec', 'q', 'z.run', '--json']);
    const [run] = refused.runs as { means: object; queries: unknown[]; partial: unknown }[];
    assert.deepEqual([refused.refused, run.means, run.queries, run.partial], [true, {}, [], null]);
    const partial = report(['trec', 'q', 'z.run', '--json', '--keep-going']);
    assert.deepEqual(
      [partial.refused, (partial.runs as { partial: unknown }[])[0].partial],
      [false, { skippedLines: { qrels: 0, run: 1 }, droppedQueries: 0 }],
    );
    // Queries 3 and 4 are judged and not in z.run: every missing query in the finding's data, at its judgement's line.
    const missing = (partial.findings as { code: string; data: unknown }[]).find((f) => f.code === 'query-not-in-run');
    assert.deepEqual(missing?.data, {
      queries: [
        { id: '3', line: 3 },
        { id: '4', line: 4 },
      ],
    });
  });

  it('trec findings with data: a problem told once for many lines, ids that do not meet (a prefix), nothing evaluated', () => {
    const cut = report(['trec', 'q', 'cut.run', '--json']);
    const malformed = (cut.findings as { code: string; data: unknown }[]).find((f) => f.code === 'malformed-line');
    assert.deepEqual(malformed?.data, { count: 4, lines: [1, 2, 3, 4] });
    const prefixed = report(['trec', 'q', 'prefixed.run', '--json']);
    const nothing = (prefixed.findings as { code: string; data: unknown }[]).find((f) => f.code === 'nothing-evaluated');
    assert.deepEqual(nothing?.data, {
      ids: 'qids',
      queries: ['q1', 'q2', 'q10'],
      count: 3,
      cause: { kind: 'prefix', affix: 'q', side: 'run' },
      run: 'q1',
      qrels: '1',
    });
  });

  it('trec with several runs: each test, -q, all pairs, a run missing queries, a malformed line (--keep-going)', () => {
    for (const test of ['t', 'wilcoxon', 'randomization', 'bootstrap'])
      report(['trec', 'q', 'x.run', 'y.run', '-q', '--test', test, '--trials', '200', '--json']);
    // z.run's malformed line stops trec_eval's convention: --keep-going compares it, marked partial.
    const tukey = report([
      'trec',
      'q',
      'x.run',
      'y.run',
      'z.run',
      '--test',
      'tukey',
      '--trials',
      '200',
      '--baseline',
      'all',
      '--keep-going',
      '--json',
    ]);
    assert.equal((tukey.significance as { correction: string }).correction, 'none');
    report(['trec', 'q', 'x.run', 'y.run', 'z.run', '-c', '-m', 'official', '--keep-going', '--json']);
  });

  it('trec with several runs, one broken: refused, or with --keep-going the broken run partial', () => {
    const refused = report(['trec', 'q', 'x.run', 'z.run', '--json']);
    assert.deepEqual([refused.refused, refused.comparisons, refused.significance], [true, [], null]);
    assert.deepEqual(
      (refused.runs as { name: string; means: object; partial: unknown }[]).map((r) => [r.name, r.means, r.partial]),
      [
        ['x', {}, null],
        ['z', {}, null],
      ],
    );
    const partial = report(['trec', 'q', 'x.run', 'z.run', '--json', '--keep-going']);
    assert.deepEqual(
      (partial.runs as { name: string; partial: unknown }[]).map((r) => [r.name, r.partial]),
      [
        ['x', null],
        ['z', { skippedLines: { qrels: 0, run: 1 }, droppedQueries: 0 }],
      ],
    );
    assert.equal(partial.refused, false);
  });

  it("trec on the repository's TREC files, trec_eval's own test files included", () => {
    report(['trec', join(TREC_DATA, 'handworked.qrels'), join(TREC_DATA, 'broken.run'), '-q', '--json']);
    report(['trec', join(TREC_DATA, 'compare.qrels'), join(TREC_DATA, 'compare-base.run'), join(TREC_DATA, 'compare-mixed.run'), '--json']);
    const te = join(TREC_DATA, 'trec_eval');
    report(['trec', join(te, 'qrels.test'), join(te, 'results.test'), '-q', '-m', 'all_trec', '--json']);
  });
});

describe('diff reports hold to the schema', () => {
  it('three runs with a NaN and a query in one run only, --keep-going past a malformed line; refused; Tukey HSD', () => {
    const json = report(['diff', 'q', 'x.run', 'y.run', 'z.run', '--keep-going', '-m', 'AP', '--convention', 'default', '--json']);
    assert.equal(json.command, 'diff');
    assert.deepEqual(
      (json.comparisons as { b: string; wins: number; ties: number; losses: number }[]).map((c) => [c.b, c.wins, c.ties, c.losses]),
      [
        // x: AP 1 (query 1), 0.5 (2: n above r2), NaN (3: nothing relevant), 1 (10). y puts n above r1 and
        // r10 (1 → 0.5 twice) and r2 first (0.5 → 1): one win, two losses.
        ['y', 1, 0, 2],
        // z (partial: its bad line skipped) ranks r1, r2, r10 first: a win on query 2, ties on 1 and 10.
        ['z', 1, 2, 0],
      ],
    );
    assert.equal(report(['diff', 'q', 'x.run', 'z.run', '--json']).refused, true);
    report(['diff', 'q', 'x.run', 'y.run', 'z.run', '--keep-going', '--test', 'tukey', '--json']);
    report([
      'diff',
      join(TREC_DATA, 'compare.qrels'),
      join(TREC_DATA, 'compare-base.run'),
      join(TREC_DATA, 'compare-mixed.run'),
      '-c',
      '--json',
    ]);
  });
});

describe('the schema refuses what the report is not', () => {
  const valid = report(['trec', 'q', 'x.run', '--json']);

  it('a partial that is any object, a refused that is not a boolean, finding data of no known shape', () => {
    const any = structuredClone(valid);
    (any.runs as Record<string, unknown>[])[0].partial = { lines: 3 };
    assert.ok(validate(any).includes('/runs/0/partial must match exactly one schema in oneOf'), validate(any).join('; '));
    assert.deepEqual(validate({ ...valid, refused: 'yes' }), ['/refused must be boolean']);
    const data = structuredClone(valid);
    (data.findings as Record<string, unknown>[])[0].data = { note: 'x' };
    assert.ok(validate(data).includes('/findings/0/data must match exactly one schema in oneOf'), validate(data).join('; '));
  });

  it('a 0-based line, a key it does not describe, a parallel trecNames array, another version', () => {
    const finding = (valid.findings as { range: { start: { line: number } } }[])[0];
    const zeroBased = structuredClone(valid);
    (zeroBased.findings as (typeof finding)[])[0].range.start.line = 0;
    assert.deepEqual(validate(zeroBased), ['/findings/0/range/start/line must be >= 1']);
    const old = structuredClone(valid);
    (old.runs as Record<string, unknown>[])[0].trecNames = ['map'];
    assert.deepEqual(validate(old), ['/runs/0 must NOT have additional properties']);
    assert.deepEqual(validate({ ...valid, schemaVersion: 2 }), ['/schemaVersion must be equal to constant']);
  });

  it('a bare number where a value and its trec_eval name belong', () => {
    const bare = structuredClone(valid);
    const means = (bare.runs as { means: Record<string, unknown> }[])[0].means;
    means.AP = 0.5;
    assert.deepEqual(validate(bare), ['/runs/0/means/AP must be object']);
  });

  it("a preset Ranklens does not have: both lists of presets are the core's, in its order (the old name default is gone)", () => {
    const text = JSON.stringify(reportSchema());
    const lists = [...text.matchAll(/"enum":\["trec_eval"[^\]]*\]/g)].map((m) => JSON.parse(m[0].slice(7)));
    assert.deepEqual(lists, [[...PRESET_NAMES], [...PRESET_NAMES]]);
  });
});
