/**
 * The custom messages between the Ranklens server and its clients, as plain names and shapes (no
 * imports), so the VS Code client, the protocol tests and other editors agree on one definition.
 */

/** Request: one case's full breakdown as Markdown; the case by index (as lenses give it) or by a position in it. */
export const CASE_BREAKDOWN_REQUEST = 'ranklens/caseBreakdown';
export interface CaseBreakdownParams {
  uri: string;
  fixture: number;
  case: number;
  /** When given, the case at this position (line, character) instead of the indexes. */
  position?: { line: number; character: number };
}

/** Request: every preset's means for every fixture of a file, as Markdown. */
export const COMPARE_REQUEST = 'ranklens/compare';
export interface CompareParams {
  uri: string;
}

/** Request: the metric curves (value against k) of a fixture's mean, or of one case, as plain data (shared/curves/curves.ts). */
export const CURVES_REQUEST = 'ranklens/curves';
export interface CurvesParams {
  uri: string;
  /** The case at this position, when given; otherwise the first fixture's means. */
  position?: { line: number; character: number };
  /** Add every other preset's curve. */
  compare?: boolean;
}

/**
 * Request: a fixture's systems compared case by case on one measure, as the report the Compare Runs
 * view draws (shared/curves/fixtureDiff.ts: the shape of `ranklens diff --json`), or a message saying
 * why there is none; null when the file is not open.
 */
export const SYSTEMS_DIFF_REQUEST = 'ranklens/systemsDiff';
export interface SystemsDiffParams {
  uri: string;
  /** The fixture by index; by default the one at position, else the first that compares systems. */
  fixture?: number;
  position?: { line: number; character: number };
  /** Any metric name; by default the fixture's first headline metric. */
  measure?: string;
  /** The tie margin (default 0), cases explained each way (default 5), cases explained whatever their difference. */
  tie?: number;
  top?: number;
  cases?: string[];
}
export interface SystemsDiffResult {
  title: string;
  /** The report (DiffReportView in shared/curves/diffHtml.ts); absent with a message. */
  report?: unknown;
  message?: string;
  /** The fixture's own metrics, which the view offers first. */
  measures?: string[];
}

export interface MarkdownResult {
  title: string;
  markdown: string;
  /** A breakdown asked for outside every case: the cases to pick from (then title and markdown are empty). */
  cases?: { fixture: number; case: number; id: string }[];
}

/**
 * Request: the code lenses on the given lines (0-based, both ends included) with their titles, as LSP
 * CodeLens[]: what the VS Code client asks for instead of textDocument/codeLens when an editor shows
 * the file, for the lines on screen and a margin around them (client/lensWindow.ts). VS Code keeps a
 * view zone for every lens line of a document and moves each on every keystroke; a window keeps that
 * to what is near the screen, and titles in the answer spare a codeLens/resolve round.
 */
export const CODE_LENSES_REQUEST = 'ranklens/codeLenses';
export interface CodeLensesParams {
  uri: string;
  lines: { start: number; end: number }[];
}

/** Notification (server → client, when asked for at initialization): the convention and means of a document. */
export const STATUS_NOTIFICATION = 'ranklens/status';
export interface StatusParams {
  uri: string;
  /** One line: the convention and the means of the first fixture, or empty when the file holds none. */
  text: string;
  /** One line per fixture. */
  detail: string;
  /** The status bar's short text: the convention and the first headline mean ("trec_eval · nDCG@10 0.524"). */
  short?: string;
}

/** Commands the VS Code client implements (code lenses name them; the server never executes them). */
export const SHOW_CASE_BREAKDOWN_COMMAND = 'ranklens.showCaseBreakdown';
export const COMPARE_CONVENTIONS_COMMAND = 'ranklens.compareConventions';
export const RESTART_SERVER_COMMAND = 'ranklens.restartServer';
/** "Ranklens: Compare Runs": runs compared query by query (`ranklens diff`) in a view; from the palette or on run files in the explorer. */
export const COMPARE_RUNS_COMMAND = 'ranklens.compareRuns';
export const SHOW_CURVES_COMMAND = 'ranklens.showMetricCurves';
/** "Ranklens: Compare Systems": a fixture's systems case by case in the Compare Runs view; its arguments (uri, fixture index) from a system lens. */
export const COMPARE_SYSTEMS_COMMAND = 'ranklens.compareSystems';
/** "Ranklens: Pick Qrels for This Run": a qrels file picked for the active (or clicked) run, written as a rule of the nearest ranklens.config.json. */
export const PICK_QRELS_COMMAND = 'ranklens.pickQrels';

export interface InitializationOptions {
  /** A fixed wait in ms after an edit before validating (0 validates at once: tests); by default the wait adapts (server/debounce.ts). */
  debounceMs?: number;
  /** Send ranklens/status notifications (the VS Code client shows them in a language status item). */
  status?: boolean;
  /** Settings for clients that do not answer workspace/configuration. */
  settings?: unknown;
  /**
   * The client validates JSON itself and completes it from the JSON Schema (VS Code's JSON language
   * features): the server then leaves to it the syntax errors and warnings of JSON fixtures, and the
   * completions the schema lists in *.rank.json files (keys, presets, knob values, finding codes),
   * so that none is listed twice.
   */
  jsonSyntaxShown?: boolean;
  /** The client completes *.rank.yaml files from the JSON Schema (a YAML extension): the server leaves those completions to it. */
  yamlSchemaShown?: boolean;
  /** The client draws codicons (`$(name)`) in lens titles, as VS Code does: the lenses' marks are codicons then, characters otherwise. */
  codicons?: boolean;
}

/**
 * Request from the server to the client: the fixture files under workspace folders (URIs), for a
 * server without a file system (the web worker). `patterns` are the file patterns in force
 * (the built-in ones, shared/fixture/files/filePatterns.ts, and the user's extra ones).
 */
export const FIND_FILES_REQUEST = 'ranklens/findFiles';
export interface FindFilesParams {
  folders: string[];
  patterns: string[];
}

/** Request from the server to the client: a workspace file's text (null when it cannot be read). */
export const READ_FILE_REQUEST = 'ranklens/readFile';
export interface ReadFileParams {
  uri: string;
}

/**
 * Request: a fixture file's tests — per document its cases' expectations and its declared findings
 * (expectFindings), each with its outcome — evaluated as the lenses are: the open document's text,
 * else the file on disk. Null when the URI is no fixture or cannot be read. Positions as in LSP.
 */
export const FIXTURE_TESTS_REQUEST = 'ranklens/fixtureTests';
export interface FixtureTestsParams {
  uri: string;
}

export interface TestRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** `declared`: a mismatch the file declares in expectFindings; `unchecked`: the metric is not computed. */
export type ExpectationOutcome = 'passed' | 'failed' | 'declared' | 'unchecked';

export interface FixtureTestsResult {
  uri: string;
  /** One per fixture (YAML document), in text order. */
  documents: {
    index: number;
    range: TestRange;
    convention: string;
    /** Cases with at least one expect entry; range is the case id's. */
    cases: {
      id: string;
      range: TestRange;
      /** range is the whole expect entry; expected as written; actual as the quick fix would write it. */
      expectations: {
        metric: string;
        range: TestRange;
        expected: string;
        actual: string | null;
        outcome: ExpectationOutcome;
        message: string;
      }[];
    }[];
    /** The expectFindings entries with a known code; range is the entry's. */
    declared: { code: string; range: TestRange; passed: boolean; message: string }[];
  }[];
  /** Error findings that fail the file and are no expectation (syntax errors, unknown keys, …). */
  errors: { code: string; message: string; range: TestRange }[];
}

/**
 * Request: how the server pairs an open TREC document (the status bar's text, the Pick Qrels
 * command's starting point): a run with its qrels (from the ranklens.config.json rule whose glob
 * matched), qrels, or neither; `message` says why a run is not paired (no rule, the qrels not found, a
 * web worker that reads no configuration).
 */
export const TREC_PAIRING_REQUEST = 'ranklens/trecPairing';
export interface TrecPairingParams {
  uri: string;
}
export interface TrecPairingResult {
  role: 'run' | 'qrels' | 'none';
  /** The qrels' URI, for a paired run. */
  qrels?: string;
  /** The URI of the ranklens.config.json (or package.json) whose rule paired it. */
  config?: string;
  /** That rule's glob, as written. */
  glob?: string;
  message?: string;
}
