/** Runs the built command (dist/cli.js) as a user would, and makes throwaway fixture folders. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { metricName, parseMetricSpec } from '../../shared/core/metricNames';

export const CLI = resolve(__dirname, '../../../dist/cli.js');
export const TREC_DATA = resolve(__dirname, '../../../test/data/trec');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `ranklens ARGS` in cwd, stdin closed. */
export function ranklens(args: readonly string[], cwd?: string): Run {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new temp folder holding the files (paths relative to it, folders created as needed), removed when the tests end. */
export function tempFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-cli-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return dir;
}

/**
 * trec_eval-style output ("measure\tqid\tvalue" lines) as value[measure][qid], measures under their
 * Ranklens names (trec_eval's "P_5" is read as "P@5", "map" as "AP").
 */
export function trecValues(stdout: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const line of stdout.split('\n')) {
    const [written, qid, value] = line.split('\t').map((s) => s.trim());
    if (value === undefined) continue;
    const parsed = parseMetricSpec(written);
    const measure = parsed.spec ? metricName(parsed.spec) : written;
    (out[measure] ??= {})[qid] = value;
  }
  return out;
}
