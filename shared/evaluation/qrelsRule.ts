/**
 * A run paired with its qrels by a rule written into the project configuration (`"qrels":
 * {"runs/*.run": "qrels/dev.qrels"}`), as "Ranklens: Pick Qrels for This Run" offers it: the globs to
 * choose from, the paths relative to the configuration, and the edit of the configuration's text
 * (jsonc-parser's modify, so comments and the other keys stay as written).
 */
import { applyEdits, getNodeValue, modify, parseTree, findNodeAtLocation } from 'jsonc-parser';
import { globToRegExp } from '../fixture/files/glob';
import { OffsetEdit } from '../fixture/editing/textEdits';

/** A rule of the `qrels` key: runs matching `glob` are judged by `qrels` (both relative to the configuration's folder). */
export interface QrelsRule {
  glob: string;
  qrels: string;
}

/** A "/"-separated path relative to a folder: `../` for each folder left, the path as given when they share no root. */
export function relativePath(fromDir: string, path: string): string {
  const from = fromDir.split('/').filter((p) => p !== '');
  const to = path.split('/').filter((p) => p !== '');
  if (from[0] !== to[0] && fromDir.startsWith('/') !== path.startsWith('/')) return path;
  let same = 0;
  while (same < from.length && same < to.length - 1 && from[same] === to[same]) same++;
  return [...from.slice(same).map(() => '..'), ...to.slice(same)].join('/');
}

/**
 * The two globs a run can be paired by, relative to the configuration's folder: the run's own path,
 * and every file with its extension in its folder (`runs/*.run`).
 */
export function runGlobChoices(configDir: string, runPath: string): { run: string; folder: string } {
  const run = relativePath(configDir, runPath);
  const slash = run.lastIndexOf('/');
  const dot = run.lastIndexOf('.');
  const extension = dot > slash + 1 ? run.slice(dot) : '';
  return { run, folder: `${run.slice(0, slash + 1)}*${extension}` };
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } } as const;

/**
 * The edit of a configuration's text (empty for a new file) that pairs `run` (relative to the
 * configuration) by `rule`, under the keys `under` (`["ranklens"]` in package.json): an existing rule
 * for the glob keeps its place when no rule before it also matches the run, otherwise the rule goes
 * first, since the first rule that matches a run is the one in force. Undefined when nothing changes.
 */
export function qrelsRuleEdit(text: string, rule: QrelsRule, run: string, under: readonly string[] = []): OffsetEdit | undefined {
  const path = [...under, 'qrels'];
  const node = text.trim() === '' ? undefined : findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, path);
  const rules: unknown = node && getNodeValue(node);
  let after: string;
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) {
    after = applyEdits(text, modify(text, path, { [rule.glob]: rule.qrels }, FORMAT));
  } else {
    const globs = Object.keys(rules);
    const earlier = globs.slice(0, Math.max(0, globs.indexOf(rule.glob)));
    const shadowed = earlier.some((g) => globToRegExp(g.replace(/^\.\//, '')).test(run));
    if (globs.includes(rule.glob) && !shadowed) {
      after = applyEdits(text, modify(text, [...path, rule.glob], rule.qrels, FORMAT));
    } else {
      const without = globs.includes(rule.glob) ? applyEdits(text, modify(text, [...path, rule.glob], undefined, FORMAT)) : text;
      after = applyEdits(without, modify(without, [...path, rule.glob], rule.qrels, { ...FORMAT, getInsertionIndex: () => 0 }));
    }
  }
  return after === text ? undefined : differingSpan(text, after);
}

// One edit from `before` to `after`: the span between their common start and common end.
function differingSpan(before: string, after: string): OffsetEdit {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end++;
  return { span: { start, end: before.length - end }, newText: after.slice(start, after.length - end) };
}
