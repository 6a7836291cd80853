/**
 * The document cache: each open document parsed once per version and evaluated, plus the last
 * version that parsed, which lenses and inlay hints keep showing while the text is mid-edit.
 * Closing a document drops all of it.
 */
import { DocumentEvaluation, evaluateDocumentCached, EvaluationCache, FixtureOptions } from '../shared/evaluation';
import { canSpliceInto, FixtureDocument, FixtureLanguage, parseFixture, reparse } from '../shared/fixture';
import { OpenDocument, editsSince } from './documents';

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
): Analysis {
  const evaluation = evaluateDocumentCached(parsed, text, options, cache);
  return { uri, version: -1, language, text, parsed, evaluation, parses: parsesCleanly(parsed) };
}

export class Analyses {
  private entries = new Map<string, Entry>();

  constructor(private options: (uri: string) => FixtureOptions) {}

  /** The analysis of the document's current version, computed at most once per version. */
  get(doc: OpenDocument, language: FixtureLanguage): Analysis {
    const uri = doc.text.uri;
    let entry = this.entries.get(uri);
    if (!entry) this.entries.set(uri, (entry = { cache: new EvaluationCache() }));
    const version = doc.text.version;
    if (entry.latest && entry.latest.version === version) return entry.latest;
    const text = doc.text.getText();
    // Edits typed through a broken state (an open string) are spliced into the last base once whole again.
    const base = entry.base;
    const spliced = base && reparse(base, text, editsSince(doc, base.version), language);
    const parsed = spliced || parseFixture(text, language);
    const evaluation = evaluateDocumentCached(parsed, text, this.options(uri), entry.cache);
    const analysis: Analysis = { uri, version, language, text, parsed, evaluation, parses: parsesCleanly(parsed) };
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
