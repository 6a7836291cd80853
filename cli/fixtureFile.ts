/**
 * One fixture file through the core: read, parse, evaluate, check its expectFindings, and place
 * every finding at a line and column. Shared by check and compare.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  ConfigSeverity,
  DocumentEvaluation,
  evaluateDeclared,
  FixtureOptions,
  missingDeclaredFindings,
  referenceReading,
} from '../shared/evaluation';
import {
  FileReferenceNode,
  FixtureDocument,
  LocatedFinding,
  parseFixture,
  ReferencedTable,
  fileReferencesOf,
  resolveFileReferences,
} from '../shared/fixture';
import { ColumnMap, InputFormat, readReferencedFile } from '../shared/trec';
import { FixtureFile } from './findFiles';
import { LineIndex } from './positions';
import { ReportFinding } from './report';

export interface LoadedFixtureFile {
  path: string;
  doc: FixtureDocument;
  evaluation: DocumentEvaluation;
  /** Every finding, with the expectFindings verdicts applied, in text order. */
  findings: ReportFinding[];
  lines: LineIndex;
}

/** Reads and evaluates one fixture file (and the qrels and run files it names). */
export async function loadFixtureFile(
  file: FixtureFile,
  options: FixtureOptions,
  severities: Readonly<Record<string, ConfigSeverity>> = {},
): Promise<LoadedFixtureFile> {
  const text = readFileSync(file.path, 'utf8');
  const doc = await withReferencedFiles(parseFixture(text, file.language), file.path, options);
  const { evaluation, check } = evaluateDeclared(doc, options);
  const declared = check && new Set<string>(check.declared);
  const lines = new LineIndex(text);
  // The project config's severities, as the editor applies them; off drops the finding.
  const located = [...evaluation.findings, ...missingDeclaredFindings(doc, check)]
    .filter((f) => severities[f.code] !== 'off')
    .map((f) => (severities[f.code] ? { ...f, severity: severities[f.code] as LocatedFinding['severity'] } : f));
  const findings = located
    .sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end)
    .map((f) => reportFinding(f, file.path, lines, f.severity === 'error' && (declared?.has(f.code) ?? false)));
  return { path: file.path, doc, evaluation, findings, lines };
}

function reportFinding(f: LocatedFinding, path: string, lines: LineIndex, expected: boolean): ReportFinding {
  return {
    path,
    severity: f.severity,
    code: f.code,
    message: f.message,
    range: lines.range(f.span),
    ...(expected ? { expected: true } : {}),
    ...(f.related?.length ? { related: f.related.map((r) => ({ path, range: lines.range(r.span), message: r.message })) } : {}),
  };
}

/**
 * The document with the cases of its qrels and run files, read from disk (relative to the fixture's
 * folder) as `ranklens trec` reads them; a file that cannot be read whole gives a finding, no number.
 */
export async function withReferencedFiles(doc: FixtureDocument, fixturePath: string, options: FixtureOptions): Promise<FixtureDocument> {
  const refs = fileReferencesOf(doc);
  if (refs.length === 0) return doc;
  const read = new Map<FileReferenceNode, ReferencedTable>();
  for (const { fixture, ref } of refs) {
    if (ref.invalid) continue;
    const how = referenceReading(ref, fixture, options);
    const input = { format: how.format as InputFormat | undefined, columns: how.columns as ColumnMap | undefined };
    read.set(ref, await readReferencedFile(resolve(dirname(fixturePath), ref.path.value), ref.role, { ...how, input }));
  }
  return resolveFileReferences(doc, (ref) => read.get(ref));
}
