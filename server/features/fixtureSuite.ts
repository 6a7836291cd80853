/**
 * ranklens/fixtureTests: a fixture file's expectations and declared findings with their outcomes, for
 * VS Code's Testing view. An open document is read as the lenses read it (its current analysis); a
 * file that is not open is read from the workspace (the disk, or the client in a web worker). The
 * model is shared/text/fixtureSuite.ts, which the CLI's JUnit report reads too.
 */
import { declaredFindingCodes, evaluateDeclared, FixtureOptions } from '../../shared/evaluation';
import { FixtureTestsResult } from '../../shared/protocol';
import { fixtureTests } from '../../shared/text';
import { Analysis } from '../analysis';
import { Placer, placer } from '../positions';
import { RanklensService } from '../service';
import { fixtureOptions } from '../settings';

/** The tests of an analysis, placed in its text. */
export function testsOf(analysis: Analysis, place: Placer, options: FixtureOptions): FixtureTestsResult {
  // Only the preset comparison reports convention-dependent: evaluate with it when the file declares that code.
  const needsCompare = !options.compare && (declaredFindingCodes(analysis.parsed)?.has('convention-dependent') ?? false);
  const evaluation = needsCompare ? evaluateDeclared(analysis.parsed, options).evaluation : analysis.evaluation;
  const tests = fixtureTests(analysis.parsed, evaluation);
  return {
    uri: analysis.uri,
    documents: tests.documents.map((d) => ({
      index: d.index,
      range: place.range(d.span),
      convention: d.convention,
      cases: d.cases.map((c) => ({
        id: c.id,
        range: place.range(c.span),
        expectations: c.expectations.map((e) => ({
          metric: e.metric,
          range: place.range(e.span),
          expected: e.expected,
          actual: e.actual,
          outcome: e.outcome,
          message: e.message,
        })),
      })),
      declared: d.declared.map((x) => ({ code: x.code, range: place.range(x.span), passed: x.passed, message: x.message })),
    })),
    errors: tests.errors.map((f) => ({ code: f.code, message: f.message, range: place.range(f.span) })),
  };
}

/** The tests of an open fixture (its current text) or of a fixture file on disk; null when it is neither. */
export async function fixtureTestsFor(service: RanklensService, uri: string): Promise<FixtureTestsResult | null> {
  const options = fixtureOptions(service.settings);
  const now = service.current(uri);
  if (now) return testsOf(now.analysis, placer(now.doc.text), options);
  const language = service.watcher.languageOf(uri);
  if (!language) return null;
  const text = await service.watcher.read(uri);
  if (text === undefined) return null;
  const { analysis, place } = service.analyzeFile(uri, text, language);
  return testsOf(analysis, place, options);
}
