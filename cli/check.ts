/**
 * `ranklens check PATH...`: evaluates fixtures and prints, per fixture, the values of every case and
 * the means, then every finding as `file:line:col severity code message`. Exit code 1 when an error
 * finding is not declared in the fixture's expectFindings (expect mismatches are errors).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fmt } from '../shared/core';
import { FixtureEvaluation } from '../shared/evaluation';
import { findFiles } from './findFiles';
import { LoadedFixtureFile, loadFixtureFile } from './fixtureFile';
import { fixtureOptions, optionsForFile, renamedPresetNotes } from './fixtureOptions';
import { githubReport } from './formats/github';
import { junitReport } from './formats/junit';
import { sarifReport } from './formats/sarif';
import { jsonReport, measured, measuredMeans, measureNames } from './jsonReport';
import { FORMAT_OPTIONS, outputFormat } from './outputFormat';
import { progressBar } from './progress';
import { ReportFinding, fails, findingLine } from './report';
import { csvNumber, csvTable, latexTable, latexText, markdownTable, markdownText, table } from './table';
import { CommandIo, PROCESS_IO } from './io';
import { EXIT, UsageError } from './usage';

export const CHECK_HELP = `Usage: ranklens check PATH... [options]

Evaluates fixture files and checks their expectations. PATH is a file, a folder (searched for
*.rank.json, *.rank.yaml and *.rank.yml) or a glob (*, **, ?; quote it so the shell leaves it).

Options:
      --convention NAME  the preset for fixtures that name no convention (trec_eval
                         when none is given; seed000, ranx, mllib, sklearn, torchmetrics,
                         …); a fixture's own convention still wins
      --force-convention NAME
                         evaluate every fixture under this preset, its own included
      --k LIST           cutoffs instead of the fixtures' own, e.g. --k 1,3,5
      --metrics LIST     metrics instead of the fixtures' own, e.g. --metrics P@3,AP,nDCG@k
      --format FORMAT    the report: text (tables and findings, the default), json (the
                         JSON report, schemas/ranklens-report.schema.json), markdown,
                         latex or csv (the tables; findings on stderr), junit (JUnit XML:
                         one testsuite per file, one testcase per expectation and
                         declared finding), sarif (SARIF 2.1.0, for code scanning) or
                         github (GitHub Actions annotations)
      --output FILE      write the report to FILE, and the text report to the terminal
      --json             the same as --format json
  -h, --help             this help

Settings come from the fixture first, then the command line, then the nearest enclosing
ranklens.config.json (or a "ranklens" key in package.json): defaultConvention, defaultCutoffs,
headlineMetrics and severity, the same file the editor reads.

A fixture's top-level expectFindings: [codes] declares the error findings it carries on purpose:
those do not fail the run, but a declared code that does not occur does, and so does any other
error. Exit codes: 0 clean, 1 an error finding (an expect mismatch included), 2 a usage problem.`;

/** Runs the command; returns the exit code. */
export async function checkCommand(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      convention: { type: 'string' },
      'force-convention': { type: 'string' },
      k: { type: 'string' },
      metrics: { type: 'string', multiple: true },
      ...FORMAT_OPTIONS,
      output: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(`${CHECK_HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('check needs at least one file, folder or glob.');
  const format = outputFormat('check', values, FORMATS);
  const optionsFor = optionsForFile(fixtureOptions(values));
  for (const note of renamedPresetNotes(values)) io.stderr(note);
  const files = findFiles(positionals);
  const progress = progressBar('ranklens check', 'files');
  const loaded: LoadedFixtureFile[] = [];
  const warned = new Set<string>();
  for (const [i, file] of files.entries()) {
    const { options, config } = optionsFor(file.path);
    if (config && !warned.has(config.path)) {
      warned.add(config.path);
      for (const problem of config.problems) io.stderr(`${config.path}: ${problem}\n`);
    }
    loaded.push(await loadFixtureFile(file, options, config?.config.severity));
    progress.update(i + 1, files.length);
  }
  progress.end();
  const findings = loaded.flatMap((f) => f.findings);
  const report = formatReport(format, loaded);
  if (values.output === undefined) io.stdout(report);
  else {
    writeFileSync(values.output, report);
    io.stdout(checkText(loaded));
  }
  // The tables alone hold no findings: they go to stderr, as trec's do (with --output the text report on stdout has them).
  if (TABLES_ONLY.has(format) && values.output === undefined) io.stderr(findingsText(loaded));
  return findings.some(fails) ? EXIT.findings : EXIT.ok;
}

const FORMATS = ['text', 'json', 'markdown', 'latex', 'csv', 'junit', 'sarif', 'github'] as const;
type Format = (typeof FORMATS)[number];
const TABLES_ONLY: ReadonlySet<Format> = new Set(['markdown', 'latex', 'csv']);

/** The report in one of the formats. */
export function formatReport(format: Format, files: readonly LoadedFixtureFile[]): string {
  const findings = files.flatMap((f) => f.findings);
  switch (format) {
    case 'text':
      return checkText(files);
    case 'json':
      return checkJson(files);
    case 'markdown':
      return checkMarkdown(files);
    case 'latex':
      return checkLatex(files);
    case 'csv':
      return checkCsv(files);
    case 'junit':
      return junitReport(files);
    case 'sarif':
      return sarifReport(findings);
    case 'github':
      return githubReport(findings);
  }
}

/** Tables per fixture, then the findings, then a one-line summary. */
export function checkText(files: readonly LoadedFixtureFile[]): string {
  const out = fixtureEntries(files).map((e) => (e.fx ? `${heading(e)}\n${fixtureTable(e.fx)}\n` : `${heading(e)}\n`));
  const findings = files.flatMap((f) => f.findings);
  if (findings.length > 0) out.push(findings.map((f) => `${findingLine(f)}\n`).join(''));
  out.push(`${summary(files.length, findings)}\n`);
  return out.join('\n');
}

/** The findings, one line each, then the summary line: what the text report says under its tables. */
function findingsText(files: readonly LoadedFixtureFile[]): string {
  const findings = files.flatMap((f) => f.findings);
  return `${findings.map((f) => `${findingLine(f)}\n`).join('')}${summary(files.length, findings)}\n`;
}

/** Cases by metrics, then the mean (and, where cases are left out, how many). */
export function fixtureTable(fx: FixtureEvaluation): string {
  const rows = fx.cases.map((c) => [c.node.id.value, ...c.values.map((v) => fmt(v))]);
  rows.push(['mean', ...fx.mean.map((v) => fmt(v))]);
  if (fx.excluded.some((n) => n > 0)) rows.push(['left out', ...fx.excluded.map(String)]);
  return table(['case', ...fx.names], rows);
}

function summary(fileCount: number, findings: readonly ReportFinding[]): string {
  const count = (severity: string) => findings.filter((f) => f.severity === severity).length;
  const expected = findings.filter((f) => f.expected).length;
  const errors = count('error');
  const parts = [
    `${errors} error${errors === 1 ? '' : 's'}${expected > 0 ? ` (${expected} expected)` : ''}`,
    `${count('warning')} warning${count('warning') === 1 ? '' : 's'}`,
    `${count('info') + count('hint')} note${count('info') + count('hint') === 1 ? '' : 's'}`,
  ];
  const verdict = findings.some(fails) ? 'FAILED' : 'ok';
  return `${fileCount} file${fileCount === 1 ? '' : 's'}: ${parts.join(', ')} — ${verdict}`;
}

/** One fixture of a file, with what the reports say about it. */
interface FixtureEntry {
  path: string;
  /** 1-based, as the text says "fixture 2 of 3"; null for a file that holds none. */
  fixture: number | null;
  /** How many fixtures the file holds. */
  of: number;
  fx?: FixtureEvaluation;
}

function fixtureEntries(files: readonly LoadedFixtureFile[]): FixtureEntry[] {
  return files.flatMap((file): FixtureEntry[] => {
    const fixtures = file.evaluation.fixtures;
    if (fixtures.length === 0) return [{ path: file.path, fixture: null, of: 0 }];
    return fixtures.map((fx, i) => ({ path: file.path, fixture: i + 1, of: fixtures.length, fx }));
  });
}

/** The JSON report: each fixture's convention, cases and means; every finding after them. */
export function checkJson(files: readonly LoadedFixtureFile[]): string {
  const fixtures = fixtureEntries(files).map(({ path, fixture, fx }) => {
    if (!fx) return { file: path, fixture, convention: null, conventionSource: null, cases: [], means: {} };
    const measures = fx.specs.map((spec, j) => measureNames(spec, fx.names[j]));
    return {
      file: path,
      fixture,
      convention: { name: fx.convention.name, ...fx.convention.convention },
      conventionSource: fx.conventionSource,
      cases: fx.cases.map((c) => ({ id: c.node.id.value, values: measured(measures, c.values) })),
      means: measuredMeans(measures, fx.mean, fx.excluded),
    };
  });
  return jsonReport(
    'check',
    { fixtures },
    files.flatMap((f) => f.findings),
  );
}

function heading(e: FixtureEntry): string {
  const which = e.of > 1 ? ` (fixture ${e.fixture} of ${e.of})` : '';
  return e.fx ? `${e.path}${which} — convention ${e.fx.convention.name} (${e.fx.conventionSource})` : `${e.path} — nothing to evaluate`;
}

/** Per fixture a heading and its table, the mean in bold: Markdown for a pull request or a notebook. */
export function checkMarkdown(files: readonly LoadedFixtureFile[]): string {
  return fixtureEntries(files)
    .map((e) => {
      if (!e.fx) return `## ${markdownText(heading(e))}\n`;
      const rows = e.fx.cases.map((c) => [markdownText(c.node.id.value), ...c.values.map((v) => fmt(v))]);
      rows.push(['**mean**', ...e.fx.mean.map((v) => `**${fmt(v)}**`)]);
      if (e.fx.excluded.some((n) => n > 0)) rows.push(['left out', ...e.fx.excluded.map(String)]);
      return `## ${markdownText(heading(e))}\n\n${markdownTable(['case', ...e.fx.names.map(markdownText)], rows)}\n`;
    })
    .join('\n');
}

/** Per fixture a booktabs table under a comment naming it, the mean under a rule. */
export function checkLatex(files: readonly LoadedFixtureFile[]): string {
  return fixtureEntries(files)
    .map((e) => {
      if (!e.fx) return `% ${heading(e)}\n`;
      const rows = e.fx.cases.map((c) => [latexText(c.node.id.value), ...c.values.map((v) => fmt(v))]);
      const foot = [['Mean', ...e.fx.mean.map((v) => fmt(v))]];
      if (e.fx.excluded.some((n) => n > 0)) foot.push(['Left out', ...e.fx.excluded.map(String)]);
      const align = `l${'r'.repeat(e.fx.names.length)}`;
      return `% ${heading(e)}\n${latexTable(['Case', ...e.fx.names.map(latexText)], rows, align, foot)}\n`;
    })
    .join('\n');
}

/**
 * One CSV table for every fixture: file, fixture, row (case or mean), the case's id, then a column
 * per metric of any fixture (empty where a fixture does not compute it); full-precision values.
 */
export function checkCsv(files: readonly LoadedFixtureFile[]): string {
  const entries = fixtureEntries(files);
  const names = [...new Set(entries.flatMap((e) => e.fx?.names ?? []))];
  const cells = (fx: FixtureEvaluation, values: readonly number[]) =>
    names.map((n) => {
      const j = fx.names.indexOf(n);
      return j < 0 ? '' : csvNumber(values[j]);
    });
  const rows = entries.flatMap((e) => {
    const fx = e.fx;
    if (!fx) return [];
    const at = [e.path, String(e.fixture)];
    return [...fx.cases.map((c) => [...at, 'case', c.node.id.value, ...cells(fx, c.values)]), [...at, 'mean', '', ...cells(fx, fx.mean)]];
  });
  return csvTable(['file', 'fixture', 'row', 'case', ...names], rows);
}
