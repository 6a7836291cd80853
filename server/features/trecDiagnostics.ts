/**
 * The findings of TREC documents: a run's format problems, then, paired, what `ranklens trec` finds
 * in it against its qrels (each at its line and field), or, unpaired, one note on its first line
 * saying how to pair it; qrels, their own format problems.
 */
import { LocatedFinding } from '../../shared/fixture';
import { unpairedRunMessage } from '../../shared/text';
import { TrecQrelsView, TrecRunView } from '../trecDocuments';
import { uriPath } from '../workspaceFiles';

/** A run's findings. */
export function trecRunFindings(view: TrecRunView): LocatedFinding[] {
  const out = [...view.run.findings];
  if (view.evaluation) out.push(...view.evaluation.findings);
  else {
    const name = uriPath(view.uri).split('/').pop()!;
    out.push({
      code: 'run-not-paired',
      severity: 'info',
      span: { start: 0, end: 0 },
      message: unpairedRunMessage(name, view.pairing.message),
    });
  }
  return out;
}

/** A qrels document's findings. */
export function trecQrelsFindings(view: TrecQrelsView): LocatedFinding[] {
  const q = view.qrels;
  const empty = q.queries.size === 0 && !q.binary && !q.findings.some((f) => f.code === 'malformed-line' || f.code === 'format-error');
  const none: LocatedFinding = {
    code: 'empty-file',
    severity: 'error',
    span: { start: 0, end: 0 },
    message: 'The qrels hold no judgement, so nothing is evaluated (trec_eval stops on an empty qrels file: "Cannot read qrels file").',
  };
  return empty ? [...q.findings, none] : q.findings;
}
