/**
 * What the real-editor tests (code-server, Neovim, VS Code) look at: one JSON fixture from examples/
 * with a case that has expect values, and a copy of it with one expect value made wrong, so that the
 * server reports an `expect-mismatch` error whose quick fix ("Set expect to computed value") puts the
 * computed value back. Everything is derived from the example's text, so the tests follow the
 * examples as they change.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

export interface Pos {
  /** 0-based, as LSP counts. */
  line: number;
  character: number;
}

export interface ExpectEntry {
  metric: string;
  /** The value as written, e.g. "0.667". */
  text: string;
  value: number;
}

export interface FixtureUnderTest {
  /** Absolute path of the example in examples/. */
  file: string;
  /** Path relative to examples/. */
  relPath: string;
  text: string;
  caseId: string;
  /** Inside the case id's text (the hover position). */
  caseIdPos: Pos;
  expect: ExpectEntry[];
  /** The same fixture with one expect value changed, and where that value is. */
  broken: {
    fileName: string;
    text: string;
    metric: string;
    /** The original (correct) value as written. */
    original: ExpectEntry;
    wrongText: string;
    /** Start of the wrong value. */
    valuePos: Pos;
  };
}

/** examples/ (or RANKLENS_EXAMPLES, to try the editor tests on other fixtures). */
export function examplesDir(repoRoot: string): string {
  return process.env.RANKLENS_EXAMPLES ?? join(repoRoot, 'examples');
}

/** The quick fix for a wrong expect value ("Set P@3 to the computed 0.667", "Set expect to computed value"). */
export const SET_COMPUTED = /^set .*computed/i;

export function posAt(text: string, offset: number): Pos {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

function listJson(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listJson(p));
    else if (name.endsWith('.rank.json')) out.push(p);
  }
  return out;
}

interface CaseAt {
  id: string;
  idNode: Node;
  expectNode: Node;
}

function casesOf(root: Node): CaseAt[] {
  const cases = findNodeAtLocation(root, ['cases']);
  if (!cases) return [];
  const out: CaseAt[] = [];
  if (cases.type === 'array') {
    for (const c of cases.children ?? []) {
      const idNode = c.type === 'object' ? findNodeAtLocation(c, ['id']) : undefined;
      const expectNode = c.type === 'object' ? findNodeAtLocation(c, ['expect']) : undefined;
      if (idNode && expectNode?.type === 'object' && idNode.type === 'string') out.push({ id: idNode.value, idNode, expectNode });
    }
  } else if (cases.type === 'object') {
    for (const prop of cases.children ?? []) {
      const [key, c] = prop.children ?? [];
      const expectNode = c?.type === 'object' ? findNodeAtLocation(c, ['expect']) : undefined;
      if (key && expectNode?.type === 'object') out.push({ id: key.value, idNode: key, expectNode });
    }
  }
  return out;
}

function expectsOf(text: string, expectNode: Node): (ExpectEntry & { node: Node })[] {
  return (expectNode.children ?? []).flatMap((prop) => {
    const [key, value] = prop.children ?? [];
    if (!key || value?.type !== 'number') return [];
    return [
      {
        metric: key.value as string,
        text: text.slice(value.offset, value.offset + value.length),
        value: value.value as number,
        node: value,
      },
    ];
  });
}

/** A wrong value with the same number of decimals, far from the right one. */
function wrongValue(e: ExpectEntry): string {
  const decimals = (e.text.split('.')[1] ?? '').length;
  const v = e.value >= 0.5 ? e.value / 4 : Math.min(1, e.value + 0.5);
  return v.toFixed(Math.max(decimals, 2));
}

/**
 * Picks the example: RANKLENS_EDITOR_FIXTURE (relative to examples/) if set, else the first
 * *.rank.json (sorted by path) without expectFindings and with a case that has numeric expect values.
 */
export function pickFixture(examplesDir: string): FixtureUnderTest {
  const wanted = process.env.RANKLENS_EDITOR_FIXTURE;
  const files = wanted ? [join(examplesDir, wanted)] : listJson(examplesDir);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const root = parseTree(text);
    if (!root) continue;
    // A fixture that lists expectFindings is wrong on purpose (every-finding.rank.json): not a clean base.
    if (!wanted && findNodeAtLocation(root, ['expectFindings'])) continue;
    for (const c of casesOf(root)) {
      const expect = expectsOf(text, c.expectNode);
      const target = expect.find((e) => e.value > 0 && e.value < 1) ?? expect[0];
      if (!target) continue;
      const wrongText = wrongValue(target);
      const brokenText = text.slice(0, target.node.offset) + wrongText + text.slice(target.node.offset + target.node.length);
      const base = relative(examplesDir, file)
        .replace(/\.rank\.json$/, '')
        .replace(/[\\/]/g, '-');
      return {
        file,
        relPath: relative(examplesDir, file),
        text,
        caseId: c.id,
        caseIdPos: posAt(text, c.idNode.offset + 1),
        expect: expect.map(({ metric, text: t, value }) => ({ metric, text: t, value })),
        broken: {
          fileName: `${base}-broken.rank.json`,
          text: brokenText,
          metric: target.metric,
          original: { metric: target.metric, text: target.text, value: target.value },
          wrongText,
          valuePos: posAt(brokenText, target.node.offset),
        },
      };
    }
  }
  throw new Error(`no *.rank.json in ${examplesDir} has a case with numeric expect values`);
}

/** The value written for `metric` in the first case that lists it (for checking the fixed file). */
export function expectValueIn(text: string, caseId: string, metric: string): string | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  const c = casesOf(root).find((x) => x.id === caseId);
  return c && expectsOf(text, c.expectNode).find((e) => e.metric === metric)?.text;
}

/** True when `shown` (a number as printed) agrees with `expected` to the expected value's written decimals. */
export function agrees(shown: string, expected: ExpectEntry): boolean {
  const decimals = Math.min((expected.text.split('.')[1] ?? '').length, (shown.split('.')[1] ?? '').length);
  return Math.abs(Number(shown) - expected.value) <= 0.5 * 10 ** -decimals + 1e-12;
}

/**
 * Which of the case's expect entries a lens text shows with an agreeing value, e.g. the lens
 * "P@3 0.667 · R@3 0.333" shows {"P@3": 0.667}.
 */
export function expectsShownIn(lens: string, expect: ExpectEntry[]): ExpectEntry[] {
  return expect.filter((e) => {
    const esc = e.metric.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const m = new RegExp(`(?:^|[\\s·:(])${esc}\\s*[=:]?\\s*(-?\\d+(?:\\.\\d+)?)`).exec(lens);
    return m !== null && agrees(m[1], e);
  });
}
