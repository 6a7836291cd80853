/**
 * The CLI's building blocks called directly: the text table, line positions, finding lines, the file
 * finder and its globs, trec_eval's number format and measure names, the byte-range reader, the run
 * splitter, the progress bar, and the SARIF, GitHub and comparison formats' details.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempFiles } from '../cli/ranklens';
import { csvNumber, csvTable, latexTable, latexText, markdownTable, markdownText, table } from '../../cli/table';
import { outputFormat } from '../../cli/outputFormat';
import { jsonRange } from '../../cli/jsonReport';
import { LineIndex } from '../../cli/positions';
import { fails, findingLine, ReportFinding } from '../../cli/report';
import { findFiles, splitGlob } from '../../cli/findFiles';
import { cFixed4, trecText, trecValue } from '../../cli/trecFormat';
import { parseTrecMeasures, splitNames } from '../../shared/trec/measureNames';
import { nextLineStart, readChunks } from '../../shared/trec/node/fileChunks';
import { splitRanges as splitRangesOf } from '../../shared/trec/evaluate/runPieces';
import { NODE_FILES } from '../../shared/trec/node/nodeFiles';
import { progressBar } from '../../cli/progress';
import { sarifReport, region } from '../../cli/formats/sarif';
import { escapeData, escapeProperty, githubCommand, githubReport } from '../../cli/formats/github';
import { xmlText } from '../../cli/formats/xml';
import { ComparisonReport, beats, compareReport, footer, pText, runLetter } from '../../cli/compareReport';
import { runPairs } from '../../cli/trecCompare';
import { trecJson } from '../../cli/trecJson';
import { lastRunTag } from '../../shared/trec/node/inputFiles';
import { conventionOption, positiveInt } from '../../cli/usage';
import { trecConvention, wholeNumber } from '../../cli/trecOptions';

// The run cut into pieces, read from the disk.
const splitRanges = (path: string, size: number, jobs: number, from?: number) => splitRangesOf(NODE_FILES, path, size, jobs, from);

describe('table', () => {
  it('pads each column to its widest cell; numeric columns (past the first) right-aligned', () => {
    assert.equal(
      table(
        ['case', 'P@3', 'note'],
        [
          ['u1', '0.333', 'ok'],
          ['user22', '1.000', 'a note'],
        ],
      ),
      ['case      P@3  note', 'u1      0.333  ok', 'user22  1.000  a note'].join('\n'),
    );
  });

  it('counts NaN, — , −0.5, an empty cell and a trailing mark (≠, *) as numeric; measures code points', () => {
    assert.equal(
      table(
        ['m', 'a', 'b'],
        [
          ['x', 'NaN', '—'],
          ['é', '−0.5≠', ''],
        ],
      ),
      'm      a  b\nx    NaN  —\né  −0.5≠',
    );
    assert.equal(
      table(
        ['m', 'v'],
        [
          ['x', '1.5'],
          ['y', 'n/a'],
        ],
      ),
      'm  v\nx  1.5\ny  n/a',
    );
  });

  it('a header alone: no column is numeric', () => {
    assert.equal(table(['case', 'P@3'], []), 'case  P@3');
  });

  it('the first column is left-aligned even when numeric', () => {
    assert.equal(
      table(
        ['id', 'v'],
        [
          ['1', '10'],
          ['100', '1'],
        ],
      ),
      'id    v\n1    10\n100   1',
    );
  });
});

describe('LineIndex', () => {
  it('counts lines at \\n, \\r\\n and \\r, and characters in UTF-16 units', () => {
    const lines = new LineIndex('ab\r\ncd\ref\n😀x');
    assert.deepEqual(
      [0, 2, 3, 4, 6, 7, 9, 10, 12].map((o) => lines.position(o)),
      [
        { line: 0, character: 0 },
        { line: 0, character: 2 },
        { line: 0, character: 3 },
        { line: 1, character: 0 },
        { line: 1, character: 2 },
        { line: 2, character: 0 },
        { line: 2, character: 2 },
        { line: 3, character: 0 },
        { line: 3, character: 2 },
      ],
    );
    assert.deepEqual(lines.range({ start: 4, end: 13 }), { start: { line: 1, character: 0 }, end: { line: 3, character: 3 } });
  });

  it('clamps offsets to the text', () => {
    const lines = new LineIndex('a\nb');
    assert.deepEqual(
      [lines.position(-5), lines.position(99)],
      [
        { line: 0, character: 0 },
        { line: 1, character: 1 },
      ],
    );
  });

  it('a text ending in a line break has an empty last line', () => {
    const lines = new LineIndex('a\n\n');
    assert.deepEqual(
      [lines.position(2), lines.position(3)],
      [
        { line: 1, character: 0 },
        { line: 2, character: 0 },
      ],
    );
  });
});

describe('findingLine and fails', () => {
  const f: ReportFinding = {
    path: 'a.rank.yaml',
    severity: 'error',
    code: 'expect-mismatch',
    message: 'Wrong.',
    range: { start: { line: 2, character: 4 }, end: { line: 2, character: 7 } },
  };
  it('writes file:line:col (1-based), severity, code, message, related places and [expected]', () => {
    assert.equal(findingLine(f), 'a.rank.yaml:3:5 error expect-mismatch Wrong.');
    assert.equal(
      findingLine({
        ...f,
        expected: true,
        related: [{ path: 'b', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: 'first' }],
      }),
      'a.rank.yaml:3:5 error expect-mismatch Wrong. (first: b:1:1) [expected]',
    );
  });
  it('an error fails the run unless declared; a warning never', () => {
    assert.deepEqual([fails(f), fails({ ...f, expected: true }), fails({ ...f, severity: 'warning' })], [true, false, false]);
  });
});

describe('findFiles', () => {
  const dir = tempFiles({
    'b.rank.yaml': 'k: 1\n',
    'a.rank.json': '{}',
    'notes.json': '{}',
    'sub/c.rank.yml': 'k: 1\n',
    'sub/deep/d.rank.yaml': 'k: 1\n',
    '.hidden/e.rank.yaml': 'k: 1\n',
    'node_modules/f.rank.yaml': 'k: 1\n',
    'out/g.rank.yaml': 'k: 1\n',
    'dist/h.rank.yaml': 'k: 1\n',
    'Z.rank.yaml': 'k: 1\n',
  });
  const rel = (files: { path: string; language: string }[]) => files.map((f) => [f.path.slice(dir.length + 1), f.language]);

  it('a folder: fixture names only, sorted, depth first; dot folders, node_modules, out and dist skipped', () => {
    assert.deepEqual(rel(findFiles([dir])), [
      ['Z.rank.yaml', 'yaml'],
      ['a.rank.json', 'json'],
      ['b.rank.yaml', 'yaml'],
      ['sub/c.rank.yml', 'yaml'],
      ['sub/deep/d.rank.yaml', 'yaml'],
    ]);
  });

  it('a file named outright counts when its extension is a fixture syntax; each file once', () => {
    assert.deepEqual(rel(findFiles([join(dir, 'notes.json'), join(dir, 'notes.json'), join(dir, 'a.rank.json')])), [
      ['notes.json', 'json'],
      ['a.rank.json', 'json'],
    ]);
  });

  it('globs: * within a folder, ** across folders, ? one character; any syntax the glob names', () => {
    assert.deepEqual(rel(findFiles([join(dir, '*.json')])), [
      ['a.rank.json', 'json'],
      ['notes.json', 'json'],
    ]);
    // y?ml needs one character between y and ml: .yaml, not .yml; ** matches no folder as well as several.
    assert.deepEqual(rel(findFiles([join(dir, '**/*.rank.y?ml')])), [
      ['Z.rank.yaml', 'yaml'],
      ['b.rank.yaml', 'yaml'],
      ['sub/deep/d.rank.yaml', 'yaml'],
    ]);
    assert.deepEqual(rel(findFiles([join(dir, 'sub/*/*.yaml')])), [['sub/deep/d.rank.yaml', 'yaml']]);
  });

  it('a glob that matches nothing, or whose folder does not exist: "No fixture file"', () => {
    assert.throws(() => findFiles([join(dir, '*.txt')]), { message: `No fixture file in ${join(dir, '*.txt')}.` });
    assert.throws(() => findFiles([join(dir, 'nope/*.yaml')]), { message: `No fixture file in ${join(dir, 'nope/*.yaml')}.` });
    assert.throws(() => findFiles([join(dir, 'nope.yaml')]), { message: `Cannot read ${join(dir, 'nope.yaml')}: no such file or folder.` });
  });

  it('splitGlob: the folder before the first wildcard, and the rest', () => {
    assert.deepEqual(splitGlob('evals/**/*.yaml'), { base: 'evals', pattern: '**/*.yaml' });
    assert.deepEqual(splitGlob('*.yaml'), { base: '.', pattern: '*.yaml' });
    assert.deepEqual(splitGlob('/*.yaml'), { base: '/', pattern: '*.yaml' });
    assert.deepEqual(splitGlob('a/b/c?.json'), { base: 'a/b', pattern: 'c?.json' });
  });
});

describe("trec_eval's number format", () => {
  it("cFixed4 is C's %6.4f: exact ties to even, NaN as -nan, infinities padded", () => {
    // 0.03125 and 0.15625 are exact binary ties at the fifth decimal: C rounds to even (2), JavaScript would round up.
    assert.deepEqual([0.03125, 0.09375, -0.03125, 0.15625, 1 / 3, 0.5, 0.000025].map(cFixed4), [
      '0.0312',
      '0.0938',
      '-0.0312',
      '0.1562',
      '0.3333',
      '0.5000',
      '0.0000',
    ]);
    assert.deepEqual([NaN, Infinity, -Infinity].map(cFixed4), ['  -nan', '   inf', '  -inf']);
  });

  it('trecValue: counts as whole numbers (truncated), NaN as Ranklens spells it when asked', () => {
    assert.deepEqual(
      [trecValue(12.9, true), trecValue(NaN, true), trecValue(Infinity, true), trecValue(0.25, false)],
      ['12', '  -nan', '   inf', '0.2500'],
    );
    assert.deepEqual([trecValue(NaN, false, false), trecValue(NaN, true, false), trecValue(NaN, false)], ['NaN', 'NaN', '  -nan']);
  });

  it('trecText: relstring after the rows up to its place, summary-only rows only in the summary', () => {
    const { rows } = parseTrecMeasures(['num_q', 'P.1', 'map']);
    const text = trecText({
      rows,
      names: rows.map((r) => r.trecName),
      queries: [
        { qid: 'q1', values: [1, 0.5, 1] },
        { qid: 'q2', values: [1, 0.25, 0] },
      ],
      summary: [2, 0.375, 0.5],
      runid: 'tag',
      relstring: { name: 'relstring', order: rows[2].order + 0.5, values: ['10', '0'] },
      perQuery: true,
      summaryLine: true,
      cNaN: true,
    });
    assert.equal(
      text,
      [
        'map                   \tq1\t0.5000',
        'P_1                   \tq1\t1.0000',
        "relstring             \tq1\t'10'",
        'map                   \tq2\t0.2500',
        'P_1                   \tq2\t0.0000',
        "relstring             \tq2\t'0'",
        'runid                 \tall\ttag',
        'num_q                 \tall\t2',
        'map                   \tall\t0.3750',
        'P_1                   \tall\t0.5000',
        '',
      ].join('\n'),
    );
    const before = trecText({
      rows,
      names: rows.map((r) => r.trecName),
      queries: [{ qid: 'q1', values: [1, 0.5, 1] }],
      summary: [1, 0.5, 1],
      relstring: { name: 'relstring_2', order: rows[1].order + 0.5, values: ['1-'] },
      perQuery: true,
      summaryLine: false,
      cNaN: false,
    });
    assert.equal(before, "map                   \tq1\t0.5000\nrelstring_2           \tq1\t'1-'\nP_1                   \tq1\t1.0000\n");
  });
});

describe("parseTrecMeasures: trec_eval's -m", () => {
  const rows = (values: string[], collection?: number) => parseTrecMeasures(values, collection).rows.map((r) => r.trecName);
  const errors = (values: string[]) => parseTrecMeasures(values).errors;

  it("names with cutoffs, in trec_eval's table order and cutoffs sorted", () => {
    assert.deepEqual(rows(['P.10,5', 'ndcg_cut.10', 'map']), ['map', 'P_5', 'P_10', 'ndcg_cut_10']);
    assert.deepEqual(
      parseTrecMeasures(['P.10,5']).rows.map((r) => r.spec),
      [
        { family: 'P', k: 5 },
        { family: 'P', k: 10 },
      ],
    );
  });

  it('levels, multipliers, F, utility, rbp, unj, 11pt_avg and ndcg gains with their parameters', () => {
    assert.deepEqual(rows(['iprec_at_recall..25,.5']), ['iprec_at_recall_0.25', 'iprec_at_recall_0.50']);
    assert.deepEqual(rows(['Rprec_mult.0.5', 'set_F.0.5']), ['Rprec_mult_0.50', 'set_F_0.5']);
    assert.deepEqual(
      parseTrecMeasures(['utility.2,-1,0,0'], 100).rows.map((r) => r.spec),
      [{ family: 'Utility', k: null, coefficients: [2, -1, 0, 0], param: 100 }],
    );
    assert.deepEqual(
      parseTrecMeasures(['rbp.p=0.8', 'rbp']).rows.map((r) => [r.trecName, r.spec.param]),
      [['rbp_p=0.8', 0.8]],
    );
    assert.deepEqual(
      parseTrecMeasures(['rbp', 'rbp.q=1']).rows.map((r) => [r.trecName, r.spec.param]),
      [['rbp_q=1', 0.9]],
    );
    assert.deepEqual(
      parseTrecMeasures(['unj.5']).rows.map((r) => r.spec),
      [{ family: 'Unjudged', k: 5 }],
    );
    assert.deepEqual(
      parseTrecMeasures(['11pt_avg.0.4,0.2']).rows.map((r) => [r.trecName, r.spec.levels]),
      [['11pt_avg_0.4,0.2', [0.2, 0.4]]],
    );
    // A gain name that is not a whole number is ignored, as trec_eval does.
    assert.deepEqual(
      parseTrecMeasures(['ndcg.1=0.5,2=2,x=3']).rows.map((r) => r.spec.gains),
      [
        [
          [1, 0.5],
          [2, 2],
        ],
      ],
    );
  });

  it('counts are long, num_q and the gm_ means summary-only', () => {
    assert.deepEqual(
      parseTrecMeasures(['num_q', 'gm_map', 'P_5', 'num_ret']).rows.map((r) => [r.trecName, r.long, r.summaryOnly]),
      [
        ['num_q', true, true],
        ['num_ret', true, false],
        ['gm_map', false, true],
        ['P_5', false, false],
      ],
    );
  });

  it('official and set ask for runid; relstring has a length (10 by default) and a printed name', () => {
    const official = parseTrecMeasures(['official']);
    assert.equal(official.runid, true);
    assert.deepEqual(official.rows.map((r) => r.trecName).slice(0, 6), ['num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'map', 'gm_map']);
    assert.equal(official.rows.length, 29);
    assert.deepEqual(rows(['set']), [
      'num_q',
      'num_ret',
      'num_rel',
      'num_rel_ret',
      'utility',
      'set_P',
      'set_relative_P',
      'set_recall',
      'set_map',
      'set_F',
    ]);
    assert.deepEqual(parseTrecMeasures(['relstring']).relstring, { length: 10, name: 'relstring' });
    assert.deepEqual(parseTrecMeasures(['relstring.5', 'runid']), {
      rows: [],
      runid: true,
      relstring: { length: 5, name: 'relstring_5' },
      errors: [],
    });
    assert.equal(parseTrecMeasures(['map']).runid, false);
  });

  it("Ranklens names: several per value, a bare number continuing the last name, after trec_eval's rows", () => {
    assert.deepEqual(rows(['RBP(p=0.8),P(rel=2)@10', 'P@5,10', 'Utility(a=2,b=-1,c=0,d=0)', 'nDCG@10', 'ERR@10'], 50), [
      'P_5',
      'P_10',
      'utility_2,-1,0,0',
      'ndcg_cut_10',
      'rbp_p=0.8',
      'P(rel=2)@10',
      'ERR@10',
    ]);
    assert.deepEqual(parseTrecMeasures(['Utility(a=2,b=-1,c=0,d=0)'], 50).rows[0].spec.param, 50);
    assert.deepEqual(rows(['P@5', 'P.5']), ['P_5'], 'one row for one measure');
    assert.deepEqual(rows(['ERR@10, ,ERR@20']), ['ERR@10', 'ERR@20']);
  });

  it('mistakes, each its own message', () => {
    assert.deepEqual(errors(['P.']), ['-m P.: no parameters after the point.']);
    assert.deepEqual(errors(['P.5,5']), ['-m P.5,5: duplicate cutoffs.']);
    assert.deepEqual(errors(['P.0']), ['-m P.0: cutoffs must be positive.']);
    assert.deepEqual(errors(['ndcg_cut.x']), ['-m ndcg_cut.x: cutoffs must be positive.']);
    assert.deepEqual(errors(['map.5']), ['-m map.5: Ranklens does not take parameters for map.']);
    assert.deepEqual(errors(['iprec_at_recall.0.5,0.5']), ['-m iprec_at_recall.0.5,0.5: duplicate cutoffs.']);
    assert.deepEqual(errors(['11pt_avg.0.2,0.2']), ['-m 11pt_avg.0.2,0.2: duplicate cutoffs.']);
    assert.deepEqual(errors(['utility.2,-1']), ['-m utility.2,-1: utility takes four coefficients.']);
    assert.deepEqual(errors(['rbp.x']), ['-m rbp.x: parameters are name=value pairs.']);
    assert.deepEqual(errors(['ndcg.bad']), ['-m ndcg.bad: parameters are grade=gain pairs.']);
    assert.deepEqual(errors(['Precison@5']), ['-m Precison@5: Unknown metric "Precison@5". Did you mean "P@5"?']);
  });

  it("parameters read as C's atol and atof read them: leading blanks, signs, exponents, junk after the number", () => {
    const specs = (values: string[]) => parseTrecMeasures(values).rows.map((r) => [r.trecName, r.spec]);
    assert.deepEqual(specs(['P. 5,+10']), [
      ['P_5', { family: 'P', k: 5 }],
      ['P_10', { family: 'P', k: 10 }],
    ]);
    assert.deepEqual(specs(['P.5abc,10']), [
      ['P_5', { family: 'P', k: 5 }],
      ['P_10', { family: 'P', k: 10 }],
    ]);
    assert.deepEqual(specs(['Rprec_mult.1e-1']), [['Rprec_mult_0.10', { family: 'RprecMult', k: null, param: 0.1 }]]);
    assert.deepEqual(specs(['iprec_at_recall.2E+0,5e-1']), [
      ['iprec_at_recall_0.50', { family: 'IPrec', k: null, param: 0.5 }],
      ['iprec_at_recall_2.00', { family: 'IPrec', k: null, param: 2 }],
    ]);
    assert.deepEqual(specs(['set_F.0.5x']), [['set_F_0.5x', { family: 'SetF', k: null, param: 0.5 }]]);
    assert.deepEqual(specs(['ndcg.-1=2,+2=1.5e0,3=x']), [
      [
        'ndcg_-1=2,+2=1.5e0,3=x',
        {
          family: 'nDCG',
          k: null,
          gains: [
            [-1, 2],
            [2, 1.5],
            [3, 0],
          ],
        },
      ],
    ]);
    // rbp reads p only; without it, p = 0.9.
    assert.deepEqual(specs(['rbp.p=0.5,q=2']), [['rbp_p=0.5,q=2', { family: 'RBP', k: null, param: 0.5 }]]);
    assert.deepEqual(specs(['rbp.x=1']), [['rbp_x=1', { family: 'RBP', k: null, param: 0.9 }]]);
    assert.deepEqual(specs(['11pt_avg.0.1, 0.3']), [['11pt_avg_0.1, 0.3', { family: '11ptAvg', k: null, levels: [0.1, 0.3] }]]);
  });

  it("a duplicate found after sorting; Ranklens names continued by a bare number, sorted with trec_eval's rows by cutoff", () => {
    assert.deepEqual(errors(['P.10,5,10']), ['-m P.10,5,10: duplicate cutoffs.']);
    assert.deepEqual(errors(['iprec_at_recall.0.5,0.2,0.5']), ['-m iprec_at_recall.0.5,0.2,0.5: duplicate cutoffs.']);
    assert.deepEqual(rows(['P_5,10']), ['P_5', 'P_10']);
    assert.deepEqual(rows(['P(rel=2)@5,10']), ['P(rel=2)@5', 'P(rel=2)@10']);
    assert.deepEqual(rows(['P@10', 'P@5']), ['P_5', 'P_10']);
    assert.deepEqual(
      parseTrecMeasures(['ERR@10']).rows.map((r) => [r.long, r.summaryOnly]),
      [[false, false]],
    );
  });

  it('splitNames splits on commas outside parentheses', () => {
    assert.deepEqual(splitNames('RBP(p=0.8),Utility(a=2,b=-1),P@5'), ['RBP(p=0.8)', 'Utility(a=2,b=-1)', 'P@5']);
    assert.deepEqual(splitNames('a,,b'), ['a', '', 'b']);
  });
});

describe('readChunks and nextLineStart', () => {
  const long = 'x'.repeat(70000);
  const dir = tempFiles({ 'a.txt': 'a\nbb\nccc', 'long.txt': `a\n${long}\nb\n` });
  const read = (name: string, range?: { start: number; end: number }, stopAfter = Infinity) => {
    const pieces: string[] = [];
    const progress: [number, number][] = [];
    readChunks(
      join(dir, name),
      (t) => {
        pieces.push(t);
        return pieces.length < stopAfter;
      },
      (d, t) => progress.push([d, t]),
      range,
    );
    return { pieces, progress };
  };

  it('gives whole lines, the last one even without its line break', () => {
    assert.deepEqual(read('a.txt'), { pieces: ['a\nbb\n', 'ccc'], progress: [[8, 8]] });
  });

  it('reads only the byte range, counting progress from its start', () => {
    assert.deepEqual(read('a.txt', { start: 2, end: 5 }), { pieces: ['bb\n'], progress: [[3, 3]] });
    assert.deepEqual(read('a.txt', { start: 5, end: 5 }), { pieces: [], progress: [] });
  });

  it('grows its 64 KB buffer for a line longer than it, and stops when told', () => {
    const { pieces, progress } = read('long.txt');
    assert.deepEqual(
      pieces.map((p) => p.length),
      [2, 70003],
    );
    assert.equal(pieces[1], `${long}\nb\n`);
    assert.deepEqual(progress, [
      [65536, 70005],
      [65538, 70005],
      [70005, 70005],
    ]);
    assert.deepEqual(read('long.txt', undefined, 1).pieces, ['a\n']);
  });

  it('nextLineStart: just past the line break of the line holding the byte, or the file size', () => {
    const path = join(dir, 'a.txt');
    assert.deepEqual(
      [0, 1, 2, 4, 5, 7].map((at) => nextLineStart(path, at)),
      [2, 2, 5, 5, 8, 8],
    );
    assert.equal(nextLineStart(join(dir, 'long.txt'), 3), 70003);
  });
});

describe('splitRanges: a run cut in pieces at query starts, large pieces first', () => {
  // 15 bytes a line: q1 on lines 0–2 (bytes 0–44), q2 on 3–5 (45–89), q3 on 6–7 (90–119).
  const lines = ['q1', 'q1', 'q1', 'q2', 'q2', 'q2', 'q3', 'q3'].map((q, i) => `${q} Q0 d${i} 1 1 t\n`);
  // 100 queries of one line each, 16 bytes a line (1,600 bytes).
  const hundred = Array.from({ length: 100 }, (_, i) => `q${String(i).padStart(2, '0')} Q0 d 1 1 tt\n`);
  const dir = tempFiles({
    run: lines.join(''),
    spaced: lines
      .map((l, i) => (i === 3 ? ` \t${l.slice(2)}` : l))
      .join('')
      .replace(' \t Q0', ' \tq2 Q0'),
    one: lines.slice(0, 3).join(''),
    blank: `${lines[0]}\n${lines[3]}`,
    hundred: hundred.join(''),
  });
  const path = join(dir, 'run');

  it("one job: the whole file (from the byte-order mark's end)", () => {
    assert.deepEqual(splitRanges(path, 120, 1), [{ start: 0, end: 120 }]);
    assert.deepEqual(splitRanges(path, 120, 1, 3), [{ start: 3, end: 120 }]);
  });

  it('two jobs: a quarter of what is left per thread, moved on to the end of its line and to the next query: one piece per query here', () => {
    // From 0: a step of 120/8 = 15 bytes; byte 15 is in line 1, which ends at 30, inside q1, so the piece ends where q2 starts (45).
    // From 45: 75/8 → 10 bytes, byte 55 in line 3 (45–59), still q2: on to q3 (90). From 90: 30/8 → 4 bytes, then the file ends inside q3.
    const perQuery = [
      { start: 0, end: 45 },
      { start: 45, end: 90 },
      { start: 90, end: 120 },
    ];
    assert.deepEqual(splitRanges(path, 120, 2), perQuery);
    assert.deepEqual(splitRanges(path, 120, 4), perQuery);
    assert.deepEqual(splitRanges(path, 120, 12), perQuery);
  });

  it('pieces shrink as the file is handed out, down to the smallest (a 32nd of the file for two threads here)', () => {
    // From 0: 1,600/8 = 200, byte 200 is in line 12 (192–207): the piece ends at 208. From 208: 1,392/8 = 174, byte 382
    // in line 23 (368–383): 384. … down to ⌈1,600/32⌉ = 50 bytes a step, 64 with the rest of the line.
    const pieces = splitRanges(join(dir, 'hundred'), 1600, 2);
    assert.deepEqual(
      pieces.map((r) => r.start),
      [0, 208, 384, 544, 688, 816, 928, 1024, 1104, 1168, 1232, 1296, 1360, 1424, 1488, 1552],
    );
    assert.deepEqual(
      pieces.map((r) => r.end - r.start),
      [208, 176, 160, 144, 128, 112, 96, 80, 64, 64, 64, 64, 64, 64, 64, 48],
    );
  });

  it('one query: nothing to split', () => {
    assert.deepEqual(splitRanges(join(dir, 'one'), 45, 2), [{ start: 0, end: 45 }]);
  });

  it('reads the query id past leading blanks and tabs', () => {
    // The fourth line is " \tq2 Q0 d3 1 1 t" (17 bytes, from byte 45): its id is q2, not q1, so the cut is at 45; q3 starts at 92.
    assert.deepEqual(
      splitRanges(join(dir, 'spaced'), 122, 3).map((r) => r.start),
      [0, 45, 92],
    );
  });

  it('after a blank line, cuts where it is (no query id to compare)', () => {
    // 15 bytes of q1, a blank line (byte 15), q2 from byte 16: the first step (31/8 → 4 bytes) ends with line 0, at 15;
    // the blank line there has no query id, so the cut moves on to q2's first line.
    assert.deepEqual(splitRanges(join(dir, 'blank'), 31, 2), [
      { start: 0, end: 16 },
      { start: 16, end: 31 },
    ]);
  });
});

describe('the progress bar', () => {
  const stream = () => {
    const written: string[] = [];
    return {
      written,
      stream: {
        isTTY: true,
        write: (s: string) => {
          written.push(s);
          return true;
        },
      } as unknown as NodeJS.WriteStream,
    };
  };
  const realNow = Date.now;
  const at = (ms: number) => {
    Date.now = () => ms;
  };

  it('stays silent when stderr is not a terminal', () => {
    const { written, stream: s } = stream();
    const bar = progressBar('x', 'files', { ...s, isTTY: false } as NodeJS.WriteStream);
    bar.update(1, 2);
    bar.end();
    assert.deepEqual(written, []);
  });

  it('appears after 400 ms, redraws at most every 100 ms, and erases itself', () => {
    const { written, stream: s } = stream();
    try {
      at(1000);
      const bar = progressBar('ranklens check', 'files', s);
      at(1399);
      bar.update(1, 4);
      at(1400);
      bar.update(1, 4);
      at(1499);
      bar.update(2, 4);
      at(1500);
      bar.update(3, 4);
      at(1600);
      bar.update(3, 0);
      bar.end();
    } finally {
      Date.now = realNow;
    }
    assert.deepEqual(written, [
      `\rranklens check [${'#'.repeat(8)}${'.'.repeat(22)}]  25% 1/4 files\x1b[K`,
      `\rranklens check [${'#'.repeat(23)}${'.'.repeat(7)}]  75% 3/4 files\x1b[K`,
      '\r\x1b[K',
    ]);
  });

  it('counts megabytes, caps the share at 100%, and erases nothing it never drew', () => {
    const { written, stream: s } = stream();
    try {
      at(0);
      const bar = progressBar('ranklens trec', 'MB', s);
      at(500);
      bar.update(3 * 1048576, 2 * 1048576);
      const quiet = progressBar('q', 'MB', s);
      quiet.end();
    } finally {
      Date.now = realNow;
    }
    assert.deepEqual(written, [`\rranklens trec [${'#'.repeat(30)}] 100% 3/2 MB\x1b[K`]);
  });
});

describe("the report formats' details", () => {
  const f: ReportFinding = {
    path: '/work/x/a.rank.yaml',
    severity: 'info',
    code: 'empty-labels',
    message: '50% done,\r\nnext: go',
    range: { start: { line: 0, character: 2 }, end: { line: 0, character: 2 } },
  };

  it('github: notice for info and hint, paths relative to the root, escaped message and properties, no columns over several lines', () => {
    assert.equal(
      githubCommand(f, '/work/x'),
      '::notice file=a.rank.yaml,line=1,col=3,endLine=1,endColumn=3,title=Ranklens empty-labels::50%25 done,%0D%0Anext: go',
    );
    assert.equal(
      githubCommand(
        {
          ...f,
          severity: 'hint',
          path: '/elsewhere/b,c:d.yaml',
          range: { start: { line: 0, character: 2 }, end: { line: 3, character: 1 } },
        },
        '/work/x',
      ),
      '::notice file=/elsewhere/b%2Cc%3Ad.yaml,line=1,endLine=4,title=Ranklens empty-labels::50%25 done,%0D%0Anext: go',
    );
    assert.equal(
      githubReport(
        [
          { ...f, severity: 'error', expected: true },
          { ...f, severity: 'warning' },
        ],
        '/work/x',
      ),
      '::warning file=a.rank.yaml,line=1,col=3,endLine=1,endColumn=3,title=Ranklens empty-labels::50%25 done,%0D%0Anext: go\n',
    );
    assert.equal(escapeData('a%\rb\nc'), 'a%25%0Db%0Ac');
    assert.equal(escapeProperty('a:b,c%'), 'a%3Ab%2Cc%25');
  });

  it('sarif: a path outside the root as an absolute file URI, a relative one joined to the root, regions 1-based', () => {
    const log = JSON.parse(
      sarifReport([{ ...f, path: '/elsewhere/b.yaml', related: [{ path: 'rel/c d.yaml', range: f.range, message: 'there' }] }], '/work/x'),
    );
    const run = log.runs[0];
    assert.equal(run.originalUriBaseIds.SRCROOT.uri, 'file:///work/x/');
    const [result] = run.results;
    assert.deepEqual([result.ruleId, result.level, result.message.text], ['empty-labels', 'note', '50% done,\r\nnext: go']);
    assert.deepEqual(result.locations[0].physicalLocation.artifactLocation, { uri: 'file:///elsewhere/b.yaml' });
    // A relative path is relative to the working folder, not to the root: outside the root here, so an absolute URI.
    assert.deepEqual(result.relatedLocations[0].physicalLocation.artifactLocation, { uri: 'file:///work/x/rel/c%20d.yaml' });
    assert.equal(
      result.ruleIndex,
      run.tool.driver.rules.findIndex((r: { id: string }) => r.id === 'empty-labels'),
    );
    assert.deepEqual(run.tool.driver.rules[result.ruleIndex], {
      id: 'empty-labels',
      name: 'EmptyLabels',
      shortDescription: { text: 'The case has no relevant label.' },
      defaultConfiguration: { level: 'warning' },
      properties: { layer: 'case', severity: 'warning' },
    });
    assert.equal(JSON.parse(sarifReport([], '/work/x/')).runs[0].originalUriBaseIds.SRCROOT.uri, 'file:///work/x/');
    assert.deepEqual(
      JSON.parse(sarifReport([{ ...f, path: '/r/in/root.yaml' }], '/r')).runs[0].results[0].locations[0].physicalLocation.artifactLocation,
      { uri: 'in/root.yaml', uriBaseId: 'SRCROOT' },
    );
    assert.equal(pathToFileURL('/r/x').href, 'file:///r/x');
    assert.deepEqual(region({ start: { line: 0, character: 0 }, end: { line: 2, character: 5 } }), {
      startLine: 1,
      startColumn: 1,
      endLine: 3,
      endColumn: 6,
    });
  });

  it('xmlText escapes markup, tabs and line breaks, and replaces what XML cannot hold', () => {
    assert.equal(xmlText('a<b>&"c\'\t\r\n\u0001\ud800'), 'a&lt;b&gt;&amp;&quot;c&apos;&#9;&#13;&#10;\ufffd\ufffd');
    assert.equal(xmlText('😀'), '😀');
  });

  it('run letters a … z, then aa, ab; pairs against a baseline or all', () => {
    assert.deepEqual([0, 1, 25, 26, 27, 52].map(runLetter), ['a', 'b', 'z', 'aa', 'ab', 'ba']);
    assert.deepEqual(runPairs(3, 0), [
      [0, 1],
      [0, 2],
    ]);
    assert.deepEqual(runPairs(3, 1), [
      [1, 0],
      [1, 2],
    ]);
    assert.deepEqual(runPairs(3, -1), [
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it("beats: the runs a run is significantly better than; footer for no comparisons and q's superscript", () => {
    const c = (a: number, b: number, diff: number, significant: boolean) => ({
      a,
      b,
      diff,
      significant,
      meanA: 0,
      meanB: 0,
      ci: [0, 0] as [number, number],
      effectSize: 0,
      p: 0.01,
      pAdjusted: 0.01,
      n: 5,
      leftOut: 0,
      exact: false,
      smallestP: 0,
      wins: 3,
      ties: 1,
      losses: 1,
    });
    const report: ComparisonReport = {
      runs: [
        { name: 'a', path: 'a', means: [0.1] },
        { name: 'b', path: 'b', means: [0.2] },
        { name: 'c', path: 'c', means: [0.05] },
      ],
      measures: ['AP'],
      baseline: 0,
      options: { test: 't', correction: 'holm', alpha: 0.05, trials: 10000, seed: 42 },
      comparisons: [[c(0, 1, 0.1, true), c(0, 2, -0.05, true), c(1, 2, 0, true)]],
    };
    assert.deepEqual([beats(report, 0, 0), beats(report, 0, 1), beats(report, 0, 2)], [[2], [0], []]);
    assert.deepEqual(footer({ ...report, comparisons: [[c(0, 1, 0.1, true)]] }), [
      "A letter marks the runs a value is significantly better than: paired Student's t-test, two-sided; each run against a (a); Holm correction over the 1 comparison of each measure; α = 0.05.",
      "Each comparison: diff = the mean of b − a over the paired queries, its 95% interval (Student's t), d = Cohen's d (diff ÷ the standard deviation of the differences), p corrected as its column says, significant when that p ≤ α, and W/T/L the queries where b is higher, equal, lower.",
      'Paired queries per comparison: 5.',
    ]);
  });
});

describe('small parsers of the command line', () => {
  it('positiveInt, wholeNumber, conventionOption, trecConvention', () => {
    assert.equal(positiveInt('--jobs', undefined), undefined);
    assert.equal(positiveInt('--jobs', '3'), 3);
    assert.throws(() => positiveInt('--jobs', '0'), { message: '--jobs takes a whole number ≥ 1, not "0".' });
    assert.throws(() => positiveInt('--jobs', '2x'), { message: '--jobs takes a whole number ≥ 1, not "2x".' });
    assert.deepEqual([wholeNumber('-l', undefined), wholeNumber('-l', '-2'), wholeNumber('-l', '7')], [undefined, -2, 7]);
    assert.throws(() => wholeNumber('-l', '1 '), { message: '-l takes a whole number, not "1 ".' });
    assert.equal(conventionOption('trec-eval').preset, 'trec_eval');
    assert.equal(trecConvention(undefined, undefined).preset, 'trec_eval');
    // -l 3: relevant when the grade exceeds 2.
    assert.equal(trecConvention('ranx', 3).convention.relevanceThreshold, 2);
    assert.equal(trecConvention('ranx', undefined).convention.relevanceThreshold, 0);
  });

  it('lastRunTag: the sixth field of the last line that is neither blank nor a comment', () => {
    const dir = tempFiles({ r1: '1 Q0 a 1 1 first\n1 Q0 b 2 1 last\n\n# note\n', r2: '# only a comment\n', r3: '1 Q0 a 1 1\n', r4: '' });
    assert.deepEqual(
      ['r1', 'r2', 'r3', 'r4'].map((n) => lastRunTag(join(dir, n))),
      ['last', '', '', ''],
    );
    const big = tempFiles({ r: `1 Q0 a 1 1 early\n${'#'.repeat(70000)}\n1 Q0 b 1 1 late\n` });
    assert.equal(lastRunTag(join(big, 'r')), 'late');
    const longTail = tempFiles({ r: `1 Q0 a 1 1 early\n${'\n'.repeat(70000)}` });
    assert.equal(lastRunTag(join(longTail, 'r')), 'early');
  });
});

describe("the comparison table's escaping, marks and best values", () => {
  const c = (a: number, b: number, diff: number, significant: boolean, leftOut = 0) => ({
    a,
    b,
    diff,
    significant,
    meanA: 0,
    meanB: 0,
    ci: [0, 0] as [number, number],
    effectSize: 0,
    p: 0.01,
    pAdjusted: 0.01,
    n: 5,
    leftOut,
    exact: false,
    smallestP: 0,
    wins: 3,
    ties: 1,
    losses: 1,
  });
  // 18 runs a … r, against r16 (letter q): run b beats it (diff b − a > 0), it beats run a (diff < 0); r2's mean is NaN.
  const runs = Array.from({ length: 18 }, (_, i) => ({
    name: i === 0 ? 'a_b&c{d}' : i === 1 ? 'x|y*z' : `r${i}`,
    path: 'p',
    means: [i === 16 ? 0.9 : i === 2 ? NaN : 0.1],
  }));
  const report: ComparisonReport = {
    runs,
    measures: ['P@10_x^~\\'],
    baseline: 16,
    options: { test: 'randomization', correction: 'bonferroni', alpha: 0.05, trials: 5000, seed: 1 },
    comparisons: [runs.flatMap((_, i) => (i === 16 ? [] : [c(16, i, i === 0 ? -0.8 : 0.5, i < 2, i === 3 ? 2 : 0)]))],
  };
  const FOOTER = [
    "A letter marks the runs a value is significantly better than: Fisher's paired randomization test, two-sided, 5,000 trials, seed 1; each run against r16 (q); Bonferroni correction over the 17 comparisons of each measure; α = 0.05.",
    "Each comparison: diff = the mean of b − a over the paired queries, its 95% interval (Student's t), d = Cohen's d (diff ÷ the standard deviation of the differences), p corrected as its column says, significant when that p ≤ α, and W/T/L the queries where b is higher, equal, lower.",
    'Paired queries per comparison: 5.',
    'Left out (a query in one run of the pair only; --complete scores a judged query a run misses as 0): r3 vs r16: 2.',
  ];

  it('text: Unicode superscripts, ^q where Unicode has none, NaN; a row per pair (b − a against the baseline), the p column naming Bonferroni', () => {
    const lines = compareReport(report, 'text').split('\n');
    assert.deepEqual(lines.slice(0, 4), ['   run       P@10_x^~\\', 'a  a_b&c{d}  0.1000', 'b  x|y*z     0.1000^q', 'c  r2        NaN']);
    assert.equal(lines[17], 'q  r16       0.9000ᵃ');
    assert.deepEqual(lines.slice(19, 23), [
      '',
      'measure    b − a              diff  95% CI                 d  p (Bonferroni)  significant  W/T/L',
      'P@10_x^~\\  a_b&c{d} − r16  -0.8000  [+0.0000, +0.0000]  0.00          0.0100  yes          3/1/1',
      'P@10_x^~\\  x|y*z − r16     +0.5000  [+0.0000, +0.0000]  0.00          0.0100  yes          3/1/1',
    ]);
    assert.equal(lines[37], 'P@10_x^~\\  r17 − r16       +0.5000  [+0.0000, +0.0000]  0.00          0.0100  no           3/1/1');
    assert.deepEqual(lines.slice(38), ['', ...FOOTER, '']);
  });

  it('markdown: |, \\, *, _ escaped, the best mean bold, marks as <sup>', () => {
    const lines = compareReport(report, 'markdown').split('\n');
    assert.deepEqual(lines.slice(0, 5), [
      '| | run | P@10\\_x^~\\\\ |',
      '|---|---|---:|',
      '| a | a\\_b&c{d} | 0.1000 |',
      '| b | x\\|y\\*z | 0.1000<sup>q</sup> |',
      '| c | r2 | NaN |',
    ]);
    assert.equal(lines[18], '| q | r16 | **0.9000**<sup>a</sup> |');
    assert.deepEqual(lines.slice(21, 24), [
      '| measure | b − a | diff | 95% CI | d | p (Bonferroni) | significant | W/T/L |',
      '|---|---|---:|---|---:|---:|---|---|',
      '| P@10\\_x^~\\\\ | a\\_b&c{d} − r16 | -0.8000 | [+0.0000, +0.0000] | 0.00 | 0.0100 | yes | 3/1/1 |',
    ]);
    assert.equal(lines[24], '| P@10\\_x^~\\\\ | x\\|y\\*z − r16 | +0.5000 | [+0.0000, +0.0000] | 0.00 | 0.0100 | yes | 3/1/1 |');
  });

  it("latex: TeX's specials escaped (\\ ^ ~ as commands), the best bold, marks as math superscripts, notes as comments", () => {
    const lines = compareReport(report, 'latex').split('\n');
    assert.deepEqual(lines.slice(0, 6), [
      '\\begin{tabular}{llr}',
      '\\toprule',
      ' & Run & P@10\\_x\\^{}\\~{}\\textbackslash{} \\\\',
      '\\midrule',
      'a & a\\_b\\&c\\{d\\} & 0.1000 \\\\',
      'b & x|y*z & 0.1000$^{q}$ \\\\',
    ]);
    assert.equal(lines[20], 'q & r16 & \\textbf{0.9000}$^{a}$ \\\\');
    // The comparisons: numbers in math mode, so that a minus is a minus; the pair's dash too.
    assert.deepEqual(lines.slice(24, 30), [
      '',
      '\\begin{tabular}{llrcrrcc}',
      '\\toprule',
      'Measure & $b - a$ & Diff. & 95\\% CI & $d$ & $p$ (Bonferroni) & Significant & W/T/L \\\\',
      '\\midrule',
      'P@10\\_x\\^{}\\~{}\\textbackslash{} & a\\_b\\&c\\{d\\} $-$ r16 & $-0.8000$ & [$+0.0000$, $+0.0000$] & $0.00$ & $0.0100$ & yes & 3/1/1 \\\\',
    ]);
    assert.deepEqual(lines.slice(48), [...FOOTER.map((l) => `% ${l}`), '']);
  });

  it('the first of equal best means is bold; every mean NaN: none', () => {
    const two: ComparisonReport = {
      ...report,
      runs: [
        { name: 'a', path: 'a', means: [0.5, NaN] },
        { name: 'b', path: 'b', means: [0.5, NaN] },
      ],
      measures: ['P', 'R'],
      baseline: 'all',
      options: { ...report.options, test: 't' },
      comparisons: [[c(0, 1, 0, false)], [c(0, 1, 0, false)]],
    };
    assert.deepEqual(compareReport(two, 'markdown').split('\n').slice(2, 4), ['| a | a | **0.5000** | NaN |', '| b | b | 0.5000 | NaN |']);
  });

  it("the JSON of a comparison: trials and seed null but for the sampling tests, the baseline's name or all, every pair's answer", () => {
    const counts = {
      qrelsQueries: 1,
      qrelsLines: 1,
      runQueries: 1,
      runLines: 1,
      entries: 1,
      evaluated: 1,
      missing: 0,
      unjudged: 0,
      noRelevant: 0,
    };
    const input = {
      qrels: 'q',
      convention: trecConvention('trec_eval', undefined),
      measures: [{ name: 'P@10_x^~\\', trecEval: null }],
      runs: runs.map((r) => ({ name: r.name, file: r.path, means: r.means, excluded: [0], queries: [], counts })),
      findings: [],
    };
    const json = JSON.parse(trecJson({ ...input, comparisons: { rows: report.comparisons, options: report.options, baseline: 'all' } }));
    assert.deepEqual(json.significance, {
      test: 'randomization',
      correction: 'bonferroni',
      alpha: 0.05,
      trials: 5000,
      seed: 1,
      baseline: 'all',
    });
    const t = JSON.parse(
      trecJson({ ...input, comparisons: { rows: report.comparisons, options: { ...report.options, test: 't' }, baseline: 16 } }),
    );
    assert.deepEqual([t.significance.trials, t.significance.seed, t.significance.baseline], [null, null, 'r16']);
    // The third pair: r16 against r2 (diff 0.5, not significant, 3 run r2 wins of 5).
    assert.deepEqual(t.comparisons[2], {
      measure: 'P@10_x^~\\',
      trecEval: null,
      a: 'r16',
      b: 'r2',
      meanA: 0,
      meanB: 0,
      diff: 0.5,
      ci: [0, 0],
      effectSize: 0,
      p: 0.01,
      pAdjusted: 0.01,
      significant: false,
      paired: 5,
      unpaired: 0,
      wins: 3,
      ties: 1,
      losses: 1,
      exact: false,
    });
    assert.deepEqual(
      [json.runs.length, json.runs[2].means['P@10_x^~\\'], json.runs[2].partial],
      [18, { value: null, trecEval: null, excluded: 0 }, null],
    );
  });
});

describe('the table formats, --format and positions', () => {
  it('markdownTable: numeric columns right-aligned (bold and <sup> marks aside), a column of marks not', () => {
    assert.equal(
      markdownTable(
        ['id', 'P', ''],
        [
          ['a', '**0.5**<sup>b</sup>', '≠'],
          ['b', 'NaN', ''],
        ],
      ),
      '| id | P |  |\n|---|---:|---|\n| a | **0.5**<sup>b</sup> | ≠ |\n| b | NaN |  |',
    );
    assert.equal(markdownText('a|b*c_d[e]`f<g>\\'), 'a\\|b\\*c\\_d\\[e\\]\\`f\\<g\\>\\\\');
  });

  it('latexTable: booktabs, the foot under its own rule, none doubled when there are no rows', () => {
    assert.equal(
      latexTable(['A', 'B'], [['x', '1']], 'lr', [['Mean', '1']]),
      '\\begin{tabular}{lr}\n\\toprule\nA & B \\\\\n\\midrule\nx & 1 \\\\\n\\midrule\nMean & 1 \\\\\n\\bottomrule\n\\end{tabular}',
    );
    assert.equal(
      latexTable(['A'], [], 'l', [['All']]),
      '\\begin{tabular}{l}\n\\toprule\nA \\\\\n\\midrule\nAll \\\\\n\\bottomrule\n\\end{tabular}',
    );
    assert.equal(latexText('a_b&c%d$e#f{g}h^i~j\\'), 'a\\_b\\&c\\%d\\$e\\#f\\{g\\}h\\^{}i\\~{}j\\textbackslash{}');
  });

  it('csvTable: RFC 4180 (quotes around a comma, a quote or a line break, quotes doubled, CRLF); csvNumber: full precision, NaN, inf', () => {
    assert.equal(
      csvTable(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', 'plain'],
        ],
      ),
      'a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",plain\r\n',
    );
    assert.deepEqual([1 / 3, NaN, Infinity, -Infinity, 0].map(csvNumber), ['0.3333333333333333', 'NaN', 'inf', '-inf', '0']);
  });

  it('pText: 4 decimals, "<0.0001" below, 0 as 0.0000', () => {
    assert.deepEqual([0.0269, 0.00004, 0, 1, NaN].map(pText), ['0.0269', '<0.0001', '0.0000', '1.0000', 'NaN']);
  });

  it("outputFormat: text by default, --json as json, the command's own list in its messages", () => {
    const writes = ['text', 'json', 'csv'] as const;
    assert.equal(outputFormat('x', {}, writes), 'text');
    assert.equal(outputFormat('x', { json: true }, writes), 'json');
    assert.equal(outputFormat('x', { json: true, format: 'json' }, writes), 'json');
    assert.equal(outputFormat('x', { format: 'csv' }, writes), 'csv');
    assert.throws(() => outputFormat('x', { format: 'yaml' }, writes), { message: 'Unknown format "yaml"; x writes text, json or csv.' });
    assert.throws(() => outputFormat('x', { format: 'latex' }, writes), {
      message: 'x does not write latex; it writes text, json or csv.',
    });
    assert.throws(() => outputFormat('x', { format: 'latex' }, writes, { latex: 'no table' }), {
      message: 'x does not write latex: no table; it writes text, json or csv.',
    });
    assert.throws(() => outputFormat('x', { json: true, format: 'csv' }, writes), {
      message: '--json is --format json; it cannot go with --format csv.',
    });
  });

  it("jsonRange: LSP's 0-based line and character as 1-based line and column", () => {
    assert.deepEqual(jsonRange({ start: { line: 0, character: 0 }, end: { line: 3, character: 17 } }), {
      start: { line: 1, column: 1 },
      end: { line: 4, column: 18 },
    });
  });
});
