/**
 * A convention is a plain object of knobs; a preset is a named convention. Every number Ranklens
 * shows is computed under one resolved convention, so the knob that chose a denominator or a gain
 * can always be named.
 */

export type EmptyLabels = 'nan' | 'zero';
export type PrecisionDenominator = 'k' | 'min-k-predicted';
export type ApDenominator = 'hits' | 'relevant' | 'min-k-relevant' | 'min-relevant-predicted' | 'min-k-relevant-predicted';
export type RecallDenominator = 'relevant' | 'min-k-relevant';
/**
 * A case with no predictions (a query missing from the run): every metric 0 and counted, NaN and left
 * out (trec_eval without -c), or NaN for the precision-type measures only (LensKit, ragas).
 */
export type EmptyPredictions = 'zero' | 'nan' | 'precision-nan';
/** Which precisions AP averages: those at the hits, or P@1…P@k at every rank (Elliot's MAP). */
export type ApTerms = 'hits' | 'every-rank';
export type Gain = 'linear' | 'exponential';
export type Discount = 'log2' | 'ln' | 'log10' | 'log2-max2';
export type Ideal = 'labels' | 'labels-as-given' | 'predicted' | 'top-k';
export type Ties = 'input' | 'id-desc' | 'id-asc' | 'average' | 'pessimistic' | 'optimistic' | 'pessimistic-each';
export type Duplicates = 'error' | 'first' | 'count' | 'no-credit';
export type RelevantPool = 'labels' | 'predicted';
/** How ERR turns a grade into the chance the item satisfies the user. */
export type ErrGain = 'exponential' | 'linear';
/** AP and F1 of a case with relevant labels but no hit in the cutoff: 0, or NaN left out of the means. */
export type NoHit = 'zero' | 'nan';
/**
 * Predictions with no label at all (unjudged): ranked like any other, dropped before ranking (trec_eval
 * -J), or dropped from the top k after the cut (Elasticsearch's ignore_unlabeled).
 */
export type Unjudged = 'keep' | 'drop' | 'drop-after-cut';
/** The grade a prediction with no label takes: none (it stays unlabeled), or this number (Elasticsearch's unknown_doc_rating). */
export type UnjudgedGrade = 'none' | number;
/** A prediction whose id is the case's own id (a query retrieving itself): kept, or dropped before ranking (BEIR, MTEB). */
export type IdenticalIds = 'keep' | 'drop';
/** A prediction scored exactly 0: ranked like any other, or not recommended and dropped before ranking (RecPack). */
export type ZeroScores = 'keep' | 'drop';
/** Where IDCG@k is cut: at k, at min(k, number predicted) (Elasticsearch), or not at all (LlamaIndex). */
export type IdealCut = 'k' | 'min-k-predicted' | 'none';
/** The run figure: the mean of the cases' values, or the pooled ratio Σ numerators ÷ Σ denominators (implicit). */
export type Averaging = 'mean' | 'pooled';
/** DCG's gain of a negative grade: 0, or the grade's own negative gain (scikit-learn). */
export type NegativeGains = 'zero' | 'signed';
/** DCG and nDCG of a case with a single prediction: computed, or refused as scikit-learn refuses a one-item row. */
export type SingleItem = 'evaluate' | 'refuse';
/** A number: relevant when the grade exceeds it. 'listed': every label is relevant whatever its grade. */
export type RelevanceThreshold = number | 'listed';

export interface Convention {
  emptyLabels: EmptyLabels;
  precisionDenominator: PrecisionDenominator;
  apDenominator: ApDenominator;
  gain: Gain;
  discount: Discount;
  ideal: Ideal;
  relevanceThreshold: RelevanceThreshold;
  ties: Ties;
  duplicates: Duplicates;
  relevantPool: RelevantPool;
  errGain: ErrGain;
  noHit: NoHit;
  recallDenominator: RecallDenominator;
  unjudged: Unjudged;
  apTerms: ApTerms;
  emptyPredictions: EmptyPredictions;
  negativeGains: NegativeGains;
  singleItem: SingleItem;
  identicalIds: IdenticalIds;
  zeroScores: ZeroScores;
  unjudgedGrade: UnjudgedGrade;
  idealCut: IdealCut;
  averaging: Averaging;
}

export type KnobName = keyof Convention;

/** The reference tools and seeds: the presets the side-by-side views compare (compare, spread marks, hovers, curves). */
export const COMPARED_PRESETS = [
  'trec_eval',
  'seed000',
  'ranx',
  'mllib',
  'sklearn',
  'torchmetrics',
  'seed003',
  'lenskit',
  'recommenders',
] as const;
export type ComparedPreset = (typeof COMPARED_PRESETS)[number];

/**
 * The libraries people evaluate retrieval, RAG and recommenders with, each as named by its users. The
 * trec_eval family first: where two presets share a convention, the search names the first.
 */
export const LIBRARY_PRESETS = [
  'ir_measures',
  'pytrec_eval',
  'sentence-transformers',
  'mteb',
  'beir',
  'llamaindex',
  'haystack',
  'elasticsearch',
  'ragas',
  'tfrs',
  'cornac',
  'recpack',
  'recbole',
  'elliot',
  'implicit',
  'lightfm',
  'tf-ranking',
] as const;
type LibraryPreset = (typeof LIBRARY_PRESETS)[number];

/** Every preset, in the order reports and the convention search list them. */
export const PRESET_NAMES = [...COMPARED_PRESETS, ...LIBRARY_PRESETS] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/**
 * The convention of a fixture that names none, of the CLI without --convention and of the settings'
 * defaults: trec_eval's, the field's reference. (Before, it was seed 000's, whose AP over the hits and
 * ideal from the top k give 1.000 to a case that found 2 of 6 relevant items.)
 */
export const DEFAULT_PRESET: PresetName = 'trec_eval';

/**
 * Preset names that were renamed, and what they name now. `default` named the seed-000 definitions
 * until trec_eval's became the default: a fixture that wrote it keeps its numbers, with a
 * renamed-preset finding that says so.
 */
export const RENAMED_PRESETS: Readonly<Record<string, PresetName>> = { default: 'seed000' };

const COMPARED_PRESET_TABLE: Readonly<Record<ComparedPreset, Readonly<Convention>>> = {
  trec_eval: {
    emptyLabels: 'zero',
    precisionDenominator: 'k',
    apDenominator: 'relevant',
    gain: 'linear',
    discount: 'log2',
    ideal: 'labels',
    relevanceThreshold: 0,
    ties: 'id-desc',
    duplicates: 'error',
    relevantPool: 'labels',
    errGain: 'exponential',
    noHit: 'zero',
    recallDenominator: 'relevant',
    unjudged: 'keep',
    apTerms: 'hits',
    emptyPredictions: 'zero',
    negativeGains: 'zero',
    singleItem: 'evaluate',
    identicalIds: 'keep',
    zeroScores: 'keep',
    unjudgedGrade: 'none',
    idealCut: 'k',
    averaging: 'mean',
  },
  // Seed 000: NaN for empty labels, AP over the hits, 2^g − 1 over ln, ideal = the top k sorted.
  seed000: {
    emptyLabels: 'nan',
    precisionDenominator: 'k',
    apDenominator: 'hits',
    gain: 'exponential',
    discount: 'ln',
    ideal: 'top-k',
    relevanceThreshold: 0,
    ties: 'input',
    duplicates: 'first',
    relevantPool: 'labels',
    errGain: 'exponential',
    noHit: 'zero',
    recallDenominator: 'relevant',
    unjudged: 'keep',
    apTerms: 'hits',
    emptyPredictions: 'zero',
    negativeGains: 'zero',
    singleItem: 'evaluate',
    identicalIds: 'keep',
    zeroScores: 'keep',
    unjudgedGrade: 'none',
    idealCut: 'k',
    averaging: 'mean',
  },
  // ranx sorts with numba's quicksort: input order for up to 15 tied documents, unspecified above.
  ranx: {
    emptyLabels: 'zero',
    precisionDenominator: 'k',
    apDenominator: 'relevant',
    gain: 'linear',
    discount: 'log2',
    ideal: 'labels',
    relevanceThreshold: 0,
    ties: 'input',
    duplicates: 'first',
    relevantPool: 'labels',
    errGain: 'exponential',
    noHit: 'zero',
    recallDenominator: 'relevant',
    unjudged: 'keep',
    apTerms: 'hits',
    emptyPredictions: 'zero',
    negativeGains: 'zero',
    singleItem: 'evaluate',
    identicalIds: 'keep',
    zeroScores: 'keep',
    unjudgedGrade: 'none',
    idealCut: 'k',
    averaging: 'mean',
  },
  // Spark RankingMetrics: meanAveragePrecisionAt divides by min(k, |labels|), which is |labels| with no cutoff.
  mllib: {
    emptyLabels: 'zero',
    precisionDenominator: 'k',
    apDenominator: 'min-k-relevant',
    gain: 'exponential',
    discount: 'ln',
    ideal: 'labels-as-given',
    relevanceThreshold: 'listed',
    ties: 'input',
    duplicates: 'count',
    relevantPool: 'labels',
    errGain: 'exponential',
    noHit: 'zero',
    recallDenominator: 'relevant',
    unjudged: 'keep',
    apTerms: 'hits',
    emptyPredictions: 'zero',
    negativeGains: 'zero',
    singleItem: 'evaluate',
    identicalIds: 'keep',
    zeroScores: 'keep',
    unjudgedGrade: 'none',
    idealCut: 'k',
    averaging: 'mean',
  },
  // scikit-learn scores one row of scored items: the ideal and every count come from that row.
  sklearn: {
    emptyLabels: 'zero',
    precisionDenominator: 'k',
    apDenominator: 'relevant',
    gain: 'linear',
    discount: 'log2',
    ideal: 'predicted',
    relevanceThreshold: 0,
    ties: 'average',
    duplicates: 'count',
    relevantPool: 'predicted',
    errGain: 'exponential',
    noHit: 'zero',
    recallDenominator: 'relevant',
    unjudged: 'keep',
    apTerms: 'hits',
    emptyPredictions: 'zero',
    negativeGains: 'signed',
    singleItem: 'refuse',
    identicalIds: 'keep',
    zeroScores: 'keep',
    unjudgedGrade: 'none',
    idealCut: 'k',
    averaging: 'mean',
  },
  torchmetrics: {
    emptyLabels: 'zero',
    precisionDenominator: 'k',
    apDenominator: 'hits',
    gain: 'linear',
    discount: 'log2',
    ideal: 'predicted',
    relevanceThreshold: 0,
    ties: 'average',
    duplicates: 'count',
    relevantPool: 'predicted',
    errGain: 'exponential',
    noHit: 'zero',
    recallDenominator: 'relevant',
    unjudged: 'keep',
    apTerms: 'hits',
    emptyPredictions: 'zero',
    negativeGains: 'zero',
    singleItem: 'evaluate',
    identicalIds: 'keep',
    zeroScores: 'keep',
    unjudgedGrade: 'none',
    idealCut: 'k',
    averaging: 'mean',
  },
  // Seed 003's Python: P ÷ k, R ÷ len(relevant), AP = np.mean of the precisions at the hits (NaN with
  // none), F1 0/0 raises (NaN here), nDCG linear over log2 with the ideal from every score sorted.
  // `item in relevant` makes every listed item relevant, whatever its score.
  seed003: {
    emptyLabels: 'nan',
    precisionDenominator: 'k',
    apDenominator: 'hits',
    gain: 'linear',
    discount: 'log2',
    ideal: 'labels',
    relevanceThreshold: 'listed',
    ties: 'input',
    duplicates: 'first',
    relevantPool: 'labels',
    errGain: 'exponential',
    noHit: 'nan',
    recallDenominator: 'relevant',
    unjudged: 'keep',
    apTerms: 'hits',
    emptyPredictions: 'zero',
    negativeGains: 'zero',
    singleItem: 'evaluate',
    identicalIds: 'keep',
    zeroScores: 'keep',
    unjudgedGrade: 'none',
    idealCut: 'k',
    averaging: 'mean',
  },
  // LensKit (lkpy, src/lenskit/metrics/ranking/): Precision ÷ len(recs) after the cut, Recall ÷
  // min(|test|, k), AveragePrecision ÷ min(|test|, len(recs)), NDCG weights 1/log2(max(rank, 2)) with
  // the ideal from the test items; every test item is relevant; an empty test list gives NaN.
  lenskit: {
    emptyLabels: 'nan',
    precisionDenominator: 'min-k-predicted',
    apDenominator: 'min-k-relevant-predicted',
    gain: 'linear',
    discount: 'log2-max2',
    ideal: 'labels',
    relevanceThreshold: 'listed',
    ties: 'input',
    duplicates: 'count',
    relevantPool: 'labels',
    errGain: 'exponential',
    noHit: 'zero',
    recallDenominator: 'min-k-relevant',
    unjudged: 'keep',
    apTerms: 'hits',
    emptyPredictions: 'zero',
    negativeGains: 'zero',
    singleItem: 'evaluate',
    identicalIds: 'keep',
    zeroScores: 'keep',
    unjudgedGrade: 'none',
    idealCut: 'k',
    averaging: 'mean',
  },
  // microsoft/recommenders python_evaluation.py: precision_at_k ÷ k, recall_at_k ÷ the user's true
  // items, map_at_k ÷ min(true items, k), ndcg_at_k binary over ln (the base cancels), ideal from the
  // true items; only users with true items count.
  recommenders: {
    emptyLabels: 'nan',
    precisionDenominator: 'k',
    apDenominator: 'min-k-relevant',
    gain: 'linear',
    discount: 'ln',
    ideal: 'labels',
    relevanceThreshold: 'listed',
    ties: 'input',
    duplicates: 'count',
    relevantPool: 'labels',
    errGain: 'exponential',
    noHit: 'zero',
    recallDenominator: 'relevant',
    unjudged: 'keep',
    apTerms: 'hits',
    emptyPredictions: 'zero',
    negativeGains: 'zero',
    singleItem: 'evaluate',
    identicalIds: 'keep',
    zeroScores: 'keep',
    unjudgedGrade: 'none',
    idealCut: 'k',
    averaging: 'mean',
  },
};

/**
 * Each library preset as the knobs it sets differently from trec_eval's. Read in each library's own
 * source; PRESET_SOURCES names the file and lines, and test/core/libraryPresets.test.ts reproduces
 * a published example of each.
 */
const LIBRARY_OVERRIDES: Readonly<Record<LibraryPreset, Partial<Convention>>> = {
  // compute_metrics: P ÷ k, R ÷ |relevant|, MRR@k, binary nDCG with the ideal of the relevant cut at
  // k, MAP@k ÷ min(k, |relevant|); queries without relevant documents are dropped at construction.
  'sentence-transformers': {
    emptyLabels: 'nan',
    apDenominator: 'min-k-relevant',
    relevanceThreshold: 'listed',
    ties: 'input',
    duplicates: 'first',
  },
  // pytrec_eval (trec_eval's code) for nDCG, MAP, recall, P; means over the run's queries.
  mteb: { identicalIds: 'drop', emptyPredictions: 'nan' },
  // EvaluateRetrieval.evaluate: pytrec_eval, ignore_identical_ids=True, means over the run's queries.
  beir: { identicalIds: 'drop', emptyPredictions: 'nan' },
  // metrics.py: no cutoff (the retriever's top_k); P ÷ |set(retrieved)|, R and AP ÷ |set(expected)|,
  // binary nDCG whose ideal runs over every expected id, not cut at k; empty inputs raise ValueError.
  llamaindex: {
    emptyLabels: 'nan',
    emptyPredictions: 'nan',
    precisionDenominator: 'min-k-predicted',
    idealCut: 'none',
    relevanceThreshold: 'listed',
    ties: 'input',
    duplicates: 'first',
  },
  // Document{MRR,MAP,NDCG,Recall}Evaluator: RR and AP over every ground-truth value, credited once.
  haystack: { relevanceThreshold: 'listed', ties: 'input', duplicates: 'no-credit' },
  // _rank_eval: hits in the window k, 2^r − 1 over log2, precision ÷ the hits returned, IDCG over
  // min(k, hits returned) of the sorted ratings.
  elasticsearch: {
    gain: 'exponential',
    precisionDenominator: 'min-k-predicted',
    idealCut: 'min-k-predicted',
    ties: 'input',
    duplicates: 'first',
  },
  // IDBasedContextPrecision/Recall: sets of ids, precision ÷ |retrieved|, recall ÷ |reference|.
  ragas: {
    emptyLabels: 'nan',
    emptyPredictions: 'precision-nan',
    precisionDenominator: 'min-k-predicted',
    relevanceThreshold: 'listed',
    ties: 'input',
    duplicates: 'first',
  },
  // FactorizedTopK: top_k_categorical_accuracy, the true candidate in the top k (Success@k).
  tfrs: { relevanceThreshold: 'listed', ties: 'optimistic' },
  // ranking.py: P ÷ k, R ÷ |gt|, nDCG of binary gains, MRR and MAP over the whole ranking; MAP ranks
  // each positive after every item tied with it (rankdata(-scores, "max")).
  cornac: { emptyLabels: 'nan', relevanceThreshold: 'listed', ties: 'pessimistic-each' },
  // PrecisionK ÷ K, RecallK ÷ |true|, NDCGK ideal min(K, |true|); users without true items left out.
  // get_top_K_ranks ranks the stored entries of a sparse score matrix: a score of 0 is never recommended.
  recpack: { zeroScores: 'drop', emptyLabels: 'nan', relevanceThreshold: 'listed', ties: 'input', duplicates: 'first' },
  // metrics.py: P ÷ k, R ÷ pos_len, MAP ÷ min(pos_len, k), binary nDCG.
  recbole: {
    emptyLabels: 'nan',
    apDenominator: 'min-k-relevant',
    relevanceThreshold: 'listed',
    ties: 'input',
    duplicates: 'first',
  },
  // Precision ÷ cutoff, MAP = the mean of P@1…P@k, users without relevant items skipped.
  elliot: { emptyLabels: 'nan', apTerms: 'every-rank', relevanceThreshold: 'listed', ties: 'input', duplicates: 'first' },
  // ranking_metrics_at_k: users with test items only; "precision" Σ hits ÷ Σ min(K, likes) (pooled R@K
  // under min-k-relevant), MAP ÷ min(K, likes), nDCG ideal min(K, likes).
  implicit: {
    averaging: 'pooled',
    emptyLabels: 'nan',
    apDenominator: 'min-k-relevant',
    recallDenominator: 'min-k-relevant',
    relevanceThreshold: 'listed',
    ties: 'input',
    duplicates: 'first',
  },
  // evaluation.py: ranks from predict_rank, P ÷ k, recall ÷ positives, RR over the whole ranking.
  lightfm: { emptyLabels: 'nan', relevanceThreshold: 'listed', ties: 'pessimistic-each', duplicates: 'first' },
  // metrics_impl.py: the list is the candidates; P ÷ min(topn, list), 2^l − 1, ideal from the list.
  'tf-ranking': {
    gain: 'exponential',
    precisionDenominator: 'min-k-predicted',
    ideal: 'predicted',
    relevantPool: 'predicted',
    ties: 'input',
    duplicates: 'first',
  },
  // The pytrec_eval provider: trec_eval's measures and tie order, every judged query scored.
  ir_measures: {},
  // RelevanceEvaluator.evaluate returns the run's queries only: a mean over them.
  pytrec_eval: { emptyPredictions: 'nan' },
};

export const PRESETS: Readonly<Record<PresetName, Readonly<Convention>>> = {
  ...COMPARED_PRESET_TABLE,
  ...(Object.fromEntries(
    LIBRARY_PRESETS.map((name) => [name, { ...COMPARED_PRESET_TABLE.trec_eval, ...LIBRARY_OVERRIDES[name] }]),
  ) as Record<LibraryPreset, Convention>),
};

/** Where each library preset's definitions are read: repository, file and lines (the README and the docs cite these). */
export const PRESET_SOURCES: Readonly<Record<LibraryPreset, string>> = {
  'sentence-transformers':
    'UKPLab/sentence-transformers sentence_transformers/evaluation/InformationRetrievalEvaluator.py:437-553 (85ec6455)',
  mteb: 'embeddings-benchmark/mteb mteb/_evaluators/retrieval_evaluator.py:121-137, retrieval_metrics.py:581-635 (a905523d)',
  beir: 'beir-cellar/beir beir/retrieval/evaluation.py:69-115 (ef83d293)',
  llamaindex:
    'run-llama/llama_index llama-index-core/llama_index/core/evaluation/retrieval/metrics.py (tests/evaluation/test_metrics.py at 0f3f9582)',
  haystack: 'deepset-ai/haystack haystack/components/evaluators/document_map.py:117-142, document_ndcg.py:160-205 (c7cb46c0)',
  elasticsearch: 'elastic/elasticsearch modules/rank-eval/…/PrecisionAtK.java, DiscountedCumulativeGain.java (evaluate)',
  ragas: 'explodinggradients/ragas src/ragas/metrics/_context_precision.py:251-304, _context_recall.py:227-272 (3e28e9de)',
  tfrs: 'tensorflow/recommenders tensorflow_recommenders/metrics/factorized_top_k.py:87, 187 (cf1dafa9)',
  cornac: 'PreferredAI/cornac cornac/metrics/ranking.py:49-526 (4db147de)',
  recpack: 'LienM/recpack recpack/util.py:50-77, recpack/metrics/base.py:112-123 (d4299773)',
  recbole: 'RUCAIBox/RecBole recbole/evaluator/metrics.py:39-227 (7b02be5e)',
  elliot: 'sisinflab/elliot elliot/evaluation/metrics/accuracy/map/map.py, ndcg/ndcg.py (fc27efed)',
  implicit: 'benfred/implicit implicit/evaluation.pyx:366-475 (8a95dbe2)',
  lightfm: 'lyst/lightfm lightfm/_lightfm_fast.pyx.template:1318, lightfm/evaluation.py:74-166 (0c9c31e0)',
  'tf-ranking': 'tensorflow/ranking tensorflow_ranking/python/metrics_impl.py:31-33, 180-668 (5b1d1338)',
  ir_measures: 'terrierteam/ir_measures ir_measures/providers/pytrec_eval_provider.py (dc04a88f)',
  pytrec_eval: 'cvangysel/pytrec_eval src/pytrec_eval.cpp, README.md (0d8571ef)',
};

export interface KnobInfo {
  name: KnobName;
  /** Allowed string values; relevanceThreshold and unjudgedGrade also take any finite number. */
  values: readonly string[];
  description: string;
  affects: string;
}

export const KNOBS: readonly KnobInfo[] = [
  {
    name: 'emptyLabels',
    values: ['nan', 'zero'],
    affects: 'every metric of a case with no relevant label, and the means',
    description: 'A case with no relevant label: NaN and left out of the means (nan), or 0 and counted (zero).',
  },
  {
    name: 'precisionDenominator',
    values: ['k', 'min-k-predicted'],
    affects: 'P@k, F1@k',
    description: 'P@k divides the hits by k (k), or by min(k, number of predictions) (min-k-predicted).',
  },
  {
    name: 'apDenominator',
    values: ['hits', 'relevant', 'min-k-relevant', 'min-relevant-predicted', 'min-k-relevant-predicted'],
    affects: 'AP@k, AP',
    description:
      'AP divides the sum of precisions at the hits by the hits in the top k (hits), all relevant labels (relevant), min(k, relevant labels) (min-k-relevant), min(relevant labels, number predicted) (min-relevant-predicted) or min(k, relevant labels, number predicted) (min-k-relevant-predicted, LensKit).',
  },
  {
    name: 'gain',
    values: ['linear', 'exponential'],
    affects: 'DCG@k, nDCG@k, nDCG',
    description: 'The gain of a grade g: g itself (linear) or 2^g − 1 (exponential).',
  },
  {
    name: 'discount',
    values: ['log2', 'ln', 'log10', 'log2-max2'],
    affects: 'DCG@k; nDCG only for log2-max2 (a log base cancels)',
    description:
      'The discount at rank i: 1/log₂(i+1), 1/ln(i+1), 1/log₁₀(i+1), or 1/log₂(max(i, 2)) (log2-max2, LensKit: ranks 1 and 2 weigh the same). The base cancels in nDCG.',
  },
  {
    name: 'ideal',
    values: ['labels', 'labels-as-given', 'predicted', 'top-k'],
    affects: 'nDCG@k, nDCG',
    description:
      'The ideal ranking for IDCG: all label grades sorted (labels), label grades in the order written (labels-as-given, Spark), the grades of all predicted items sorted (predicted) or of the top-k predicted items sorted (top-k).',
  },
  {
    name: 'relevanceThreshold',
    values: ['listed'],
    affects: 'every binary metric (P, R, F1, AP, RR, Rprec, Success)',
    description: 'A label is relevant when its grade exceeds this number; listed: every label is relevant.',
  },
  {
    name: 'ties',
    values: ['input', 'id-desc', 'id-asc', 'average', 'pessimistic', 'optimistic', 'pessimistic-each'],
    affects: 'the ranking of scored predictions',
    description:
      "Predictions with equal scores: kept in input order (input), ordered by id descending as text (id-desc, trec_eval) or ascending (id-asc), or in input order with their gains averaged over the tied group in DCG and nDCG (average, scikit-learn), or relevant items after the others they tie with (pessimistic), or before them (optimistic: TensorFlow Recommenders' tf.math.in_top_k), or every item credited at the last rank of its tied group, so tied relevant items each count the others as ahead (pessimistic-each: LightFM's predict_rank, Cornac's rankdata(method=\"max\")).",
  },
  {
    name: 'duplicates',
    values: ['error', 'first', 'count', 'no-credit'],
    affects: 'cases that predict an item twice',
    description:
      'A repeated prediction: the case is an error and left out (error), later occurrences are dropped (first), every occurrence counts (count, so recall can exceed 1), or later occurrences keep their rank but gain nothing and are not relevant (no-credit: Haystack).',
  },
  {
    name: 'relevantPool',
    values: ['labels', 'predicted'],
    affects: 'R@k, AP denominators, Rprec, empty labels',
    description:
      'Which relevant items exist: every relevant label (labels), or only those among the predictions (predicted: tools that score one row of items never see the others).',
  },
  {
    name: 'errGain',
    values: ['exponential', 'linear'],
    affects: 'ERR@k, ERR',
    description:
      'The chance that an item of grade g satisfies the user in ERR: (2^g − 1) / 2^gmax (exponential, Chapelle et al.) or g / gmax (linear); gmax is the top grade.',
  },
  {
    name: 'noHit',
    values: ['zero', 'nan'],
    affects: 'AP@k, AP, F1@k of a case with relevant labels but no hit',
    description:
      "A case with relevant labels but no relevant item in the top k: AP@k and F1@k are 0 (zero), or NaN and left out of the means, which report the count (nan: numpy's mean of no precisions, Python's 0/0).",
  },
  {
    name: 'recallDenominator',
    values: ['relevant', 'min-k-relevant'],
    affects: 'R@k, F1@k',
    description:
      "R@k divides the hits by the relevant items (relevant), or by min(k, relevant items) (min-k-relevant: BEIR's R_cap, LensKit's Recall).",
  },
  {
    name: 'unjudged',
    values: ['keep', 'drop', 'drop-after-cut'],
    affects: 'the ranking: every metric of a case that predicts unlabeled items',
    description:
      "Predictions with no label at all: ranked like the others (keep), dropped before ranking so judged items move up (drop: trec_eval -J, ir_measures judged_only), or dropped from the top k after the cut, so a metric at k sees only the judged items of the top k (drop-after-cut: Elasticsearch's ignore_unlabeled).",
  },
  {
    name: 'apTerms',
    values: ['hits', 'every-rank'],
    affects: 'AP@k, AP',
    description:
      "Which precisions AP averages: P@rank at each hit, divided per apDenominator (hits), or P@1…P@k at every rank, divided by k (every-rank: Elliot's MAP, which is not average precision; apDenominator is then unused).",
  },
  {
    name: 'emptyPredictions',
    values: ['zero', 'nan', 'precision-nan'],
    affects: 'every metric of a case with relevant labels and no predictions, and the means',
    description:
      'A case with relevant labels but no predictions (a query missing from the run): every metric is 0 and counts in the means (zero: trec_eval -c), NaN and left out of them, which report the count (nan: trec_eval without -c averages over the queries in the run), or NaN for the precision-type measures (P, AP, gmAP, F1, SetP, SetAP, SetF: a share of nothing) and 0 for every other (precision-nan: LensKit, ragas).',
  },
  {
    name: 'negativeGains',
    values: ['zero', 'signed'],
    affects: 'DCG@k, nDCG@k, nDCG of a case with negative grades',
    description:
      "A negative grade in DCG and nDCG: no gain (zero), or its own negative gain, in the ranking and in the ideal, which then ends with it (signed: scikit-learn's dcg_score, and ndcg_score before 1.4, which warns and later refuses).",
  },
  {
    name: 'singleItem',
    values: ['evaluate', 'refuse'],
    affects: 'DCG@k, nDCG@k, nDCG of a case with one prediction',
    description:
      "A case with a single prediction: DCG and nDCG computed like any other (evaluate), or NaN and left out of the means with a single-item-row finding (refuse: scikit-learn's dcg_score and ndcg_score refuse a row of one item).",
  },
  {
    name: 'identicalIds',
    values: ['keep', 'drop'],
    affects: 'the ranking: every metric of a case that predicts its own id',
    description:
      "A prediction whose id is the case's id (a query that retrieves itself): ranked like the others (keep), or dropped before ranking so the rest move up (drop: BEIR's and MTEB's ignore_identical_ids).",
  },
  {
    name: 'zeroScores',
    values: ['keep', 'drop'],
    affects: 'the ranking: every metric of a case with a prediction scored exactly 0',
    description:
      'A prediction scored exactly 0: ranked like the others (keep), or not recommended and dropped before ranking (drop: RecPack, whose sparse score matrices store no zero).',
  },
  {
    name: 'unjudgedGrade',
    values: ['none'],
    affects: 'every graded metric of a case that predicts unlabeled items',
    description:
      "The grade of a prediction with no label: none (it stays unlabeled), or this number, given at its rank only (not to the labels the ideal and R are read from) (Elasticsearch's unknown_doc_rating). unjudged then finds no unlabeled prediction.",
  },
  {
    name: 'idealCut',
    values: ['k', 'min-k-predicted', 'none'],
    affects: 'nDCG@k',
    description:
      "Where the ideal ranking of nDCG@k is cut: at k (k), at min(k, number predicted) (min-k-predicted: Elasticsearch's dcg with normalize, over the hits returned), or not at all (none: LlamaIndex's NDCG, whose ideal covers every expected id).",
  },
  {
    name: 'averaging',
    values: ['mean', 'pooled'],
    affects: 'the means (run figures) of P@k, R@k and F1@k; other families have no pooled form',
    description:
      "The run figure: the mean of the cases' values (mean), or Σ numerators ÷ Σ denominators over the cases (pooled: implicit's precision_at_k, Σ hits ÷ Σ min(K, R)); F1 pooled is 2·P·R/(P+R) of the pooled P and R, counts stay sums, and a family with no pooled form has a NaN mean with a no-pooled-form finding.",
  },
];

export interface ConventionProblem {
  /** The knob (or 'preset') the problem is about. */
  key: string;
  message: string;
}

export interface ResolvedConvention {
  /** The preset the convention starts from. */
  preset: PresetName;
  /** Knobs set on top of the preset, by name. */
  overrides: Partial<Convention>;
  convention: Convention;
  /** A label for reports: the preset name, with overridden knobs when there are any. */
  name: string;
}

/** Resolves "preset + knob overrides" into one convention; unknown names become problems, never exceptions. */
export function resolveConvention(
  preset: string | undefined,
  overrides: Record<string, unknown> = {},
): { resolved: ResolvedConvention; problems: ConventionProblem[] } {
  const problems: ConventionProblem[] = [];
  let base: PresetName = DEFAULT_PRESET;
  if (preset !== undefined) {
    const found = findPreset(preset);
    if (found) base = found;
    else problems.push({ key: 'preset', message: `Unknown preset "${preset}"; known presets: ${PRESET_NAMES.join(', ')}.` });
  }
  const applied: Partial<Convention> = {};
  for (const [key, value] of Object.entries(overrides)) {
    const problem = checkKnob(key, value);
    if (problem) problems.push({ key, message: problem });
    else (applied as Record<string, unknown>)[key] = value;
  }
  const convention = { ...PRESETS[base], ...applied };
  const changed = Object.keys(applied).filter((k) => applied[k as KnobName] !== PRESETS[base][k as KnobName]);
  const name = changed.length === 0 ? base : `${base} + ${changed.map((k) => `${k}=${applied[k as KnobName]}`).join(', ')}`;
  return { resolved: { preset: base, overrides: applied, convention, name }, problems };
}

/** The preset of that name, case-insensitively, `-`, `_` and spaces alike (also "trec", "spark", "scikit-learn", "llama_index", and a renamed preset's old name). */
export function findPreset(name: string): PresetName | undefined {
  const n = presetKey(name);
  const aliases: Record<string, PresetName> = {
    trec: 'trec_eval',
    spark: 'mllib',
    scikit_learn: 'sklearn',
    seed_000: 'seed000',
    seed_003: 'seed003',
    sbert: 'sentence-transformers',
    llama_index: 'llamaindex',
    tensorflow_recommenders: 'tfrs',
    tensorflow_ranking: 'tf-ranking',
    tfr: 'tf-ranking',
  };
  const named = PRESET_NAMES.find((p) => presetKey(p) === n);
  if (named) return named;
  // Own keys only: "constructor" is no preset.
  return Object.hasOwn(aliases, n) ? aliases[n] : renamedPreset(n);
}

/** When a name is a renamed preset's old name (`default`), the preset it names now; else undefined. */
export function renamedPreset(name: string): PresetName | undefined {
  return Object.hasOwn(RENAMED_PRESETS, presetKey(name)) ? RENAMED_PRESETS[presetKey(name)] : undefined;
}

/** What a renamed preset's old name means now, in a sentence for a finding or a note. */
export function renamedPresetMessage(name: string): string {
  const now = renamedPreset(name) ?? name;
  return `"${name}" is the old name of the ${now} preset: the numbers are ${now}'s, but the built-in default is now ${DEFAULT_PRESET}'s convention. Write "${now}" to keep these numbers, or "${DEFAULT_PRESET}".`;
}

function presetKey(name: string): string {
  return name.toLowerCase().replace(/[\s-]/g, '_');
}

/** Why a knob value is not allowed, or undefined when it is. */
export function checkKnob(key: string, value: unknown): string | undefined {
  const info = KNOBS.find((k) => k.name === key);
  if (!info) return `Unknown convention knob "${key}"; knobs: ${KNOBS.map((k) => k.name).join(', ')}.`;
  if (key === 'relevanceThreshold') {
    if (value === 'listed' || (typeof value === 'number' && Number.isFinite(value))) return undefined;
    return 'relevanceThreshold takes a finite number (relevant when the grade exceeds it) or "listed".';
  }
  if (key === 'unjudgedGrade') {
    if (value === 'none' || (typeof value === 'number' && Number.isFinite(value))) return undefined;
    return 'unjudgedGrade takes a finite number (the grade of an unlabeled prediction) or "none".';
  }
  if (typeof value === 'string' && info.values.includes(value)) return undefined;
  return `${key} takes one of: ${info.values.join(', ')}.`;
}

/** Whether an item with this grade counts as relevant for the binary metrics. */
export function isRelevantGrade(grade: number, threshold: RelevanceThreshold): boolean {
  if (threshold === 'listed') return true;
  return Number.isFinite(grade) && grade > threshold;
}
