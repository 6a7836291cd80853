/**
 * `npm run bench`: every benchmark, one after another (they would only slow each other down on two
 * cores). The core runs in this process; the TREC and LSP benchmarks run as their own scripts.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { benchCore } from './core';
import { benchInfer } from './infer';

function main(): void {
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  for (const r of benchCore()) {
    console.log(
      `core ${r.preset}, ${r.order}: ${r.cases} cases × ${r.predictions} predictions, ${r.metrics} metrics: median ${r.medianMs.toFixed(0)} ms wall, ${r.cpuMs.toFixed(0)} ms CPU`,
    );
  }
  for (const f of benchInfer()) {
    const target = f.wrong > 0 ? '' : ` (target ${f.cases <= 100 ? 200 : 1000} ms)`;
    console.log(
      `infer: ${f.cases} cases × ${f.expectations / f.cases} expectations, ${f.wrong} unexplained: median ${f.medianMs.toFixed(0)} ms wall, ${f.cpuMs.toFixed(0)} ms CPU${target}, ${f.combinations} combinations, best ${f.best}${f.exact ? ' (exact)' : ''}`,
    );
  }
  for (const script of ['trec.js', 'lsp.js', 'significance.js']) {
    const result = spawnSync(process.execPath, [`${__dirname}/${script}`], { stdio: 'inherit' });
    if (result.status !== 0) process.exitCode = 1;
  }
}

main();
