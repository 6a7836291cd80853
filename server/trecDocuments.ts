/**
 * The open TREC documents: which are runs and which qrels (their language id, else the
 * ranklens.trec.* file patterns, else a ranklens.config.json `qrels` rule naming a TSV, CSV,
 * JSON-lines or JSON file), how each run is paired with its qrels (ranklens.config.json's
 * `qrels` rules), and each run's evaluation, made once per version of the run, the qrels and the
 * settings, through a cache of its queries kept here per run (shared/trecdoc keeps no state).
 */
import { FoundConfig, FixtureOptions, configuredQrelsRule } from '../shared/evaluation';
import { trecFileRole } from '../shared/fixture';
import {
  QrelsDocument,
  RunDocument,
  RunEvaluation,
  RunEvaluationCache,
  TrecDocSettings,
  ColumnMap,
  evaluateRunDocument,
  readQrelsDocument,
  readRunDocument,
  runEvaluationCache,
  configuredTrecRole,
  neverTrecFile,
  readsAsTable,
  samePath,
  trecDocSettings,
} from '../shared/trecdoc';
import { TrecPairingResult } from '../shared/protocol';
import { OpenDocuments } from './documents';
import { Settings } from './settings';
import { uriPath } from './workspaceFiles';

export type TrecRole = 'run' | 'qrels';

/** The language ids the VS Code client gives TREC documents. */
export const TREC_LANGUAGES: Readonly<Record<string, TrecRole>> = { 'trec-run': 'run', 'trec-qrels': 'qrels' };

/** How a run is paired: the rule that paired it and the qrels' path and URI, or why there is none. */
export interface Pairing {
  qrelsPath?: string;
  qrelsUri?: string;
  config?: FoundConfig;
  glob?: string;
  /** Why the run is not paired (or its qrels cannot be read). */
  message?: string;
}

/** A run as the features see it: its model, its pairing, and its evaluation when paired and the qrels read. */
export interface TrecRunView {
  uri: string;
  version: number;
  run: RunDocument;
  settings: TrecDocSettings;
  pairing: Pairing;
  qrels?: QrelsDocument;
  evaluation?: RunEvaluation;
}

/** A qrels document as the features see it. */
export interface TrecQrelsView {
  uri: string;
  version: number;
  qrels: QrelsDocument;
  settings: TrecDocSettings;
  /** The settings and column map it was read under. */
  readKey: string;
}

/** What the TREC documents need from the rest of the server. */
export interface TrecHost {
  documents: OpenDocuments;
  settings(): Settings;
  options(uri: string): FixtureOptions;
  projectConfig(uri: string): FoundConfig | undefined;
  /** The file URI of a path; undefined where there is no file system (a web worker). */
  fileUri(path: string): string | undefined;
  /** A file's text from disk, read now; undefined when it cannot be read. */
  readFile(uri: string): string | undefined;
}

interface RunEntry {
  cache: RunEvaluationCache;
  view?: TrecRunView;
  /** What the view was made from: the run's version, the qrels' text, the settings (with the column map). */
  madeFrom?: { version: number; qrelsText?: string | null; settings: string; pairing: string };
}

export class TrecDocuments {
  private roles = new Map<string, TrecRole>();
  private runs = new Map<string, RunEntry>();
  private qrelsViews = new Map<string, TrecQrelsView>();
  /** Qrels read from disk (not open), by URI, read once until the file changes (or is closed in the editor); null when they could not be read. */
  private disk = new Map<string, string | null>();

  constructor(private host: TrecHost) {}

  /** Decides whether an open document is a run or qrels: its language id, else its file name against the patterns. */
  decide(uri: string, languageId: string): TrecRole | undefined {
    const s = this.host.settings().trec;
    const role =
      TREC_LANGUAGES[languageId] ??
      this.namedRole(uri, trecFileRole(uriPath(uri), s.runPatterns, s.qrelsPatterns)) ??
      this.configuredRole(uri);
    if (role) this.roles.set(uri, role);
    else this.forget(uri);
    return role;
  }

  // The role the patterns give a file by its name: never a fixture's or ranklens.config.json; a .json
  // file's only when its text reads as a table of that role (a pattern such as "*.json" names other JSON too).
  private namedRole(uri: string, role: TrecRole | undefined): TrecRole | undefined {
    if (!role) return undefined;
    const path = uriPath(uri);
    if (neverTrecFile(path)) return undefined;
    if (!/\.json$/i.test(path)) return role;
    const text = this.host.documents.get(uri)?.text.getText();
    return text !== undefined && readsAsTable(text, path, role, this.columns()) ? role : undefined;
  }

  // A TSV, CSV, JSON-lines or JSON file that a `qrels` rule names, as its qrels or by its run glob, and whose text reads as that kind of file.
  private configuredRole(uri: string): TrecRole | undefined {
    if (!uri.startsWith('file:')) return undefined;
    const config = this.host.projectConfig(uri);
    if (!config?.config.qrels) return undefined;
    const path = uriPath(uri);
    const role = neverTrecFile(path) ? undefined : configuredTrecRole(config, path);
    const text = role && this.host.documents.get(uri)?.text.getText();
    return role && text !== undefined && readsAsTable(text, path, role, this.columns()) ? role : undefined;
  }

  // ranklens.trec.columns: the columns of each role in a TSV, CSV or JSON run or qrels.
  private columns(): ColumnMap {
    return this.host.settings().trec.columns;
  }

  // What a document is read under: its evaluation settings and the column map (a change of either reads it again).
  private readKey(settings: TrecDocSettings): string {
    return `${settings.key}|${JSON.stringify(this.columns())}`;
  }

  roleOf(uri: string): TrecRole | undefined {
    return this.roles.get(uri);
  }

  forget(uri: string): void {
    this.roles.delete(uri);
    this.runs.delete(uri);
    this.qrelsViews.delete(uri);
  }

  /** The open runs and qrels. */
  openRuns(): string[] {
    return [...this.roles].filter(([, r]) => r === 'run').map(([u]) => u);
  }

  openUris(): string[] {
    return [...this.roles.keys()];
  }

  /** Settings or a config changed: every run is paired and evaluated again (each keeps its cache of queries), disk copies read again. */
  reset(): void {
    for (const e of this.runs.values()) e.madeFrom = undefined;
    this.qrelsViews.clear();
    this.disk.clear();
  }

  /** A file changed on disk: its copy is read again when next needed. Returns whether it was qrels some run reads. */
  changedOnDisk(uri: string): boolean {
    const path = uriPath(uri);
    const copies = [...this.disk.keys()].filter((u) => samePath(uriPath(u), path));
    for (const u of copies) this.disk.delete(u);
    return copies.length > 0;
  }

  /** How a run is paired (from its URI alone). */
  pairing(uri: string): Pairing {
    if (!uri.startsWith('file:')) return { message: 'Only a run saved as a file is paired with qrels (through ranklens.config.json).' };
    const path = uriPath(uri);
    const config = this.host.projectConfig(uri);
    if (!config) return { message: 'No ranklens.config.json is found in its folder or above (or, in VS Code for the Web, none is read).' };
    const rule = configuredQrelsRule(config, path);
    if (!rule) return { config, message: `No "qrels" rule of ${config.path} matches this run.` };
    const qrelsUri = this.host.fileUri(rule.qrels);
    return { config, glob: rule.glob, qrelsPath: rule.qrels, ...(qrelsUri ? { qrelsUri } : {}) };
  }

  /** The ranklens/trecPairing answer. */
  pairingResult(uri: string): TrecPairingResult {
    const role = this.roles.get(uri);
    if (role === 'qrels') return { role: 'qrels' };
    if (!role) return { role: 'none' };
    const p = this.pairing(uri);
    const view = this.run(uri);
    const configUri = p.config && this.host.fileUri(p.config.path);
    return {
      role: 'run',
      ...(p.qrelsUri && !view?.pairing.message ? { qrels: p.qrelsUri } : {}),
      ...(configUri ? { config: configUri } : {}),
      ...(p.glob ? { glob: p.glob } : {}),
      ...(view?.pairing.message ? { message: view.pairing.message } : p.message ? { message: p.message } : {}),
    };
  }

  /** A run's view at its current version, made at most once per version of the run, its qrels and the settings. */
  run(uri: string): TrecRunView | undefined {
    if (this.roles.get(uri) !== 'run') return undefined;
    const doc = this.host.documents.get(uri);
    if (!doc) return undefined;
    let entry = this.runs.get(uri);
    if (!entry) this.runs.set(uri, (entry = { cache: runEvaluationCache() }));
    const settings = trecDocSettings(this.host.options(uri));
    const readKey = this.readKey(settings);
    const pairing = this.pairing(uri);
    const qrelsText = pairing.qrelsPath !== undefined ? this.qrelsText(pairing) : undefined;
    const made = entry.madeFrom;
    const pairingKey = JSON.stringify([pairing.qrelsPath, pairing.message]);
    if (
      entry.view &&
      made &&
      made.version === doc.text.version &&
      made.qrelsText === qrelsText &&
      made.settings === readKey &&
      made.pairing === pairingKey
    )
      return entry.view;
    const run =
      entry.view && made?.version === doc.text.version && made.settings === readKey
        ? entry.view.run
        : readRunDocument(doc.text.getText(), settings.asTrecEval, uriPath(uri), this.columns());
    const view: TrecRunView = { uri, version: doc.text.version, run, settings, pairing };
    if (pairing.qrelsPath !== undefined) {
      if (qrelsText === null || qrelsText === undefined)
        view.pairing = {
          ...pairing,
          message: `The qrels ${pairing.qrelsPath} that ${pairing.config?.source ?? 'the configuration'} pairs with this run cannot be read.`,
        };
      else {
        view.qrels = readQrelsDocument(
          qrelsText,
          settings.asTrecEval,
          settings.convention.convention.duplicates === 'error' ? 'error' : 'warning',
          pairing.qrelsPath,
          this.columns(),
        );
        view.evaluation = evaluateRunDocument(run, view.qrels, settings, entry.cache);
      }
    }
    entry.view = view;
    entry.madeFrom = { version: doc.text.version, qrelsText, settings: readKey, pairing: pairingKey };
    return view;
  }

  /** The cache of a run's query evaluations (tests and benchmarks read what an edit cost). */
  cacheOf(uri: string): RunEvaluationCache | undefined {
    return this.runs.get(uri)?.cache;
  }

  /** A qrels document's view at its current version. */
  qrelsView(uri: string): TrecQrelsView | undefined {
    if (this.roles.get(uri) !== 'qrels') return undefined;
    const doc = this.host.documents.get(uri);
    if (!doc) return undefined;
    const settings = trecDocSettings(this.host.options(uri));
    const readKey = this.readKey(settings);
    const known = this.qrelsViews.get(uri);
    if (known && known.version === doc.text.version && known.readKey === readKey) return known;
    const duplicates = settings.convention.convention.duplicates === 'error' ? 'error' : 'warning';
    const view = {
      uri,
      version: doc.text.version,
      qrels: readQrelsDocument(doc.text.getText(), settings.asTrecEval, duplicates, uriPath(uri), this.columns()),
      settings,
      readKey,
    };
    this.qrelsViews.set(uri, view);
    return view;
  }

  /** The open runs paired with the qrels at this URI, with their views. */
  runsPairedWith(qrelsUri: string): TrecRunView[] {
    const path = uriPath(qrelsUri);
    return this.openRuns()
      .map((u) => this.run(u))
      .filter((v): v is TrecRunView => !!v && v.pairing.qrelsPath !== undefined && samePath(v.pairing.qrelsPath, path));
  }

  // The qrels' text: the open document's (unsaved edits win), else the file's (read once until it changes); null when unreadable.
  private qrelsText(p: Pairing): string | null {
    const open = this.openText(p.qrelsPath!);
    if (open !== undefined) return open;
    if (!p.qrelsUri) return null;
    let text = this.disk.get(p.qrelsUri);
    if (text === undefined) this.disk.set(p.qrelsUri, (text = this.host.readFile(p.qrelsUri) ?? null));
    return text;
  }

  private openText(path: string): string | undefined {
    for (const uri of this.host.documents.uris()) {
      if (uri.startsWith('file:') && samePath(uriPath(uri), path)) return this.host.documents.get(uri)!.text.getText();
    }
    return undefined;
  }
}
