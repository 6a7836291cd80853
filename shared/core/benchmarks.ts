/**
 * The benchmarks whose official evaluation fixes the measures, cutoffs, relevance levels and
 * preprocessing: `--benchmark NAME` (and `benchmark:` in fixtures and ranklens.config.json) applies
 * them to the user's own qrels and run. Nothing is downloaded.
 */
import { PresetName } from './conventions';

export const BENCHMARK_NAMES = ['msmarco-passage', 'trec-dl', 'beir', 'mteb'] as const;
export type BenchmarkName = (typeof BENCHMARK_NAMES)[number];

export interface Benchmark {
  name: BenchmarkName;
  /** The convention its official evaluation computes under. */
  preset: PresetName;
  /** The official measures, in Ranklens's names; a measure's own relevance level is written rel=. */
  measures: readonly string[];
  /** The cutoffs a fixture computes under it. */
  k: readonly number[];
  /** Judged queries missing from the run count as 0 (trec_eval -c). */
  complete: boolean;
  /** What the official evaluation does, in a sentence for reports. */
  summary: string;
  /** Where that is written: repository, file and lines. */
  source: string;
}

export const BENCHMARKS: Readonly<Record<BenchmarkName, Benchmark>> = {
  'msmarco-passage': {
    name: 'msmarco-passage',
    preset: 'trec_eval',
    measures: ['RR@10', 'R@1000'],
    k: [10, 1000],
    complete: true,
    summary:
      'MS MARCO passage ranking (dev): MRR@10, the reciprocal rank of the first relevant passage in the top 10, averaged over every judged query (missing ones count 0); R@1000 beside it.',
    source:
      'microsoft/MSMARCO-Passage-Ranking ms_marco_eval.py:15 (MaxMRRRank = 10), :107-135 (÷ every reference query); castorini/pyserini pyserini/2cr/msmarco.py: MRR@10 "-c -M 10 -m recip_rank", R@1K "-c -m recall.1000"',
  },
  'trec-dl': {
    name: 'trec-dl',
    preset: 'trec_eval',
    measures: ['nDCG@10', 'AP(rel=2)', 'R(rel=2)@1000'],
    k: [10, 1000],
    complete: true,
    summary:
      'TREC Deep Learning (passage, 2019-2020): nDCG@10 on the graded qrels (gain = grade), MAP and R@1000 with relevance ≥ 2 (trec_eval -l 2), every judged query counted (-c).',
    source:
      'castorini/pyserini pyserini/2cr/msmarco.py, dl19-passage and dl20-passage: MAP "-c -l 2 -m map", nDCG@10 "-c -m ndcg_cut.10", R@1K "-c -l 2 -m recall.1000"',
  },
  beir: {
    name: 'beir',
    preset: 'beir',
    measures: ['nDCG@10'],
    k: [10],
    complete: false,
    summary:
      "BEIR: nDCG@10 from pytrec_eval, a document whose id is the query's dropped from its ranking (ignore_identical_ids=True), averaged over the queries in the run.",
    source: 'beir-cellar/beir beir/retrieval/evaluation.py:69-115 (ef83d293)',
  },
  mteb: {
    name: 'mteb',
    preset: 'mteb',
    measures: ['nDCG@10'],
    k: [10],
    complete: false,
    summary:
      'MTEB retrieval: main score ndcg_at_10 from pytrec_eval, identical query and document ids dropped (the tasks that set ignore_identical_ids), averaged over the queries in the run.',
    source:
      'embeddings-benchmark/mteb mteb/_evaluators/retrieval_evaluator.py:121-137, retrieval_metrics.py:581-635, mteb/abstasks/retrieval.py:100 (a905523d)',
  },
};

/** The benchmark of that name, case-insensitively, `-`, `_` and spaces alike ("MS MARCO passage", "trec_dl"). */
export function findBenchmark(name: string): BenchmarkName | undefined {
  const key = (s: string) => s.toLowerCase().replace(/[\s_-]/g, '');
  return BENCHMARK_NAMES.find((b) => key(b) === key(name));
}
