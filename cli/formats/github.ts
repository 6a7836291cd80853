/**
 * `--format github`: GitHub Actions workflow commands, one per finding, which the runner turns into
 * annotations on the pull request: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`.
 * Errors are `error`, warnings `warning`, infos and hints `notice`. Findings the file declares in
 * expectFindings are left out: they do not fail the run. Lines and columns are 1-based; columns are
 * given only for a finding on one line (GitHub ignores them otherwise), endColumn is its last character.
 */
import { relative, sep, isAbsolute } from 'node:path';
import { Severity } from '../../shared/core';
import { ReportFinding } from '../report';

const COMMAND: Record<Severity, 'error' | 'warning' | 'notice'> = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' };

/** The workflow commands, one line each; paths relative to `root` (the repository checkout) where they lie inside it. */
export function githubReport(findings: readonly ReportFinding[], root = process.cwd()): string {
  return findings
    .filter((f) => !f.expected)
    .map((f) => `${githubCommand(f, root)}\n`)
    .join('');
}

/** One finding as a workflow command. */
export function githubCommand(f: ReportFinding, root = process.cwd()): string {
  const { start, end } = f.range;
  const oneLine = start.line === end.line;
  const properties: [string, string | number][] = [
    ['file', repoPath(f.path, root)],
    ['line', start.line + 1],
    ...(oneLine ? [['col', start.character + 1] as [string, number]] : []),
    ['endLine', end.line + 1],
    ...(oneLine ? [['endColumn', Math.max(start.character + 1, end.character)] as [string, number]] : []),
    ['title', `Ranklens ${f.code}`],
  ];
  const props = properties.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',');
  return `::${COMMAND[f.severity]} ${props}::${escapeData(f.message)}`;
}

/** GitHub's escaping of a command's message: % first, then CR and LF. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** GitHub's escaping of a property value: as the message, plus : and , (which separate properties). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function repoPath(path: string, root: string): string {
  const rel = relative(root, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : path;
}
