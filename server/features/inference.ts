/**
 * The convention search in the editor, off the typing path: it starts a moment after diagnostics are
 * published, runs in slices between other messages, and any edit cancels it. Its result adds the
 * convention-match diagnostic (with a quick fix that writes the convention) and a hover line on each
 * expectation no convention explains.
 */
import { CodeAction, CodeActionKind, Diagnostic, TextEdit } from 'vscode-languageserver';
import { LocatedFinding, Span, targetAt } from '../../shared/fixture';
import { FixtureInference, fixtureInferenceSteps } from '../../shared/inference';
import { conventionEdit, hasFailedExpectations, inferenceFinding, unexplainedHover } from '../../shared/text';
import { Analysis } from '../analysis';
import { Placer } from '../positions';

interface Job {
  version: number;
  cancelled: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/** Per open document: the search under way, and the last result with the version it is for. */
export class BackgroundInference {
  private jobs = new Map<string, Job>();
  private results = new Map<string, { version: number; fixtures: (FixtureInference | undefined)[] }>();

  /** onDone runs when a search finishes for the version it was started on. */
  constructor(
    private readonly onDone: (uri: string, version: number) => void,
    private readonly delayMs = 250,
    private readonly sliceMs = 8,
  ) {}

  /** Starts the search for this analysis unless it is done or under way; cancels one for an older version. */
  schedule(analysis: Analysis): void {
    const { uri, version } = analysis;
    if (this.results.get(uri)?.version === version || this.jobs.get(uri)?.version === version) return;
    this.cancel(uri);
    const fixtures = analysis.evaluation.fixtures;
    if (!fixtures.some(hasFailedExpectations)) {
      this.results.set(uri, { version, fixtures: [] });
      return;
    }
    const job: Job = { version, cancelled: false };
    this.jobs.set(uri, job);
    job.timer = setTimeout(() => this.run(analysis, job), this.delayMs);
  }

  private run(analysis: Analysis, job: Job): void {
    const fixtures = analysis.evaluation.fixtures;
    const steps = fixtures.map((fe) => (hasFailedExpectations(fe) ? fixtureInferenceSteps(fe) : undefined));
    const done: (FixtureInference | undefined)[] = new Array(fixtures.length);
    let f = 0;
    const slice = (): void => {
      if (job.cancelled) return;
      const until = Date.now() + this.sliceMs;
      while (Date.now() < until) {
        while (f < steps.length && !steps[f]) f++;
        if (f === steps.length) {
          this.jobs.delete(analysis.uri);
          this.results.set(analysis.uri, { version: job.version, fixtures: done });
          this.onDone(analysis.uri, job.version);
          return;
        }
        const next = steps[f]!.next();
        if (next.done) {
          done[f] = next.value;
          f++;
        }
      }
      setImmediate(slice);
    };
    slice();
  }

  /** Stops the document's search (an edit makes its answer stale). */
  cancel(uri: string): void {
    const job = this.jobs.get(uri);
    if (!job) return;
    job.cancelled = true;
    clearTimeout(job.timer);
    this.jobs.delete(uri);
  }

  drop(uri: string): void {
    this.cancel(uri);
    this.results.delete(uri);
  }

  /** The result for exactly this version of the document, if the search finished. */
  result(uri: string, version: number): (FixtureInference | undefined)[] | undefined {
    const r = this.results.get(uri);
    return r && r.version === version ? r.fixtures : undefined;
  }
}

/** The convention-match findings of an analysis, given the search's result for its version. */
export function inferenceFindings(analysis: Analysis, fixtures: readonly (FixtureInference | undefined)[]): LocatedFinding[] {
  return analysis.evaluation.fixtures.flatMap((fe, i) => {
    const inference = fixtures[i];
    const finding = inference && inferenceFinding(fe, inference, analysis.text, analysis.language);
    return finding ? [finding] : [];
  });
}

/** Markdown to add to the hover of an expectation the best convention leaves unexplained. */
export function inferenceHover(
  analysis: Analysis,
  fixtures: readonly (FixtureInference | undefined)[],
  offset: number,
): string | undefined {
  const target = targetAt(analysis.parsed, analysis.text, offset);
  if (!target || target.kind !== 'expect') return undefined;
  const inference = fixtures[target.fixture];
  const fe = analysis.evaluation.fixtures[target.fixture];
  return inference && fe ? unexplainedHover(inference, target.case, target.index, fe) : undefined;
}

/** The quick fix on a convention-match finding: write the convention it names into the fixture. */
export function inferenceActions(
  analysis: Analysis,
  fixtures: readonly (FixtureInference | undefined)[],
  req: { uri: string; version: number; span: Span; diagnostics: readonly Diagnostic[] },
  place: Placer,
): CodeAction[] {
  const out: CodeAction[] = [];
  analysis.evaluation.fixtures.forEach((fe, i) => {
    const inference = fixtures[i];
    const finding = inference && inferenceFinding(fe, inference, analysis.text, analysis.language);
    if (!finding || !finding.data?.replacement || finding.span.start > req.span.end || req.span.start > finding.span.end) return;
    const edit = conventionEdit(fe.fixture, analysis.text, analysis.language, finding.data.replacement);
    if (!edit) return;
    const diagnostics = req.diagnostics.filter((d) => d.code === 'convention-match');
    const exact = inference.result.exact;
    out.push({
      title: `Set the convention to ${finding.data.replacement}${exact ? '' : ` (explains ${inference.result.matches[0].matched} of ${inference.result.expectations})`}`,
      kind: CodeActionKind.QuickFix,
      edit: {
        documentChanges: [
          { textDocument: { uri: req.uri, version: req.version }, edits: [TextEdit.replace(place.range(edit.span), edit.newText)] },
        ],
      },
      ...(diagnostics.length ? { diagnostics } : {}),
      ...(exact ? { isPreferred: true } : {}),
    });
  });
  return out;
}
