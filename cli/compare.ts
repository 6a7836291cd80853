/**
 * `ranklens compare PATH...`: for each fixture, every preset's means side by side, with ≠ on the
 * metrics where presets disagree. The fixture's own preset is marked with *.
 */
import { parseArgs } from 'node:util';
import { comparePresetMeans, fmt, PRESET_NAMES, PresetValues } from '../shared/core';
import { evaluatedInputs, FixtureEvaluation } from '../shared/evaluation';
import { findFiles } from './findFiles';
import { loadFixtureFile } from './fixtureFile';
import { fixtureOptions } from './fixtureOptions';
import { fails, findingLine } from './report';
import { table } from './table';
import { CommandIo, PROCESS_IO } from './io';
import { EXIT, UsageError } from './usage';

export const COMPARE_HELP = `Usage: ranklens compare PATH... [options]

For every fixture in PATH (files, folders, globs), the means under every preset side by side;
≠ marks a metric on which presets disagree, * the fixture's own preset.

Options:
      --k LIST        cutoffs instead of the fixtures' own, e.g. --k 1,3,5
      --metrics LIST  metrics instead of the fixtures' own, e.g. --metrics P@3,AP
      --json          write {"files": [{path, convention, presets: {name: {metric: mean}}, disagree}]}
  -h, --help          this help

Error findings of the fixtures go to stderr. Exit codes: 0 done, 1 a fixture has an error finding
it does not declare in expectFindings, 2 a usage problem.`;

/** Runs the command; returns the exit code. */
export async function compareCommand(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
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
    io.stdout(`${COMPARE_HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('compare needs at least one file, folder or glob.');
  const options = fixtureOptions(values);
  const files = findFiles(positionals).map((f) => loadFixtureFile(f, options));
  const entries = files.flatMap((file) =>
    file.evaluation.fixtures.map((fx, i, all) => ({
      path: file.path,
      fixture: all.length > 1 ? i : undefined,
      fx,
      rows: comparePresetMeans(evaluatedInputs(fx.cases), fx.specs),
    })),
  );
  if (values.json) {
    const json = entries.map((e) => ({
      path: e.path,
      ...(e.fixture !== undefined ? { fixture: e.fixture } : {}),
      convention: e.fx.convention.name,
      presets: Object.fromEntries(PRESET_NAMES.map((p) => [p, Object.fromEntries(e.rows.map((r) => [r.metric, nullable(r.values[p])]))])),
      disagree: e.rows.filter((r) => r.disagree).map((r) => r.metric),
    }));
    io.stdout(`${JSON.stringify({ files: json }, null, 2)}\n`);
  } else {
    io.stdout(
      entries
        .map(
          (e) =>
            `${e.path}${e.fixture !== undefined ? ` (fixture ${e.fixture + 1})` : ''} — means over ${e.fx.cases.length} case${e.fx.cases.length === 1 ? '' : 's'}\n${compareTable(e.fx, e.rows)}\n`,
        )
        .join('\n'),
    );
  }
  const errors = files.flatMap((f) => f.findings).filter(fails);
  io.stderr(errors.map((f) => `${findingLine(f)}\n`).join(''));
  return errors.length > 0 ? EXIT.findings : EXIT.ok;
}

/** Metrics by presets, ≠ where they disagree. */
export function compareTable(fx: FixtureEvaluation, rows: readonly PresetValues[]): string {
  const own = fx.convention.preset;
  const header = ['metric', ...PRESET_NAMES.map((p) => (p === own ? `${p}*` : p)), ''];
  return table(
    header,
    rows.map((r) => [r.metric, ...PRESET_NAMES.map((p) => fmt(r.values[p])), r.disagree ? '≠' : '']),
  );
}

function nullable(v: number): number | null {
  return Number.isNaN(v) ? null : v;
}
