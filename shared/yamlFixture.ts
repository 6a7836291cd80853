/**
 * YAML fixtures, one per document of the stream: the `yaml` package's parser and composer (fed one
 * CST document at a time so that over-deep documents are never composed), the located tree, then
 * the shared schema. Nothing is ever constructed from tags and no document is turned into JS objects.
 */
import { Composer, Document, Parser, YAMLError } from 'yaml';
import { parseFinding } from './fixtureFindings';
import { DEFAULT_LIMITS, FixtureLimits, sizeFinding } from './fixtureLimits';
import { FixtureDocument, FixtureNode, LocatedFinding } from './fixtureModel';
import { readFixture } from './fixtureSchema';
import { nestingBoundExceededAt, tooDeepAt } from './yamlDepth';
import { AliasBudget, countDroppedAliases, yamlTree } from './yamlTree';

// The lexer's bound is loose (about twice the real depth), so it only stops texts no fixture comes near.
const PREPASS_DEPTH_FACTOR = 16;

/** Parses a YAML fixture stream into the fixture model, one fixture per non-empty document. */
export function parseYamlFixture(text: string, limits: FixtureLimits = DEFAULT_LIMITS): FixtureDocument {
  const tooLarge = sizeFinding(text, 'yaml', limits);
  if (tooLarge) return { fixtures: [], problems: [tooLarge] };
  const deep = nestingBoundExceededAt(text, PREPASS_DEPTH_FACTOR * limits.maxDepth);
  if (deep !== undefined) {
    return { fixtures: [], problems: [parseFinding('too-deep', { start: deep, end: deep + 1 },
      `Lists and mappings nest far deeper than ${limits.maxDepth} levels here (or lines are indented hundreds of columns deep), so this YAML file is not read at all.`)] };
  }
  const problems: LocatedFinding[] = [];
  const fixtures: FixtureNode[] = [];
  const budget: AliasBudget = { copied: 0, refused: 0 };
  for (const doc of composeDocuments(text, limits, problems)) {
    for (const e of collapseUnexpected(doc.errors)) problems.push(yamlProblem(e, text));
    for (const w of doc.warnings) problems.push(yamlProblem(w, text));
    if (doc.contents === null) continue;
    const tree = yamlTree(doc.contents, text, limits, problems, budget);
    // An empty document ("---" with nothing after it) holds no fixture.
    if (tree.kind === 'scalar' && tree.value === null && tree.text === '') continue;
    const fixture = readFixture(tree, problems);
    if (fixture) fixtures.push(fixture);
  }
  countDroppedAliases(budget);
  return { fixtures, problems };
}

function composeDocuments(text: string, limits: FixtureLimits, problems: LocatedFinding[]): Document[] {
  // Duplicate keys are reported by the schema (first wins), like in JSON, instead of as YAML errors.
  const composer = new Composer({ uniqueKeys: false });
  const docs: Document[] = [];
  for (const token of new Parser().parse(text)) {
    if (token.type === 'document') {
      const deep = tooDeepAt(token, limits.maxDepth);
      if (deep !== undefined) {
        problems.push(parseFinding('too-deep', { start: deep, end: deep + 1 },
          `Lists and mappings nest deeper than ${limits.maxDepth} levels here, so this YAML document is not evaluated. A fixture needs 5 levels.`));
        continue;
      }
    }
    docs.push(...composer.next(token));
  }
  docs.push(...composer.end(true, text.length));
  return docs;
}

function yamlProblem(e: YAMLError, text: string): LocatedFinding {
  const [start, end] = e.pos;
  const span = { start, end: Math.max(start, Math.min(end, text.length)) };
  if (e.code === 'TAG_RESOLVE_FAILED') {
    const tag = text.slice(span.start, span.end).trim() || e.message.replace(/^Unresolved tag:\s*/, '');
    return parseFinding('syntax-warning', span,
      `Unknown YAML tag ${tag}: Ranklens reads the value as if it had no tag (tags never run code here), but other YAML readers may refuse it or build an object from it.`);
  }
  const hint = e.code === 'BLOCK_AS_IMPLICIT_KEY' ? ' (a value holding ": " needs quotes)' : '';
  const message = `YAML syntax: ${e.message.trim().replace(/\.$/, '')}${hint}.`;
  return e.name === 'YAMLWarning' ? parseFinding('syntax-warning', span, message) : parseFinding('syntax-error', span, message);
}

// After a stray token the parser reports every following token of the line; one finding says it.
function collapseUnexpected(errors: readonly YAMLError[]): YAMLError[] {
  const out: YAMLError[] = [];
  for (const e of errors) {
    const last = out[out.length - 1];
    if (last && last.code === 'UNEXPECTED_TOKEN' && e.code === 'UNEXPECTED_TOKEN') last.pos[1] = Math.max(last.pos[1], e.pos[1]);
    else out.push(e);
  }
  return out;
}
