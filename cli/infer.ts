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
      --json          write {"files": [{path, expectations, matches: [{convention, matched}], exact,
                      unexplained: [{case, metric, expected, nearest}]}]}
  -h, --help          this help

Exit codes: 0 every fixture's expectations are reproduced by some convention, 1 some are not (or a
file has a syntax error), 2 a usage problem.`;

interface Entry {
  path: string;
  fixture?: number;
  inference: FixtureInference;
}

/** Runs the command; returns the exit code. */
export async function inferCommand(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      k: { type: 'string' },
      metrics: { type: 'string', multiple: true },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(`${INFER_HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('infer needs at least one file, folder or glob.');
  const options = fixtureOptions(values);
  const files = findFiles(positionals).map((f) => loadFixtureFile(f, options));
  const entries: Entry[] = files.flatMap((file) =>
    file.evaluation.fixtures.map((fx: FixtureEvaluation, i, all) => ({
      path: file.path,
      ...(all.length > 1 ? { fixture: i } : {}),
      inference: inferFixture(fx),
    })),
  );
  if (values.json) io.stdout(`${JSON.stringify({ files: entries.map(jsonEntry) }, null, 2)}\n`);
  else io.stdout(entries.map(textEntry).join('\n'));
  // Syntax and schema problems make a search meaningless; mismatched expectations are its input.
  const broken = files.flatMap((f) => f.findings).filter((f) => f.severity === 'error' && !f.expected && f.code !== 'expect-mismatch');
  io.stderr(broken.map((f) => `${findingLine(f)}\n`).join(''));
  return broken.length > 0 || entries.some((e) => !e.inference.result.exact) ? EXIT.findings : EXIT.ok;
}

function jsonEntry(e: Entry): unknown {
  const r = e.inference.result;
  return {
    path: e.path,
    ...(e.fixture !== undefined ? { fixture: e.fixture } : {}),
    expectations: r.expectations,
    matches: r.matches.map((m) => ({ convention: conventionObject(m), matched: m.matched })),
    exact: r.exact,
    unexplained: r.unexplained.map((u) => {
      const x = e.inference.expectations[u.expectation];
      return {
        case: x.case,
        metric: x.metric,
        expected: x.expected,
        nearest: u.nearest,
        ...(Object.keys(u.nearestKnobs).length ? { nearestKnobs: u.nearestKnobs } : {}),
      };
    }),
  };
}

function textEntry(e: Entry): string {
  const r = e.inference.result;
  const head = `${e.path}${e.fixture !== undefined ? ` (fixture ${e.fixture + 1})` : ''} — ${r.expectations} expectation${r.expectations === 1 ? '' : 's'}`;
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
