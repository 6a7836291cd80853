/**
 * `--format junit`: JUnit XML, one <testsuite> per fixture file, one <testcase> per case expectation
 * and per declared finding (expectFindings), and one <testcase> with an <error> per error finding
 * that is no expectation (a syntax error, an unknown key). A failure says expected, computed and the
 * convention. Lines are 1-based; `file` and `line` on a testcase are what CI reporters link to.
 */
import { LocatedFinding } from '../../shared/fixture';
import { DocumentTests, ExpectationTest, fixtureTests, FixtureTests, testCounts } from '../../shared/text';
import { LoadedFixtureFile } from '../fixtureFile';
import { LineIndex } from '../positions';
import { xmlText } from './xml';

/** The JUnit XML document for the checked files. */
export function junitReport(files: readonly LoadedFixtureFile[]): string {
  const suites = files.map((f) => ({ file: f, tests: fixtureTests(f.doc, f.evaluation) }));
  const total = suites
    .map((s) => testCounts(s.tests))
    .reduce(
      (a, b) => ({
        tests: a.tests + b.tests,
        failures: a.failures + b.failures,
        errors: a.errors + b.errors,
        skipped: a.skipped + b.skipped,
      }),
      { tests: 0, failures: 0, errors: 0, skipped: 0 },
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="ranklens check"${counts(total)} time="0">`,
    ...suites.flatMap((s) => suite(s.file, s.tests)),
    '</testsuites>',
    '',
  ].join('\n');
}

function counts(c: { tests: number; failures: number; errors: number; skipped: number }): string {
  return ` tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}"`;
}

function suite(file: LoadedFixtureFile, tests: FixtureTests): string[] {
  const path = xmlText(file.path);
  const many = tests.documents.length > 1;
  const cases = [
    ...tests.documents.flatMap((d) => [
      ...d.cases.flatMap((c) => c.expectations.map((e) => expectationCase(file, d, many, `${c.id} › ${e.metric}`, e))),
      ...d.declared.map((x) =>
        testcase(
          file,
          x.span.start,
          name(d, many, `expectFindings › ${x.code}`),
          x.passed
            ? []
            : [
                `<failure type="expected-finding-missing" message="${xmlText(x.message)}">${xmlText(where(file, x.span.start, x.message))}</failure>`,
              ],
        ),
      ),
    ]),
    ...tests.errors.map((f) => errorCase(file, f)),
  ];
  return [`  <testsuite name="${path}"${counts(testCounts(tests))} time="0" file="${path}">`, ...cases, '  </testsuite>'];
}

function expectationCase(file: LoadedFixtureFile, d: DocumentTests, many: boolean, title: string, e: ExpectationTest): string {
  const text = xmlText(where(file, e.span.start, e.message));
  const body = {
    passed: [],
    declared: [`<system-out>${text}</system-out>`],
    unchecked: [`<skipped message="${xmlText(e.message)}"/>`],
    failed: [`<failure type="expect-mismatch" message="${xmlText(e.message)}">${text}</failure>`],
  }[e.outcome];
  return testcase(file, e.span.start, name(d, many, title), body);
}

function errorCase(file: LoadedFixtureFile, f: LocatedFinding): string {
  const at = file.lines.position(f.span.start);
  const title = `${f.code} at ${at.line + 1}:${at.character + 1}`;
  return testcase(file, f.span.start, title, [
    `<error type="${f.code}" message="${xmlText(f.message)}">${xmlText(where(file, f.span.start, f.message))}</error>`,
  ]);
}

function name(d: DocumentTests, many: boolean, title: string): string {
  return many ? `document ${d.index + 1} › ${title}` : title;
}

function testcase(file: LoadedFixtureFile, offset: number, title: string, body: string[]): string {
  const line = file.lines.position(offset).line + 1;
  const open = `    <testcase classname="${xmlText(file.path)}" name="${xmlText(title)}" file="${xmlText(file.path)}" line="${line}" time="0"`;
  return body.length === 0 ? `${open}/>` : `${open}>${body.join('')}</testcase>`;
}

/** The message with its place, as the text report writes it: `file:line:col message`. */
function where(file: { path: string; lines: LineIndex }, offset: number, message: string): string {
  const at = file.lines.position(offset);
  return `${file.path}:${at.line + 1}:${at.character + 1} ${message}`;
}
