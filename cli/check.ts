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
import { jsonReport } from './jsonReport';
import { progressBar } from './progress';
import { FileReport, ReportFinding, fails, findingLine } from './report';
import { table } from './table';
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
      --format FORMAT    the report: text (tables and findings, the default), json,
                         junit (JUnit XML: one testsuite per file, one testcase per
                         expectation and declared finding), sarif (SARIF 2.1.0, for code
                         scanning) or github (GitHub Actions annotations)
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
      json: { type: 'boolean' },
      format: { type: 'string' },
      output: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(`${CHECK_HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('check needs at least one file, folder or glob.');
  const format = values.json ? 'json' : (values.format ?? 'text');
  if (!isFormat(format)) throw new UsageError(`Unknown format "${format}"; formats: ${FORMATS.join(', ')}.`);
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
    loaded.push(loadFixtureFile(file, options, config?.config.severity));
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
  return findings.some(fails) ? EXIT.findings : EXIT.ok;
}

const FORMATS = ['text', 'json', 'junit', 'sarif', 'github'] as const;
type Format = (typeof FORMATS)[number];

function isFormat(name: string): name is Format {
  return (FORMATS as readonly string[]).includes(name);
}

/** The report in one of the formats. */
export function formatReport(format: Format, files: readonly LoadedFixtureFile[]): string {
  const findings = files.flatMap((f) => f.findings);
  switch (format) {
    case 'text':
      return checkText(files);
    case 'json':
      return jsonReport(files.flatMap(fileReports));
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
  const out: string[] = [];
  for (const file of files) {
    const fixtures = file.evaluation.fixtures;
    fixtures.forEach((fx, i) => {
      const which = fixtures.length > 1 ? ` (fixture ${i + 1} of ${fixtures.length})` : '';
      out.push(`${file.path}${which} — convention ${fx.convention.name} (${fx.conventionSource})\n${fixtureTable(fx)}\n`);
    });
    if (fixtures.length === 0) out.push(`${file.path} — nothing to evaluate\n`);
  }
  const findings = files.flatMap((f) => f.findings);
  if (findings.length > 0) out.push(findings.map((f) => `${findingLine(f)}\n`).join(''));
  out.push(`${summary(files.length, findings)}\n`);
  return out.join('\n');
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

/** One JSON entry per fixture; findings outside every fixture (syntax errors) go to the first. */
export function fileReports(file: LoadedFixtureFile): FileReport[] {
  const fixtures = file.evaluation.fixtures;
  if (fixtures.length === 0) {
    return [{ path: file.path, convention: null, names: [], cases: [], mean: [], excluded: [], findings: file.findings }];
  }
  const owner = (f: ReportFinding) => {
    const i = fixtures.findIndex((fx) => contains(file, fx.fixture.span, f));
    return i < 0 ? 0 : i;
  };
  return fixtures.map((fx, i) => ({
    path: file.path,
    ...(fixtures.length > 1 ? { fixture: i } : {}),
    convention: { name: fx.convention.name, ...fx.convention.convention },
    names: fx.names,
    cases: fx.cases.map((c) => ({ id: c.node.id.value, values: c.values })),
    mean: fx.mean,
    excluded: fx.excluded,
    findings: file.findings.filter((f) => owner(f) === i),
  }));
}

function contains(file: LoadedFixtureFile, span: { start: number; end: number }, f: ReportFinding): boolean {
  const start = file.lines.position(span.start);
  const end = file.lines.position(span.end);
  const at = f.range.start;
  const after = (a: { line: number; character: number }, b: { line: number; character: number }) =>
    a.line > b.line || (a.line === b.line && a.character >= b.character);
  return after(at, start) && after(end, at);
}
