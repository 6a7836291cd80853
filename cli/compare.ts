/**
 * `ranklens compare PATH...`: for each fixture, every preset's means side by side, with ≠ on the
 * metrics where presets disagree. The fixture's own preset is marked with *.
 */
import { parseArgs } from 'node:util';
import { COMPARED_PRESETS, comparePresetMeans, fmt, PresetValues } from '../shared/core';
import { evaluatedInputs, FixtureEvaluation } from '../shared/evaluation';
import { findFiles } from './findFiles';
import { loadFixtureFile } from './fixtureFile';
import { fixtureOptions } from './fixtureOptions';
import { jsonReport, measured, measureNames } from './jsonReport';
import { FORMAT_OPTIONS, outputFormat } from './outputFormat';
import { ReportFinding, fails, findingLine } from './report';
import { csvNumber, csvTable, latexTable, latexText, markdownTable, markdownText, table } from './table';
import { CommandIo, PROCESS_IO } from './io';
import { EXIT, UsageError } from './usage';

export const COMPARE_HELP = `Usage: ranklens compare PATH... [options]

For every fixture in PATH (files, folders, globs), the means under every preset side by side;
≠ marks a metric on which presets disagree, * the fixture's own preset.

Options:
      --k LIST        cutoffs instead of the fixtures' own, e.g. --k 1,3,5
      --metrics LIST  metrics instead of the fixtures' own, e.g. --metrics P@3,AP
      --format FORMAT text (default), json (the JSON report: per fixture each preset's
                      means and the metrics they disagree on), markdown, latex or csv
      --json          the same as --format json
  -h, --help          this help

Error findings of the fixtures go to stderr (in the JSON report, every finding). Exit codes: 0 done, 1 a fixture has an error finding
it does not declare in expectFindings, 2 a usage problem.`;

/** Runs the command; returns the exit code. */
export async function compareCommand(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      k: { type: 'string' },
      metrics: { type: 'string', multiple: true },
      ...FORMAT_OPTIONS,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(`${COMPARE_HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('compare needs at least one file, folder or glob.');
  const format = outputFormat('compare', values, FORMATS);
  const options = fixtureOptions(values);
  const files = await Promise.all(findFiles(positionals).map((f) => loadFixtureFile(f, options)));
  const entries: Entry[] = files.flatMap((file) =>
    file.evaluation.fixtures.map((fx, i, all) => ({
      path: file.path,
      fixture: i + 1,
      of: all.length,
      fx,
      rows: comparePresetMeans(evaluatedInputs(fx.cases), fx.specs),
    })),
  );
  const findings = files.flatMap((f) => f.findings);
  io.stdout(WRITERS[format](entries, findings));
  const errors = findings.filter(fails);
  if (format !== 'json') io.stderr(errors.map((f) => `${findingLine(f)}\n`).join(''));
  return errors.length > 0 ? EXIT.findings : EXIT.ok;
}

const FORMATS = ['text', 'json', 'markdown', 'latex', 'csv'] as const;

interface Entry {
  path: string;
  /** 1-based. */
  fixture: number;
  /** How many fixtures the file holds. */
  of: number;
  fx: FixtureEvaluation;
  rows: PresetValues[];
}

const WRITERS: Record<(typeof FORMATS)[number], (entries: readonly Entry[], findings: readonly ReportFinding[]) => string> = {
  text: (entries) => entries.map((e) => `${heading(e)}\n${compareTable(e.fx, e.rows)}\n`).join('\n'),
  json: compareJson,
  markdown: (entries) =>
    entries
      .map((e) => {
        const { header, rows } = presetRows(e);
        return `## ${markdownText(heading(e))}\n\n${markdownTable(
          header.map(markdownText),
          rows.map((r) => r.map(markdownText)),
        )}\n`;
      })
      .join('\n'),
  latex: (entries) =>
    entries
      .map((e) => {
        const { header, rows } = presetRows(e);
        const align = `l${'r'.repeat(COMPARED_PRESETS.length)}c`;
        return `% ${heading(e)}\n${latexTable(
          header.map(latexText),
          rows.map((r) => r.map(latexText)),
          align,
        )}\n`;
      })
      .join('\n'),
  csv: (entries) =>
    csvTable(
      ['file', 'fixture', 'metric', ...COMPARED_PRESETS, 'disagree'],
      entries.flatMap((e) =>
        e.rows.map((r) => [
          e.path,
          String(e.fixture),
          r.metric,
          ...COMPARED_PRESETS.map((p) => csvNumber(r.values[p])),
          String(r.disagree),
        ]),
      ),
    ),
};

function heading(e: Entry): string {
  const n = e.fx.cases.length;
  return `${e.path}${e.of > 1 ? ` (fixture ${e.fixture})` : ''} — means over ${n} case${n === 1 ? '' : 's'}`;
}

/** The table of the text report as cells: metric, each preset's mean (the fixture's own marked *), ≠ where they disagree. */
function presetRows(e: Entry): { header: string[]; rows: string[][] } {
  const own = e.fx.convention.preset;
  return {
    header: ['metric', ...COMPARED_PRESETS.map((p) => (p === own ? `${p}*` : p)), ''],
    rows: e.rows.map((r) => [r.metric, ...COMPARED_PRESETS.map((p) => fmt(r.values[p])), r.disagree ? '≠' : '']),
  };
}

/** The JSON report: per fixture its convention, each preset's means and the metrics they disagree on. */
function compareJson(entries: readonly Entry[], findings: readonly ReportFinding[]): string {
  const fixtures = entries.map((e) => {
    // comparePresetMeans gives one row per spec, in the specs' order.
    const measures = e.rows.map((r, j) => measureNames(e.fx.specs[j], r.metric));
    return {
      file: e.path,
      fixture: e.fixture,
      convention: { name: e.fx.convention.name, ...e.fx.convention.convention },
      cases: e.fx.cases.length,
      presets: Object.fromEntries(
        COMPARED_PRESETS.map((p) => [
          p,
          measured(
            measures,
            e.rows.map((r) => r.values[p]),
          ),
        ]),
      ),
      disagree: e.rows.filter((r) => r.disagree).map((r) => r.metric),
    };
  });
  return jsonReport('compare', { fixtures }, findings);
}

/** Metrics by presets, ≠ where they disagree. */
export function compareTable(fx: FixtureEvaluation, rows: readonly PresetValues[]): string {
  const { header, rows: cells } = presetRows({ path: '', fixture: 1, of: 1, fx, rows: [...rows] });
  return table(header, cells);
}
