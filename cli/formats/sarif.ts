/**
 * `--format sarif`: a SARIF 2.1.0 log with one run, one result per finding. Every finding code is a
 * rule (its default severity as the rule's level, its declared summary as its description). Regions
 * are 1-based lines and columns; columns count UTF-16 code units, SARIF's default, which the run
 * states in `columnKind`. A finding the file declares in expectFindings is kept, suppressed in source.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FINDING_CODES, FindingCode, Severity } from '../../shared/core';
import { Range } from '../positions';
import { ReportFinding } from '../report';

const SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const CODES = Object.keys(FINDING_CODES) as FindingCode[];
/** SARIF has no hint: LSP's information and hint are both its note. */
const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };

/** The SARIF log as JSON text; paths are written relative to `root` (the working folder) where they lie inside it. */
export function sarifReport(findings: readonly ReportFinding[], root = process.cwd()): string {
  const log = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: driver() },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(root.endsWith(sep) ? root : root + sep).href } },
        columnKind: 'utf16CodeUnits',
        results: findings.map((f) => result(f, root)),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function driver(): Record<string, unknown> {
  const version = packageVersion();
  return {
    name: 'Ranklens',
    ...(version ? { version, semanticVersion: version } : {}),
    rules: CODES.map((code) => ({
      id: code,
      name: code.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase()),
      shortDescription: { text: FINDING_CODES[code].summary },
      defaultConfiguration: { level: LEVEL[FINDING_CODES[code].severity] },
      properties: { layer: FINDING_CODES[code].layer, severity: FINDING_CODES[code].severity },
    })),
  };
}

function result(f: ReportFinding, root: string): Record<string, unknown> {
  return {
    ruleId: f.code,
    ruleIndex: CODES.indexOf(f.code),
    level: LEVEL[f.severity],
    message: { text: f.message },
    locations: [{ physicalLocation: physical(f.path, f.range, root) }],
    ...(f.related?.length
      ? {
          relatedLocations: f.related.map((r, id) => ({
            id,
            physicalLocation: physical(r.path, r.range, root),
            message: { text: r.message },
          })),
        }
      : {}),
    ...(f.expected ? { suppressions: [{ kind: 'inSource', justification: `The file declares ${f.code} in expectFindings.` }] } : {}),
  };
}

function physical(path: string, range: Range, root: string): Record<string, unknown> {
  return { artifactLocation: artifact(path, root), region: region(range) };
}

/** A path inside the root as a relative URI against SRCROOT; any other as an absolute file URI. */
function artifact(path: string, root: string): Record<string, unknown> {
  const rel = relative(root, path);
  if (rel && !rel.startsWith('..') && !isAbsolute(rel)) {
    return { uri: rel.split(sep).map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' };
  }
  return { uri: pathToFileURL(isAbsolute(path) ? path : join(root, path)).href };
}

/** LSP's 0-based positions as SARIF's 1-based region; the end column is the one just after the last character. */
export function region(range: Range): { startLine: number; startColumn: number; endLine: number; endColumn: number } {
  return {
    startLine: range.start.line + 1,
    startColumn: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
  };
}

/** The version in package.json next to the bundle (dist/../package.json), if it can be read. */
function packageVersion(): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { name?: string; version?: string };
    return pkg.name === 'ranklens' ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}
