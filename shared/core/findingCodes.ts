/**
 * Every finding code Ranklens reports, declared once: its layer, default severity and one-line
 * meaning. docs/reference/findings.md is generated from it, the JSON Schema's expectFindings list and
 * the severity settings are checked against it by tests, and `FindingCode` makes a misspelled code
 * fail to compile.
 */

/** How much a finding matters, from error to hint (a setting may turn a code off). */
export type Severity = 'error' | 'warning' | 'info' | 'hint';

/**
 * Where a code comes from: `case` (the metric core, about one case's data), `parse` (the fixture
 * parsers and structure reader), `evaluation` (a fixture's k, metrics, convention and expectations),
 * `trec` (qrels and run files), `cli` (the command's own checks), `editor` (the language server's
 * convention search, which runs after the other findings).
 */
export type FindingLayer = 'case' | 'parse' | 'evaluation' | 'trec' | 'cli' | 'editor';

export interface CodeInfo {
  layer: FindingLayer;
  severity: Severity;
  summary: string;
}

export const FINDING_CODES = {
  // The metric core, about one case's data.
  'empty-labels': { layer: 'case', severity: 'warning', summary: 'The case has no relevant label.' },
  'empty-predictions': { layer: 'case', severity: 'warning', summary: 'The case predicts nothing.' },
  'single-item-row': {
    layer: 'case',
    severity: 'warning',
    summary: 'One prediction under singleItem=refuse: DCG and nDCG are NaN, as scikit-learn refuses a row of one item.',
  },
  'empty-case': { layer: 'case', severity: 'warning', summary: 'The case has neither relevant labels nor predictions.' },
  'k-exceeds-predictions': {
    layer: 'case',
    severity: 'hint',
    summary: 'A cutoff is larger than the number of predictions (one note on the cutoff, naming the cases).',
  },
  'duplicate-prediction': { layer: 'case', severity: 'warning', summary: 'An item is predicted more than once.' },
  'duplicate-label': { layer: 'case', severity: 'warning', summary: 'An item is labeled more than once.' },
  'non-finite-grade': { layer: 'case', severity: 'error', summary: 'A grade is NaN or infinite.' },
  'non-positive-grade': { layer: 'case', severity: 'info', summary: 'A grade is 0 or negative: judged non-relevant.' },
  'non-finite-score': { layer: 'case', severity: 'error', summary: 'A score is NaN or infinite.' },
  'non-positive-score': { layer: 'case', severity: 'hint', summary: 'A score is 0 or negative.' },
  'score-ties': {
    layer: 'case',
    severity: 'warning',
    summary: 'Items with different grades share a score, so the tie rule decides the ranking.',
  },
  'convention-dependent': { layer: 'case', severity: 'hint', summary: "Presets disagree on some of this case's values." },

  // A fixture's k, metrics, convention and expectations.
  'invalid-cutoff': { layer: 'evaluation', severity: 'error', summary: 'A cutoff that is not a whole number ≥ 1; it is ignored.' },
  'duplicate-cutoff': { layer: 'evaluation', severity: 'warning', summary: 'A cutoff listed twice; it is computed once.' },
  'unknown-metric': {
    layer: 'evaluation',
    severity: 'error',
    summary: 'A metric name Ranklens does not know (with a did-you-mean); it is not computed or checked.',
  },
  'library-metric-name': {
    layer: 'evaluation',
    severity: 'warning',
    summary:
      "A metric written as a library prints it, whose word says something else than its number: sentence-transformers' and BEIR's accuracy@k and TFRS's top_k_categorical_accuracy are the hit rate (Success@k), Haystack's default DocumentRecallEvaluator too, ann-benchmarks' k-nn recall is P@k. It is computed as the metric it is.",
  },
  'unknown-benchmark': {
    layer: 'evaluation',
    severity: 'error',
    summary: 'A benchmark Ranklens does not know (with a did-you-mean); the fixture is evaluated without one.',
  },
  'unknown-preset': {
    layer: 'evaluation',
    severity: 'error',
    summary: 'A convention preset Ranklens does not know (with a did-you-mean); the default preset (trec_eval) is used.',
  },
  'renamed-preset': {
    layer: 'evaluation',
    severity: 'warning',
    summary:
      "A preset written by its old name: `default` is now `seed000` (its numbers stay seed 000's), since the built-in default became trec_eval's convention.",
  },
  'unknown-knob': { layer: 'evaluation', severity: 'error', summary: 'A convention override that names no knob; it is ignored.' },
  'invalid-knob-value': {
    layer: 'evaluation',
    severity: 'error',
    summary: 'A knob set to a value it does not take; the override is ignored.',
  },
  'no-pooled-form': {
    layer: 'evaluation',
    severity: 'warning',
    summary: 'averaging=pooled with a metric that has no pooled form: its run figure is NaN.',
  },
  'expect-not-computed': {
    layer: 'evaluation',
    severity: 'warning',
    summary: 'An expect entry for a metric or cutoff the fixture does not compute; it is not checked.',
  },
  'expect-mismatch': {
    layer: 'evaluation',
    severity: 'error',
    summary: 'The computed value differs from the expected one by more than half a unit of its last written decimal.',
  },
  'coarse-expectation': {
    layer: 'evaluation',
    severity: 'hint',
    summary:
      'An expected value written with so few decimals that it would also accept a value more than 10% away (0.3 accepts 0.25 to 0.35).',
  },
  'mixed-id-types': {
    layer: 'evaluation',
    severity: 'warning',
    summary: 'The same item is written as 1 and as "1"; Ranklens joins them, Python tools would not.',
  },
  'too-few-queries': {
    layer: 'evaluation',
    severity: 'warning',
    summary:
      'A comparison of systems has too few queries for its test ever to reach α (exact randomization on n queries cannot go below 2/2^n).',
  },
  'duplicate-case-id': {
    layer: 'evaluation',
    severity: 'warning',
    summary: 'Two cases share an id; both are evaluated and both count in the means.',
  },

  // The fixture parsers and the structure reader.
  'syntax-error': {
    layer: 'parse',
    severity: 'error',
    summary: 'The text is not valid JSON or YAML here; the rest of the file is still read where it can be.',
  },
  'syntax-warning': {
    layer: 'parse',
    severity: 'warning',
    summary: 'Accepted, but other readers reject or misread it: comments or trailing commas in JSON, unknown YAML tags.',
  },
  'file-too-large': { layer: 'parse', severity: 'error', summary: 'The file is past the size cap, so nothing in it is evaluated.' },
  'too-deep': { layer: 'parse', severity: 'error', summary: 'Lists and mappings nest deeper than the cap; the deeper value is dropped.' },
  'too-many-aliases': {
    layer: 'parse',
    severity: 'error',
    summary: 'YAML aliases would copy more nodes than the cap (an alias bomb); the alias is dropped.',
  },
  'unknown-key': {
    layer: 'parse',
    severity: 'error',
    summary: 'A key the format does not know (typos included, with a did-you-mean); it is ignored.',
  },
  'duplicate-key': {
    layer: 'parse',
    severity: 'error',
    summary: 'A key appears twice in one mapping; the first is used, the later one ignored.',
  },
  'missing-key': {
    layer: 'parse',
    severity: 'warning',
    summary: 'A fixture without cases, a listed case without id (it is numbered #n), or a qrels/run file without qrels or run.',
  },
  'empty-fixture': {
    layer: 'parse',
    severity: 'error',
    summary: 'The fixture file holds nothing: it is empty, or holds only comments or empty YAML documents.',
  },
  'wrong-type': {
    layer: 'parse',
    severity: 'error',
    summary: 'A value of the wrong type (a string where a number belongs, …); it is ignored.',
  },
  'id-not-as-written': {
    layer: 'parse',
    severity: 'warning',
    summary: 'A number used as an id reads differently from how it is written (06 is 6, 1.0 is 1).',
  },
  'unknown-finding-code': {
    layer: 'parse',
    severity: 'warning',
    summary: 'expectFindings names a code Ranklens never reports; it is not checked.',
  },
  'query-not-in-qrels': { layer: 'parse', severity: 'info', summary: 'A run query with no qrels entry is ignored, as trec_eval does.' },
  'file-reference-unreadable': {
    layer: 'parse',
    severity: 'error',
    summary:
      'A qrels or run file the fixture names cannot be read whole (missing, not its format, a line that cannot be read): nothing is evaluated from it.',
  },
  'fixture-file-reference': {
    layer: 'parse',
    severity: 'info',
    summary:
      'A qrels or run file the fixture names is not read in VS Code for the Web (no disk): the cases it holds or ranks are not evaluated there.',
  },

  // TREC qrels and run files (`ranklens trec`).
  'malformed-line': {
    layer: 'trec',
    severity: 'error',
    summary:
      'A qrels line without 4 fields or a run line without 6 (many told as one, with the likely cause): under the trec_eval preset nothing is evaluated, as trec_eval stops, unless --keep-going; otherwise the line is skipped and every mean is marked partial.',
  },
  'binary-file': {
    layer: 'trec',
    severity: 'error',
    summary: 'A qrels or run file that is not text (compressed, an archive, UTF-16, NUL bytes): nothing is read from it.',
  },
  'header-line': {
    layer: 'trec',
    severity: 'warning',
    summary:
      'The first line of a qrels or run file names its columns (qid iter docno rel, query-id corpus-id score): skipped, where trec_eval reads it as data.',
  },
  'format-error': {
    layer: 'trec',
    severity: 'error',
    summary:
      'A qrels or run file that is not the format it is read as (by its name, its first bytes, or --qrels-format/--run-format: TSV or CSV with a header, JSON lines, a JSON object {qid: {docid: value}}, Parquet): the message says what was expected and where reading stopped; nothing is read from it.',
  },
  'invalid-grade': {
    layer: 'trec',
    severity: 'error',
    summary: 'Under a preset other than trec_eval, a qrels grade that is not a number; the line is skipped.',
  },
  'non-integer-grade': {
    layer: 'trec',
    severity: 'warning',
    summary:
      'A qrels grade not written as a whole number (1.5, 1e2, high): trec_eval reads its integer prefix (1, 1, 0), and so does its preset; the others read it as written.',
  },
  'blank-line': { layer: 'trec', severity: 'warning', summary: 'A blank line in the qrels: skipped; trec_eval stops on it.' },
  'comment-read-as-judgement': {
    layer: 'trec',
    severity: 'warning',
    summary:
      'A qrels comment line right after another: trec_eval skips one # line at a time and reads the second as a judgement of query "#…"; so does its preset.',
  },
  'final-comment-line': {
    layer: 'trec',
    severity: 'warning',
    summary: 'The qrels end with a comment line: skipped; trec_eval 10.0 reads past the end of the file and crashes.',
  },
  'byte-order-mark': {
    layer: 'trec',
    severity: 'warning',
    summary:
      'The file starts with a byte-order mark: trec_eval (and its preset) read it as part of the first query id; the other presets skip it.',
  },
  'duplicate-judgement': {
    layer: 'trec',
    severity: 'error',
    summary:
      'A document judged twice for one query: under the trec_eval preset nothing is evaluated, as trec_eval stops, unless --keep-going (the first grade is used, every mean marked partial).',
  },
  'unusual-score': {
    layer: 'trec',
    severity: 'warning',
    summary:
      "A run score that is not a plain decimal: read as C's atof reads it under trec_eval (inf, nan, 0x10, 12abc is 12, abc is 0); inf and nan only under the other presets.",
  },
  'invalid-score': {
    layer: 'trec',
    severity: 'error',
    summary: 'Under a preset other than trec_eval, a run score that is not a number; the line is skipped.',
  },
  'empty-file': {
    layer: 'trec',
    severity: 'error',
    summary: 'The qrels hold no judgement or the run no line: nothing is evaluated (trec_eval stops).',
  },
  'nothing-evaluated': {
    layer: 'trec',
    severity: 'error',
    summary: 'No query is both judged and in the run: nothing is printed (trec_eval stops).',
  },
  'query-not-in-run': {
    layer: 'trec',
    severity: 'warning',
    summary:
      'Judged queries with no line in the run, each named (in JSON, all of them), at the first judgement of the first: skipped (trec_eval stops on the first), or scored 0 with --complete (an info).',
  },
  'ids-do-not-meet': {
    layer: 'trec',
    severity: 'warning',
    summary:
      "The run's ids and the qrels' do not meet: no run query is judged, or no document of the run is judged (for every query, or for queries where the others make that implausible); the likely cause (case, a prefix, quotes) is named with an example id from each file.",
  },
  'scattered-query': {
    layer: 'trec',
    severity: 'info',
    summary:
      'Queries whose run lines are not one block (read again where they lie), or a run not grouped by query (its lines kept until the run is read).',
  },

  'rank-column-ignored': {
    layer: 'trec',
    severity: 'info',
    summary:
      'A run line whose rank column differs from the rank trec_eval gives it (score descending, then docid descending): the column is ignored (the editor, once per query, with how many lines differ).',
  },
  'unjudged-in-top-k': {
    layer: 'trec',
    severity: 'warning',
    summary:
      "Half or more of a judged query's top k documents (k: the largest cutoff of the headline measures, else 10) are unjudged: every measure counts them as non-relevant (the editor, at the query's first line).",
  },

  // The command's own checks.
  'expected-finding-missing': { layer: 'cli', severity: 'error', summary: 'expectFindings declares a code that the file does not have.' },

  // TREC documents in the editor.
  'run-not-paired': {
    layer: 'editor',
    severity: 'info',
    summary:
      'A TREC run open in the editor that no ranklens.config.json "qrels" rule pairs with qrels (or whose qrels cannot be read): it gets its format diagnostics only, and this note on its first line says how to pair it.',
  },

  // The editor's convention search, off the typing path.
  'convention-match': {
    layer: 'editor',
    severity: 'info',
    summary: 'Some expected values fail, and a convention that reproduces them is found (or the one that explains the most).',
  },
} as const satisfies Record<string, CodeInfo>;

export type FindingCode = keyof typeof FINDING_CODES;

/** The codes of one layer. */
export type LayerCode<L extends FindingLayer> = {
  [C in FindingCode]: (typeof FINDING_CODES)[C]['layer'] extends L ? C : never;
}[FindingCode];

/** The codes a fixture file can carry, and so declare in expectFindings, with what they mean. */
export const FIXTURE_FINDING_CODES: Readonly<Partial<Record<FindingCode, CodeInfo>>> = Object.fromEntries(
  Object.entries(FINDING_CODES).filter(([, info]) => ['case', 'parse', 'evaluation'].includes(info.layer)),
);

/** Whether a string is a declared finding code (`__proto__` and other inherited names are not). */
export function isFindingCode(code: string): code is FindingCode {
  return Object.hasOwn(FINDING_CODES, code);
}

/** Whether a fixture file can carry this code. */
export function isFixtureFindingCode(code: string): code is FindingCode {
  return isFindingCode(code) && Object.hasOwn(FIXTURE_FINDING_CODES, code);
}
