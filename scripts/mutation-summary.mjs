#!/usr/bin/env node
// Per-folder mutation scores from Stryker's JSON reports (reports/mutation/mutation.json by default), as the
// docs/dev/mutation.md quotes them: score = (killed + timeout) / (all − ignored − compile errors), Stryker's own
// definition; static mutants (ignoreStatic) are Ignored by Stryker and counted apart; survivors and
// mutants without coverage listed per file with --survivors.
import { readFileSync } from 'node:fs';

// Several reports (one run per folder) are read as one: a file measured twice counts from the last.
const paths = process.argv.filter((a) => a.endsWith('.json'));
const report = { files: {} };
for (const path of paths.length ? paths : ['reports/mutation/mutation.json'])
  Object.assign(report.files, JSON.parse(readFileSync(path, 'utf8')).files);
const showSurvivors = process.argv.includes('--survivors');
const folders = new Map();
const add = (folder, status) => {
  const f = folders.get(folder) ?? { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, total: 0 };
  folders.set(folder, f);
  if (status === 'Ignored') {
    f.ignored++;
    return;
  }
  if (status === 'CompileError' || status === 'RuntimeError') return;
  f.total++;
  if (status === 'Killed') f.killed++;
  else if (status === 'Timeout') f.timeout++;
  else if (status === 'Survived') f.survived++;
  else if (status === 'NoCoverage') f.noCoverage++;
};
for (const [file, { mutants, source }] of Object.entries(report.files)) {
  const parts = file.split('/');
  for (let i = 1; i < parts.length; i++) for (const m of mutants) add(parts.slice(0, i).join('/'), m.status);
  if (showSurvivors) {
    const lines = source.split('\n');
    for (const m of mutants.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
      console.log(
        `${file}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName} ${JSON.stringify(m.replacement ?? '')}  | ${lines[m.location.start.line - 1].trim().slice(0, 100)}`,
      );
    }
  }
}
const rows = [...folders.entries()].sort(([a], [b]) => a.localeCompare(b));
console.log(
  'folder'.padEnd(28),
  'score'.padStart(7),
  'killed'.padStart(7),
  'timeout'.padStart(8),
  'survived'.padStart(9),
  'no cov'.padStart(7),
  'scored'.padStart(7),
  'static'.padStart(7),
);
for (const [folder, f] of rows) {
  const score = (100 * (f.killed + f.timeout)) / f.total;
  console.log(
    folder.padEnd(28),
    `${score.toFixed(1)}%`.padStart(7),
    String(f.killed).padStart(7),
    String(f.timeout).padStart(8),
    String(f.survived).padStart(9),
    String(f.noCoverage).padStart(7),
    String(f.total).padStart(7),
    String(f.ignored).padStart(7),
  );
}
