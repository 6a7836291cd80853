/**
 * `npm run conformance:sklearn`: the sklearn preset side by side with scikit-learn's dcg_score and
 * ndcg_score on seeded random rows: grades −2..3 (rows with no positive grade and rows of negative
 * grades only among them), many tied scores, and repeated items (a repeat is another column with the
 * same label, as scikit-learn sees it). Each row is one case under the sklearn preset; every cutoff
 * and no cutoff is compared to 1e-9. Not part of `npm test`: without python3 and scikit-learn it
 * says so and exits 0. The python: $PYTHON, else /usr/bin/python3.
 *
 *   npm run conformance:sklearn [-- --cases 3000 --seed 1]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seeded } from '../../bench/random';
import { CaseInput } from '../../shared/core/caseInput';
import { PRESETS } from '../../shared/core/conventions';
import { evaluateCase } from '../../shared/core/evaluate';
import { MetricSpec } from '../../shared/core/metricNames';

const CUTOFFS: readonly (number | null)[] = [1, 2, 3, 5, null];
const SPECS: MetricSpec[] = CUTOFFS.flatMap((k) => [
  { family: 'DCG', k },
  { family: 'nDCG', k },
]);

/** One random row: its case (ids in column order) and the columns scikit-learn is given. */
export interface SklearnRow {
  input: CaseInput;
  yTrue: number[];
  yScore: number[];
}

/** Seeded random rows of 2 to 8 columns; a fifth have no positive grade, a tenth only negative ones. */
export function randomRows(count: number, seed: number): SklearnRow[] {
  const rnd = seeded(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  return Array.from({ length: count }, (_, r) => {
    const kind = r % 10 === 0 ? 'negative' : r % 5 === 1 ? 'non-positive' : 'any';
    const n = 2 + int(7);
    const items = Array.from({ length: n - int(2) }, (_, i) => `d${i}`);
    const grade = new Map(items.map((id) => [id, kind === 'negative' ? -1 - int(2) : kind === 'non-positive' ? int(3) - 2 : int(6) - 2]));
    const ids = Array.from({ length: n }, (_, i) => (i < items.length ? items[i] : items[int(items.length)]));
    const yScore = ids.map(() => (int(2) === 0 ? int(4) : Math.round(rnd() * 100) / 10));
    const yTrue = ids.map((id) => grade.get(id)!);
    const labels = [...grade].filter(([, g]) => g !== 0 || int(2) === 0).map(([id, g]) => ({ id, grade: g }));
    return { input: { labels, predictions: ids.map((id, i) => ({ id, score: yScore[i] })) }, yTrue, yScore };
  });
}

/** Ranklens' values of the row under the sklearn preset, in SPECS order. */
export function ranklensValues(row: SklearnRow): number[] {
  return evaluateCase(row.input, SPECS, PRESETS.sklearn).values;
}

const PYTHON_SCRIPT = `
import json, sys, warnings
import numpy as np
import sklearn
from sklearn.metrics import dcg_score, ndcg_score
warnings.simplefilter("ignore")
rows = json.load(open(sys.argv[1]))
out = []
for r in rows:
    y, s = np.array([r["yTrue"]], dtype=float), np.array([r["yScore"]], dtype=float)
    vals = []
    for k in ${JSON.stringify(CUTOFFS).replace('null', 'None')}:
        for f in (dcg_score, ndcg_score):
            try:
                vals.append(float(f(y, s, k=k)))
            except ValueError:
                vals.append(None)
    out.append(vals)
print(json.dumps({"version": sklearn.__version__, "values": out}))
`;

function main(): void {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const count = option('--cases', 3000);
  const seed = option('--seed', 1);
  const python = process.env.PYTHON ?? '/usr/bin/python3';
  const probe = spawnSync(python, ['-c', 'import sklearn'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    console.log(`scikit-learn not found (${python} -c "import sklearn" failed): nothing compared.`);
    return;
  }
  const rows = randomRows(count, seed);
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-sklearn-'));
  try {
    const file = join(dir, 'rows.json');
    writeFileSync(file, JSON.stringify(rows.map((r) => ({ yTrue: r.yTrue, yScore: r.yScore }))));
    const run = spawnSync(python, ['-c', PYTHON_SCRIPT, file], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (run.status !== 0) throw new Error(`python failed: ${run.stderr}`);
    const theirs = JSON.parse(run.stdout) as { version: string; values: (number | null)[][] };
    let compared = 0;
    let refused = 0;
    const disagreements: string[] = [];
    rows.forEach((row, i) => {
      const ours = ranklensValues(row);
      ours.forEach((v, j) => {
        const t = theirs.values[i][j];
        compared++;
        if (t === null) {
          refused++;
          if (!Number.isNaN(v)) disagreements.push(`row ${i} ${name(j)}: scikit-learn refuses, Ranklens ${v}`);
        } else if (!(Math.abs(v - t) <= 1e-9 * Math.max(1, Math.abs(t)))) {
          disagreements.push(
            `row ${i} ${name(j)}: scikit-learn ${t}, Ranklens ${v} (y_true ${JSON.stringify(row.yTrue)}, y_score ${JSON.stringify(row.yScore)})`,
          );
        }
      });
    });
    const noPositive = rows.filter((r) => r.yTrue.every((g) => g <= 0)).length;
    const negative = rows.filter((r) => r.yTrue.some((g) => g < 0)).length;
    const repeats = rows.filter((r) => new Set(r.input.predictions.map((p) => p.id)).size < r.input.predictions.length).length;
    console.log(
      `scikit-learn ${theirs.version}: ${rows.length} rows (${noPositive} with no positive grade, ${negative} with a negative grade, ${repeats} with a repeated item), ${compared} values compared (${refused} refused by both), ${disagreements.length} disagreements.`,
    );
    for (const d of disagreements.slice(0, 20)) console.log(`  ${d}`);
    if (disagreements.length > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function name(j: number): string {
  const spec = SPECS[j];
  return `${spec.family}${spec.k === null ? '' : `@${spec.k}`}`;
}

if (require.main === module) main();
