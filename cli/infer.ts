/**
 * `ranklens infer PATH...`: for each fixture, the conventions under which its expected values hold —
 * the nearest preset plus the fewest overrides, best first — and, when none reproduces them all, the
 * expectations the best one leaves unexplained with the nearest value any convention gives.
 */
import { parseArgs } from 'node:util';
import { FixtureEvaluation } from '../shared/evaluation';
import { conventionObject, conventionText, FixtureInference, inferFixture, knobsText, nearestText } from '../shared/inference';
import { findFiles } from './findFiles';
import { loadFixtureFile } from './fixtureFile';
import { fixtureOptions } from './fixtureOptions';
import { jsonNumber, jsonReport } from './jsonReport';
import { FORMAT_OPTIONS, outputFormat } from './outputFormat';
import { findingLine } from './report';
import { CommandIo, PROCESS_IO } from './io';
import { EXIT, UsageError } from './usage';

export const INFER_HELP = `Usage: ranklens infer PATH... [options]

For every fixture in PATH (files, folders, globs), searches the convention knobs for the settings
under which every expected value holds (the tolerance of expect: half a unit of the last written
decimal). Each match is the nearest preset plus the fewest overrides; write it as the fixture's
convention and \`ranklens check\` passes every expectation it explains. When no convention
reproduces them all, the best one is shown with the expectations it leaves unexplained and the
nearest value any convention gives for each.

Options:
      --k LIST        cutoffs instead of the fixtures' own, e.g. --k 1,3,5
      --metrics LIST  metrics instead of the fixtures' own, e.g. --metrics P@3,AP
      --format FORMAT text (default) or json (the JSON report: per fixture the matches, best
                      first, and the expectations none reproduces); infer's answer is a list
                      of conventions, not a table, so it writes no markdown, latex or csv
      --json          the same as --format json
  -h, --help          this help

Exit codes: 0 every fixture's expectations are reproduced by some convention, 1 some are not (or a
file has a syntax error), 2 a usage problem.`;

interface Entry {
  path: string;
  /** 1-based. */
  fixture: number;
  /** How many fixtures the file holds. */
  of: number;
  inference: FixtureInference;
}

const NO_TABLE = {
  markdown: 'its answer is a list of conventions, not a table',
  latex: 'its answer is a list of conventions, not a table',
  csv: 'its answer is a list of conventions, not a table',
};

/** Runs the command; returns the exit code. */
export async function inferCommand(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
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
    io.stdout(`${INFER_HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('infer needs at least one file, folder or glob.');
  const format = outputFormat('infer', values, ['text', 'json'], NO_TABLE);
  const options = fixtureOptions(values);
  const files = await Promise.all(findFiles(positionals).map((f) => loadFixtureFile(f, options)));
  const entries: Entry[] = files.flatMap((file) =>
    file.evaluation.fixtures.map((fx: FixtureEvaluation, i, all) => ({
      path: file.path,
      fixture: i + 1,
      of: all.length,
      inference: inferFixture(fx),
    })),
  );
  const findings = files.flatMap((f) => f.findings);
  // Syntax and schema problems make a search meaningless; mismatched expectations are its input.
  const broken = findings.filter((f) => f.severity === 'error' && !f.expected && f.code !== 'expect-mismatch');
  if (format === 'json') io.stdout(jsonReport('infer', { fixtures: entries.map(jsonEntry) }, findings));
  else {
    io.stdout(entries.map(textEntry).join('\n'));
    io.stderr(broken.map((f) => `${findingLine(f)}\n`).join(''));
  }
  return broken.length > 0 || entries.some((e) => !e.inference.result.exact) ? EXIT.findings : EXIT.ok;
}

function jsonEntry(e: Entry): unknown {
  const r = e.inference.result;
  return {
    file: e.path,
    fixture: e.fixture,
    expectations: r.expectations,
    matches: r.matches.map((m) => ({ convention: conventionObject(m), matched: m.matched })),
    exact: r.exact,
    unexplained: r.unexplained.map((u) => {
      const x = e.inference.expectations[u.expectation];
      return {
        case: x.case,
        measure: x.metric,
        expected: x.expected,
        nearest: u.nearest === null ? null : jsonNumber(u.nearest),
        nearestKnobs: u.nearestKnobs,
      };
    }),
  };
}

function textEntry(e: Entry): string {
  const r = e.inference.result;
  const head = `${e.path}${e.of > 1 ? ` (fixture ${e.fixture})` : ''} — ${r.expectations} expectation${r.expectations === 1 ? '' : 's'}`;
  if (r.expectations === 0) return `${head}: nothing to search for\n`;
  const lines = [head];
  const [best, ...others] = r.matches;
  lines.push(
    r.exact
      ? `  every expectation holds under ${conventionText(best)}`
      : `  no convention reproduces them all; ${conventionText(best)} reproduces ${best.matched} of ${r.expectations}`,
  );
  const shown = r.exact ? others : others.slice(0, 3);
  for (const m of shown) lines.push(`  ${r.exact ? 'also' : 'as many'}: ${conventionText(m)}`);
  if (shown.length < others.length) lines.push(`  … ${others.length - shown.length} more as good (--json lists them)`);
  for (const u of r.unexplained) {
    const x = e.inference.expectations[u.expectation];
    const knobs = knobsText(u.nearestKnobs);
    lines.push(
      `  unexplained: ${x.case} ${x.metric} = ${x.expected === null ? 'NaN' : x.node.text}; nearest ${nearestText(u.nearest)}${knobs ? ` (with ${knobs})` : ''}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
