/**
 * The server's state in one place: open documents, their analyses, the settings, and the two views of
 * a document the features need — its current analysis (hovers, diagnostics, fixes) and what to
 * display (the last analysis that parsed, while the text is mid-edit and broken).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FixtureDocument, FixtureLanguage, Span, syntaxOfLanguageId } from '../shared/fixture';
import { Analyses, Analysis, analyzeText } from './analysis';
import { Edit, OpenDocument, OpenDocuments, editsSince } from './documents';
import { Placer, movedPlacer, placer } from './positions';
import { DEFAULT_SETTINGS, SeverityName, Settings, fixtureOptions } from './settings';
import { EvaluationCache, FixtureOptions, withProjectConfig } from '../shared/evaluation';
import { projectConfigFor } from './platform';
import { WorkspaceWatcher } from './features/workspaceWatcher';
import { ReferencedFiles } from './referencedFiles';

/** Files from this size up are kept from the scan (see RanklensService.scanned): a smaller one's first pass is quick. */
const KEPT_FROM_SCAN = 256 * 1024;

export interface Shown {
  analysis: Analysis;
  place: Placer;
  /** True when the analysis is of an older version than the document (the text does not parse now). */
  stale: boolean;
  /**
   * For a stale analysis: whether a span of it was edited since, or holds a syntax error now. Marks
   * on such text (✓ after a prediction) would be the old version's, so they are left out.
   */
  changed?: (span: Span) => boolean;
}

/** Whether a span of an older version meets one of the edits made since, or (moved to now) a syntax error of now. */
function changedSince(span: Span, edits: readonly Edit[], errors: readonly Span[]): boolean {
  let { start, end } = span;
  for (const e of edits) {
    if (start <= e.end && e.start <= end) return true;
    if (start >= e.end) {
      start += e.length - (e.end - e.start);
      end += e.length - (e.end - e.start);
    }
  }
  return errors.some((x) => x.start <= end && start <= x.end);
}

/** An open fixture as it is now, with the latest analysis made of it (perhaps of an earlier version). */
export interface Known {
  doc: OpenDocument;
  language: FixtureLanguage;
  analysis: Analysis | undefined;
}

export class RanklensService {
  settings: Settings = DEFAULT_SETTINGS;
  readonly documents = new OpenDocuments();
  readonly analyses: Analyses;
  /** Language per open document, decided when it opened. */
  private languages = new Map<string, FixtureLanguage>();
  /** Numbers for document URIs, which case lenses carry instead of the URI (codeLens/resolve sends no URI). */
  private numbers = new Map<string, number>();
  private numbered: string[] = [];
  /**
   * The last large file the workspace scan analyzed, kept so that opening it (the usual next step: the
   * scan runs as a folder opens) shows its values without a first pass. One file, the last: its model
   * and evaluation are some megabytes.
   */
  private scanned?: { analysis: Analysis; cache: EvaluationCache };

  constructor(
    readonly watcher: WorkspaceWatcher,
    /** The qrels and run files fixtures name, read from disk (absent: none is read). */
    readonly files?: ReferencedFiles,
  ) {
    this.analyses = new Analyses((uri) => this.optionsFor(uri), files);
  }

  /** Keeps every document the client opens; those that are fixtures get analyzed. Returns whether it is one. */
  open(uri: string, languageId: string, version: number, text: string): boolean {
    const doc = this.documents.open(uri, languageId, version, text);
    const fixture = this.decideLanguage(uri);
    const scanned = this.scanned;
    if (fixture && scanned?.analysis.uri === uri) {
      this.scanned = undefined;
      if (scanned.analysis.text === text && scanned.analysis.language === this.languages.get(uri))
        this.analyses.seed(doc, scanned.analysis, scanned.cache);
    }
    return fixture;
  }

  /** Whether an open document is a fixture: by file name (and the extra patterns), else by language id. */
  decideLanguage(uri: string): boolean {
    const doc = this.documents.get(uri);
    const language =
      doc && (this.watcher.languageOf(uri) ?? (uri.startsWith('file:') ? undefined : syntaxOfLanguageId(doc.text.languageId)?.language));
    if (language) this.languages.set(uri, language);
    else this.languages.delete(uri);
    return !!language;
  }

  close(uri: string): void {
    this.documents.close(uri);
    this.analyses.drop(uri);
    this.languages.delete(uri);
  }

  isOpen(uri: string): boolean {
    return this.languages.has(uri);
  }

  /** The current version's analysis of an open fixture. */
  current(uri: string): { doc: OpenDocument; analysis: Analysis } | undefined {
    const doc = this.documents.get(uri);
    const language = this.languages.get(uri);
    if (!doc || !language) return undefined;
    const analysis = this.analyses.get(doc, language);
    const oldest = this.analyses.oldestVersion(uri);
    if (oldest !== undefined) this.documents.trim(uri, oldest);
    return { doc, analysis };
  }

  /** An open fixture's document and language, and the latest analysis made of it, of whatever version (none is made here). */
  known(uri: string): Known | undefined {
    const doc = this.documents.get(uri);
    const language = this.languages.get(uri);
    if (!doc || !language) return undefined;
    return { doc, language, analysis: this.analyses.known(uri) };
  }

  /** What lenses, inlay hints and the views show: the current analysis, or the last one that parsed. */
  shown(uri: string): Shown | undefined {
    const now = this.current(uri);
    if (!now) return undefined;
    const good = now.analysis.parses ? undefined : this.analyses.lastGood(uri);
    if (!good) return { analysis: now.analysis, place: placer(now.doc.text), stale: false };
    const edits = editsSince(now.doc, good.version);
    const errors = now.analysis.evaluation.findings.filter((f) => f.code === 'syntax-error').map((f) => f.span);
    return { analysis: good, place: movedPlacer(now.doc.text, edits), stale: true, changed: (s) => changedSince(s, edits, errors) };
  }

  /** A file that is not open, analyzed from its text on disk (`parsed`: its parse, when done already). */
  analyzeFile(uri: string, text: string, language: FixtureLanguage, parsed?: FixtureDocument): { analysis: Analysis; place: Placer } {
    const cache = new EvaluationCache();
    const analysis = analyzeText(uri, text, language, this.optionsFor(uri), parsed, cache, this.files);
    if (text.length >= KEPT_FROM_SCAN) this.scanned = { analysis, cache };
    return { analysis, place: placer(TextDocument.create(uri, language, 0, text)) };
  }

  /** The evaluation options for a file: its project config, with the settings filling what it leaves open. */
  optionsFor(uri: string): FixtureOptions {
    return withProjectConfig(fixtureOptions(this.settings), projectConfigFor(uri));
  }

  /** Severities per code for a file: the project config's over the settings'. */
  severitiesFor(uri: string): Record<string, SeverityName> {
    return { ...this.settings.severity, ...projectConfigFor(uri)?.config.severity };
  }

  /** The number that stands for a document URI in lens data (the same for the server's lifetime). */
  documentNumber(uri: string): number {
    let n = this.numbers.get(uri);
    if (n === undefined) this.numbers.set(uri, (n = this.numbered.push(uri) - 1));
    return n;
  }

  /** The URI a lens's document number stands for. */
  documentUri(n: number): string | undefined {
    return this.numbered[n];
  }

  /** Open documents that are fixtures. */
  openFixtures(): string[] {
    return [...this.languages.keys()];
  }

  /** Settings changed: forget every analysis and decide again which open documents are fixtures. */
  reset(settings: Settings): void {
    this.settings = settings;
    this.scanned = undefined;
    this.analyses.clear();
    for (const uri of this.documents.uris()) this.decideLanguage(uri);
  }
}
