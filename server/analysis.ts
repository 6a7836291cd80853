/**
 * The document cache: each open document parsed once per version and evaluated, plus the last
 * version that parsed, which lenses and inlay hints keep showing while the text is mid-edit.
 * Closing a document drops all of it.
 */
import { DocumentEvaluation, evaluateDocumentCached, EvaluationCache, FixtureOptions } from '../shared/evaluation';
import { canSpliceInto, FixtureDocument, FixtureLanguage, parseFixture, reparse } from '../shared/fixture';
import { OpenDocument, editsSince } from './documents';
import { ReferencedFiles } from './referencedFiles';

export interface Analysis {
  uri: string;
  version: number;
  language: FixtureLanguage;
  /** The text this analysis was made from (the open document moves on; this does not). */
  text: string;
  parsed: FixtureDocument;
  evaluation: DocumentEvaluation;
  /** False while the text has a syntax error. */
  parses: boolean;
  /** For a fixture that names qrels or run files: the ReferencedFiles generation its files were read at. */
  references?: number;
}

interface Entry {
  latest?: Analysis;
  lastGood?: Analysis;
  /** The latest analysis an edit can be spliced into (no syntax error or file-wide problem). */
  base?: Analysis;
  cache: EvaluationCache;
}

/** Whether a parse is whole: no syntax error anywhere (other problems leave the structure intact). */
function parsesCleanly(doc: FixtureDocument): boolean {
  return !doc.problems.some((p) => p.code === 'syntax-error');
}

/**
 * Parses and evaluates a text that is not open (the workspace scan); `parsed` when it was parsed
 * already; `cache` holds the cases evaluated, for a document opened with this text (Analyses.seed).
 */
export function analyzeText(
  uri: string,
  text: string,
  language: FixtureLanguage,
  options: FixtureOptions,
  parsed = parseFixture(text, language),
  cache = new EvaluationCache(),
  files?: ReferencedFiles,
): Analysis {
  const read = withFiles(parsed, uri, options, files, cache);
  const evaluation = evaluateDocumentCached(read.parsed, text, options, read.cache);
  return { uri, version: -1, language, text, parsed: read.parsed, evaluation, parses: parsesCleanly(parsed), ...read.stamp };
}

/**
 * The document with the cases of the files it names, as read so far. Its cases are evaluated afresh
 * each time (their text is the file's name, the same whatever the file holds), not through the cache.
 */
function withFiles(
  parsed: FixtureDocument,
  uri: string,
  options: FixtureOptions,
  files: ReferencedFiles | undefined,
  cache: EvaluationCache,
) {
  if (!files || !parsed.fixtures.some((f) => f.fileReferences)) return { parsed, cache, stamp: {} };
  const resolved = files.resolve(parsed, uri, options);
  return { parsed: resolved, cache: new EvaluationCache(), stamp: { references: files.generation } };
}

export class Analyses {
  private entries = new Map<string, Entry>();

  constructor(
    private options: (uri: string) => FixtureOptions,
    private files?: ReferencedFiles,
  ) {}

  /** The analysis of the document's current version, computed at most once per version. */
  get(doc: OpenDocument, language: FixtureLanguage): Analysis {
    const uri = doc.text.uri;
    let entry = this.entries.get(uri);
    if (!entry) this.entries.set(uri, (entry = { cache: new EvaluationCache() }));
    const version = doc.text.version;
    const latest = entry.latest;
    if (latest && latest.version === version && (latest.references === undefined || latest.references === this.files?.generation))
      return latest;
    const text = doc.text.getText();
    // Edits typed through a broken state (an open string) are spliced into the last base once whole again.
    const base = entry.base;
    const spliced = base && reparse(base, text, editsSince(doc, base.version), language);
    const options = this.options(uri);
    const read = withFiles(spliced || parseFixture(text, language), uri, options, this.files, entry.cache);
    const parsed = read.parsed;
    const evaluation = evaluateDocumentCached(parsed, text, options, read.cache);
    const analysis: Analysis = { uri, version, language, text, parsed, evaluation, parses: parsesCleanly(parsed), ...read.stamp };
    entry.latest = analysis;
    if (analysis.parses) entry.lastGood = analysis;
    if (canSpliceInto(parsed)) entry.base = analysis;
    // A splice reused the base's model in place: the base is now this analysis or gone.
    else if (spliced) entry.base = undefined;
    return analysis;
  }

  /**
   * Starts a document that opens with a text analyzed already (by the workspace scan): that analysis is
   * its first version's, and its cases are in `cache` for the next edit.
   */
  seed(doc: OpenDocument, analysis: Analysis, cache: EvaluationCache): void {
    const first: Analysis = { ...analysis, version: doc.text.version };
    this.entries.set(doc.text.uri, {
      cache,
      latest: first,
      lastGood: first.parses ? first : undefined,
      base: canSpliceInto(first.parsed) ? first : undefined,
    });
  }

  /** The latest analysis that parsed, if any (it may be of an older version). */
  lastGood(uri: string): Analysis | undefined {
    return this.entries.get(uri)?.lastGood;
  }

  /**
   * The latest analysis made, of whatever version, none made here (completion answers a keystroke
   * before its analysis is made): the latest if it parsed, else the last that did.
   */
  known(uri: string): Analysis | undefined {
    const e = this.entries.get(uri);
    return e?.latest?.parses ? e.latest : (e?.lastGood ?? e?.latest);
  }

  /** The oldest version anything still maps offsets from. */
  oldestVersion(uri: string): number | undefined {
    const e = this.entries.get(uri);
    if (!e) return undefined;
    return Math.min(e.latest?.version ?? Infinity, e.lastGood?.version ?? Infinity, e.base?.version ?? Infinity);
  }

  drop(uri: string): void {
    this.entries.delete(uri);
  }

  /** Settings changed: every open document is evaluated afresh. */
  clear(): void {
    this.entries.clear();
  }
}
