/**
 * Language-server benchmark, as a new user meets the server: the packaged dist/server.js over stdio
 * with default settings (the default edit scheduling, no debounceMs). Every figure is printed next to
 * its target (issue 14):
 *
 *   - 10,000 cases × 20 predictions, JSON and YAML: first pass, edit → fresh diagnostics, edit →
 *     diagnostics and the lenses fresh, codeLens answer, resolving a screenful of lenses, peak RSS;
 *   - the same file in VS Code's JSON language server (vscode-langservers-extracted, validating it
 *     against schemas/rank-fixture.schema.json), peak RSS side by side;
 *   - 100 cases: edit → fresh diagnostics;
 *   - 10,000 × 100 JSON and YAML: open → diagnostics, peak RSS;
 *   - a workspace of 1,000 fixture files of 1,000 cases: opening one while the scan runs;
 *   - the editor's targets (issue 36, section `editor`): the first code lens answer after opening
 *     10,000 × 20 JSON, asked for at once as VS Code asks (with the inlay hints of the first screen),
 *     against the diagnostics; lenses fresh after an edit (the lines on screen, as the VS Code client
 *     asks for them, and the standard codeLens answer with a screenful resolved); a 3,000-case YAML
 *     fixture with comments against the same text without them, opened in the server and checked by
 *     `ranklens check`; beside VS Code's JSON server opening the same fixture as JSON (the plain
 *     baseline: a server that only validates the file against the schema).
 *
 *   - TREC documents (issue 34, section `trec`): a 100,000-line run (100 queries × 1,000 lines)
 *     paired with its qrels by ranklens.config.json: open → the first codeLens answer with every
 *     query's values, and an edit of one line → that query's lens fresh; beside the same data as a
 *     qrels/run fixture ({"qrels": …, "run": …}), and the run as one JSON object {qid: {docid:
 *     score}} (issue 37), opened and edited the same way.
 *
 *   npm run bench:lsp                 # everything
 *   node out/bench/lsp.js json yaml   # some sections: json yaml small large workspace editor trec
 *   node out/bench/lsp.js --baseline DIR json   # beside another build's dist/server.js
 *
 * With --baseline DIR (a checkout of an earlier commit, built), each section runs on this build and
 * then on the baseline's, and each figure is printed next to the baseline's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeLens, Range } from 'vscode-languageserver-protocol/node';
import {
  PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { TestClient, fileUri } from '../test/protocol/lspClient';
import { CODE_LENSES_REQUEST, CodeLensesParams } from '../shared/protocol';

const EDITS = 40;
/** VS Code's JSON server waits 500 ms after an edit and re-reads the whole file: fewer edits for the comparison. */
const SIDE_BY_SIDE_EDITS = 10;
/** How many case lenses a screen shows (VS Code resolves those in view). */
const SCREENFUL = 50;
const DEFAULTS: { initializationOptions: Record<string, unknown>; server?: string } = { initializationOptions: { debounceMs: undefined } };

/** What a section prints: lines of text, and rows of a figure against its target. */
type Printed = { text: string } | { what: string; figure: string; target: string; met: boolean };

/** Where the running section prints (a section runs once per build when there is a baseline). */
interface Output {
  lines: Printed[];
}

type Language = 'json' | 'yaml';

interface Generated {
  text: string;
  /** Where each case's first prediction id starts (its text is `d<number>`). */
  firstPrediction: number[];
}

/** A deterministic pseudo-random sequence. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** Labels and predictions of case i: five graded labels, some predictions, some hits; 1% of cases have no labels. */
function caseData(i: number, predictionCount: number, next: () => number): { labels: [string, number][]; predictions: string[] } {
  const predictions = Array.from({ length: predictionCount }, (_, j) => `d${(i * 31 + j * 7) % 1000}`);
  if (i % 100 === 99) return { labels: [], predictions };
  const labels: [string, number][] = Array.from({ length: 5 }, (_, j) => [
    next() < 0.5 ? predictions[Math.floor(next() * predictionCount)] : `e${j}`,
    1 + (j % 3),
  ]);
  return { labels: labels.filter(([id], j) => labels.findIndex(([other]) => other === id) === j), predictions };
}

export function generate(language: Language, cases: number, predictionCount: number, seed = 42): Generated {
  const next = random(seed);
  const parts: string[] = [language === 'json' ? '{\n  "k": [1, 3, 5, 10],\n  "cases": {\n' : 'k: [1, 3, 5, 10]\ncases:\n'];
  let length = parts[0].length;
  const firstPrediction: number[] = [];
  for (let i = 0; i < cases; i++) {
    const { labels, predictions } = caseData(i, predictionCount, next);
    let line: string;
    let before: string;
    if (language === 'json') {
      const labelText = labels.map(([id, g]) => `"${id}": ${g}`).join(', ');
      before = `    "q${i}": {"labels": {${labelText}}, "predictions": ["`;
      line = `${before}${predictions.join('", "')}"]}${i < cases - 1 ? ',' : ''}\n`;
    } else {
      before = `  q${i}:\n    labels: {${labels.map(([id, g]) => `${id}: ${g}`).join(', ')}}\n    predictions: [`;
      line = `${before}${predictions.join(', ')}]\n`;
    }
    firstPrediction.push(length + before.length);
    parts.push(line);
    length += line.length;
  }
  if (language === 'json') parts.push('  }\n}\n');
  return { text: parts.join(''), firstPrediction };
}

function stats(ms: number[]): { median: number; p95: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: at(0.5), p95: at(0.95) };
}

function peakMemoryMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024);
}

/** CPU time the process has used, in ms (user + system, from /proc): on a loaded machine it moves less than wall time. */
function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** A figure next to its target, with whether it meets it. */
function row(out: Output, what: string, figure: string, target: string, met: boolean): void {
  out.lines.push({ what, figure, target, met });
}

function say(out: Output, text: string): void {
  out.lines.push({ text });
}

/** Prints a section's lines; with the baseline's, each row's figure next to the baseline's. */
function print(ours: Output, baseline?: Output): void {
  ours.lines.forEach((line, i) => {
    if ('text' in line) return console.log(line.text);
    const theirs = baseline?.lines[i];
    const beside = theirs && 'figure' in theirs ? ` baseline ${theirs.figure.padEnd(28)}` : '';
    console.log(
      `  ${line.what.padEnd(48)} ${line.figure.padEnd(28)}${beside} target ${line.target.padEnd(22)} ${line.met ? 'met' : 'NOT MET'}`,
    );
  });
}

/** Retypes one digit of a case's first prediction id (`d123` → `d124`): the text stays valid. */
async function editCase(client: TestClient, uri: string, firstPrediction: number[], i: number): Promise<number> {
  const doc = client.document(uri);
  const at = firstPrediction[i] + 1;
  const digit = doc.getText().charAt(at);
  const range = Range.create(doc.positionAt(at), doc.positionAt(at + 1));
  return client.edit(uri, [{ range, text: digit === '9' ? '8' : String(Number(digit) + 1) }]);
}

interface Session {
  firstPass: number;
  firstPassCpu: number;
  edit: number[];
  editAndLenses: number[];
  lens: number[];
  resolve: number[];
  lenses: number;
  diagnostics: number;
  rss: number;
}

/** How many fresh servers open the file for the first-pass figure (their median: one open varies by ±10%). */
const FIRST_PASS_RUNS = 5;

/** Open → first diagnostics in a fresh server, wall and the server's CPU, in ms. */
async function firstPass(language: Language, text: string): Promise<{ wall: number; cpu: number }> {
  const client = await TestClient.start(DEFAULTS);
  const uri = `file:///bench/big.rank.${language}`;
  const t = performance.now();
  const cpu = cpuMs(client.pid);
  await client.open(uri, text);
  await client.diagnostics(uri, 1);
  const result = { wall: performance.now() - t, cpu: cpuMs(client.pid) - cpu };
  await client.stop();
  return result;
}

/** Opens a generated fixture, edits random cases one at a time, and asks for the lenses after each edit. */
async function session(language: Language, cases: number, predictions: number, edits = EDITS, lensesToo = true): Promise<Session> {
  const { text, firstPrediction } = generate(language, cases, predictions);
  const client = await TestClient.start(DEFAULTS);
  const uri = `file:///bench/big.rank.${language}`;
  let t = performance.now();
  const cpu = cpuMs(client.pid);
  await client.open(uri, text);
  const first = await client.diagnostics(uri, 1);
  const firstPass = performance.now() - t;
  const firstPassCpu = cpuMs(client.pid) - cpu;
  const next = random(7);
  const s: Session = {
    firstPass,
    firstPassCpu,
    edit: [],
    editAndLenses: [],
    lens: [],
    resolve: [],
    lenses: 0,
    diagnostics: first.length,
    rss: 0,
  };
  for (let e = 0; e < edits; e++) {
    const i = Math.floor(next() * cases);
    t = performance.now();
    const version = await editCase(client, uri, firstPrediction, i);
    await client.diagnostics(uri, version);
    s.edit.push(performance.now() - t);
    if (!lensesToo) continue;
    const lenses = await client.codeLenses(uri);
    s.editAndLenses.push(performance.now() - t);
    s.lens.push(performance.now() - t - s.edit[s.edit.length - 1]);
    s.lenses = lenses.length;
    // The screenful around the edited case, as an editor scrolled there resolves it.
    const first = lenses.findIndex((l) => Array.isArray(l.data) && l.data[2] === i);
    const from = Math.max(0, Math.min(lenses.length - SCREENFUL, first));
    t = performance.now();
    await Promise.all(lenses.slice(from, from + SCREENFUL).map((l) => client.resolveCodeLens(l)));
    s.resolve.push(performance.now() - t);
  }
  s.rss = peakMemoryMiB(client.pid);
  await client.stop();
  return s;
}

/**
 * VS Code's JSON language server (vscode-langservers-extracted, a dev dependency of the benchmark
 * only), started and told to validate *.rank.json against the fixture schema; `onDiagnostics` sees
 * every diagnostics notification.
 */
async function startJsonServer(onDiagnostics: (p: PublishDiagnosticsParams) => void) {
  const bin = join(
    __dirname,
    '..',
    '..',
    'node_modules',
    'vscode-langservers-extracted',
    'lib',
    'json-language-server',
    'node',
    'jsonServerMain.js',
  );
  const proc = spawn(process.execPath, [bin, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = createProtocolConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  connection.onNotification('textDocument/publishDiagnostics', onDiagnostics);
  connection.onRequest('workspace/configuration', () => [null]);
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    workspaceFolders: null,
    capabilities: { textDocument: { publishDiagnostics: { relatedInformation: true } } },
    initializationOptions: { provideFormatter: false },
  });
  await connection.sendNotification('initialized', {});
  const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schemas', 'rank-fixture.schema.json'), 'utf8'));
  await connection.sendNotification('workspace/didChangeConfiguration', {
    settings: {
      json: { validate: { enable: true }, schemas: [{ uri: 'inmemory://rank-fixture.schema.json', fileMatch: ['*.rank.json'], schema }] },
    },
  });
  return { proc, connection };
}

/** VS Code's JSON language server on the same file, validating it against the fixture schema; its peak RSS. */
async function jsonServerPeak(text: string, edits: number): Promise<number> {
  const published: PublishDiagnosticsParams[] = [];
  let wake = () => {};
  const { proc, connection } = await startJsonServer((p) => {
    published.push(p);
    wake();
  });
  const uri = 'file:///bench/big.rank.json';
  const waitPublish = async (count: number) => {
    while (published.length < count)
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 200);
      });
  };
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
  await waitPublish(1);
  // A few edits (it waits 500 ms after each before validating).
  let current = text;
  for (let v = 2; v < 2 + edits; v++) {
    const at = current.indexOf('"predictions": ["d') + 18;
    current = current.slice(0, at) + String(v % 10) + current.slice(at + 1);
    const line = current.slice(0, at).split('\n').length - 1;
    const character = at - (current.lastIndexOf('\n', at - 1) + 1);
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: v },
      contentChanges: [{ range: { start: { line, character }, end: { line, character: character + 1 } }, text: String(v % 10) }],
    });
    await waitPublish(v);
  }
  const peak = peakMemoryMiB(proc.pid);
  try {
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
  } catch {
    /* gone */
  }
  proc.kill();
  connection.dispose();
  return peak;
}

/** How many keystrokes the completion figures time. */
const COMPLETIONS = 40;

/**
 * Completion as a key is typed in a case's expect, quotes and braces closed as the editor closes
 * them (`"expect": {"nD|"}`, which does not parse yet in JSON): the request sent right after the
 * keystroke, before the server has analysed it, then the same request once its diagnostics are out.
 * Each keystroke is undone before the next; NaN where the server has no completion (a baseline
 * from before it).
 */
export async function completionTimes(
  language: Language,
  cases: number,
  predictions: number,
): Promise<{ typed: number[]; settled: number[] }> {
  const { text } = generate(language, cases, predictions);
  const client = await TestClient.start(DEFAULTS);
  const uri = `file:///bench/big.rank.${language}`;
  await client.open(uri, text);
  await client.diagnostics(uri, 1);
  const next = random(11);
  const typed: number[] = [];
  const settled: number[] = [];
  const timed = async (offset: number): Promise<number> => {
    const t = performance.now();
    try {
      const list = await client.completion(uri, offset);
      if (!list?.items.length) throw new Error('no completion items');
    } catch {
      return NaN;
    }
    return performance.now() - t;
  };
  for (let k = 0; k < COMPLETIONS; k++) {
    const i = Math.floor(next() * cases);
    const doc = client.document(uri);
    const key = language === 'json' ? `"q${i}": {` : `  q${i}:\n`;
    const at = doc.getText().indexOf(key) + key.length;
    const typing = language === 'json' ? '"expect": {"nD"}, ' : '    expect: {nD}\n';
    const cursorAt = at + typing.indexOf('nD') + 2;
    const version = await client.edit(uri, [{ range: Range.create(doc.positionAt(at), doc.positionAt(at)), text: typing }]);
    typed.push(await timed(cursorAt));
    await client.diagnostics(uri, version);
    settled.push(await timed(cursorAt));
    const now = client.document(uri);
    const undone = await client.edit(uri, [{ range: Range.create(now.positionAt(at), now.positionAt(at + typing.length)), text: '' }]);
    await client.diagnostics(uri, undone);
  }
  await client.stop();
  return { typed, settled };
}

/** A completion figure: median / p95, or that the server has none. */
function completionFigure(times: number[]): string {
  if (times.some((t) => Number.isNaN(t))) return 'no completion';
  const { median, p95 } = stats(times);
  return `${median.toFixed(1)} ms / ${p95.toFixed(1)} ms`;
}

/** VS Code's JSON language server opening the text (validating it against the fixture schema): ms to its first diagnostics. */
async function jsonServerOpen(text: string): Promise<number> {
  let published: () => void = () => {};
  const first = new Promise<void>((r) => (published = r));
  const { proc, connection } = await startJsonServer(() => published());
  const t = performance.now();
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: 'file:///bench/plain.rank.json', languageId: 'json', version: 1, text },
  });
  await first;
  const wall = performance.now() - t;
  try {
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
  } catch {
    /* gone */
  }
  proc.kill();
  connection.dispose();
  return wall;
}

/** The lenses the VS Code client asks for: those on the lines given, titles included (undefined from a build without the request). */
async function windowLenses(client: TestClient, uri: string, start: number, end: number): Promise<CodeLens[] | undefined> {
  const params: CodeLensesParams = { uri, lines: [{ start, end }] };
  return client.connection.sendRequest<CodeLens[]>(CODE_LENSES_REQUEST, params).catch(() => undefined);
}

interface OpenTimes {
  diagnostics: number;
  lenses: number;
  window?: number;
}

/**
 * A fresh server opens the text and is asked at once, as VS Code asks when a file opens, for its code
 * lenses, the lenses of the first screens (the VS Code client) and the inlay hints of the first
 * screen; when each answer came, in ms after the open.
 */
async function openAndAsk(language: Language, text: string): Promise<OpenTimes> {
  const client = await TestClient.start(DEFAULTS);
  const uri = `file:///bench/open.rank.${language}`;
  const t = performance.now();
  await client.open(uri, text);
  const at = <T>(p: Promise<T>) => p.then(() => performance.now() - t);
  const lenses = at(client.codeLenses(uri));
  const window = windowLenses(client, uri, 0, 120).then((l) => (l ? performance.now() - t : undefined));
  const hints = client.connection.sendRequest('textDocument/inlayHint', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 60, character: 0 } },
  });
  const diagnostics = await at(client.diagnostics(uri, 1));
  const times = { diagnostics, lenses: await lenses, window: await window };
  await hints;
  await client.stop();
  return times;
}

/** What the VS Code client asks for after an edit, asked for at once: ms from the edit to each fresh answer. */
async function editAndAsk(language: Language, cases: number, edits: number): Promise<{ window: number[]; standard: number[] }> {
  const { text, firstPrediction } = generate(language, cases, 20);
  const client = await TestClient.start(DEFAULTS);
  const uri = `file:///bench/edit.rank.${language}`;
  await client.open(uri, text);
  await client.diagnostics(uri, 1);
  const next = random(11);
  const times = { window: [] as number[], standard: [] as number[] };
  for (let e = 0; e < edits; e++) {
    const i = Math.floor(next() * cases);
    const line = client.document(uri).positionAt(firstPrediction[i]).line;
    let t = performance.now();
    await editCase(client, uri, firstPrediction, i);
    const window = await windowLenses(client, uri, Math.max(0, line - 60), line + 60);
    if (window) times.window.push(performance.now() - t);
    await client.diagnostics(uri);
    // The standard way, after the same kind of edit: the codeLens answer, then a screenful around the case resolved.
    t = performance.now();
    await editCase(client, uri, firstPrediction, i);
    const lenses = await client.codeLenses(uri);
    const first = lenses.findIndex((l) => Array.isArray(l.data) && l.data[2] === i);
    const from = Math.max(0, Math.min(lenses.length - SCREENFUL, first));
    await Promise.all(lenses.slice(from, from + SCREENFUL).map((l) => (l.command ? l : client.resolveCodeLens(l))));
    times.standard.push(performance.now() - t);
    await client.diagnostics(uri);
  }
  await client.stop();
  return times;
}

/** A generated YAML fixture with the comments fixtures have: a header, and a line before every 100th case. */
function commented(cases: number): string {
  const lines = generate('yaml', cases, 20).text.split('\n');
  const out = ['# A generated fixture: 20 predictions a case, five graded labels.', '# Comments, as the examples start.', ''];
  for (const line of lines) {
    const id = /^ {2}q(\d+):$/.exec(line);
    if (id && Number(id[1]) % 100 === 0) out.push(`  # cases ${id[1]} to ${Number(id[1]) + 99}`);
    out.push(line);
  }
  return out.join('\n');
}

/** `ranklens check` on a file of the build under test: wall ms and peak RSS in MB (GNU time). */
function check(file: string): { wall: number; rss: number } {
  const cli = DEFAULTS.server ? join(DEFAULTS.server, '..', 'cli.js') : join(__dirname, '..', '..', 'dist', 'cli.js');
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, cli, 'check', file], { encoding: 'utf8' });
  const [wall, kb] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { wall: wall * 1000, rss: Math.round(kb / 1024) };
}

/** The editor's targets of issue 36, each next to its target and the plain baseline. */
async function editor(out: Output): Promise<void> {
  const runs = FIRST_PASS_RUNS;
  const json = generate('json', 10_000, 20).text;
  const opens: OpenTimes[] = [];
  for (let r = 0; r < runs; r++) opens.push(await openAndAsk('json', json));
  const plain: number[] = [];
  for (let r = 0; r < runs; r++) plain.push(await jsonServerOpen(json));
  const d = stats(opens.map((o) => o.diagnostics)).median;
  const lensAfter = stats(opens.map((o) => o.lenses - o.diagnostics)).median;
  const windowAfter = opens.every((o) => o.window !== undefined) ? stats(opens.map((o) => o.window! - o.diagnostics)).median : undefined;
  say(
    out,
    `Editor targets (issue 36): JSON 10,000 × 20, opened and asked at once for lenses and a screen of inlay hints, median of ${runs} servers`,
  );
  row(out, 'open → diagnostics (plain: JSON server, open → diagnostics)', `${ms(d)} (plain ${ms(stats(plain).median)})`, '(none)', true);
  row(out, 'first codeLens answer after the diagnostics', `+${ms(lensAfter)}`, '≤ 300 ms after', lensAfter <= 300);
  row(
    out,
    'first lenses of the screen (ranklens/codeLenses) after them',
    windowAfter === undefined ? '(no such request)' : `+${ms(windowAfter)}`,
    '≤ 300 ms after',
    windowAfter !== undefined && windowAfter <= 300,
  );
  const edited = await editAndAsk('json', 10_000, 20);
  const w = edited.window.length ? stats(edited.window) : undefined;
  const std = stats(edited.standard);
  row(
    out,
    'edit → lenses of the screen fresh, median / p95',
    w ? `${ms(w.median)} / ${ms(w.p95)}` : '(no such request)',
    '≤ 300 ms',
    !!w && w.median <= 300,
  );
  row(out, 'edit → codeLens + a screenful resolved, median / p95', `${ms(std.median)} / ${ms(std.p95)}`, '≤ 300 ms', std.median <= 300);
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-bench-yaml-'));
  try {
    const withComments = commented(3000);
    const without = generate('yaml', 3000, 20).text;
    say(
      out,
      `YAML 3,000 × 20 with comments (${(withComments.length / 1e6).toFixed(2)} MB, ${withComments.split('\n').filter((l) => l.trim().startsWith('#')).length} comment lines) against the same without them`,
    );
    const passes = { with: [] as number[], without: [] as number[] };
    for (let r = 0; r < runs; r++) {
      passes.with.push((await firstPass('yaml', withComments)).wall);
      passes.without.push((await firstPass('yaml', without)).wall);
    }
    const a = stats(passes.with).median;
    const b = stats(passes.without).median;
    row(out, 'open → diagnostics, with / without comments', `${ms(a)} / ${ms(b)}`, '≤ 1.2 × without', a <= 1.2 * b);
    writeFileSync(join(dir, 'with.rank.yaml'), withComments);
    writeFileSync(join(dir, 'without.rank.yaml'), without);
    const checks = { with: [] as { wall: number; rss: number }[], without: [] as { wall: number; rss: number }[] };
    for (let r = 0; r < 3; r++) {
      checks.with.push(check(join(dir, 'with.rank.yaml')));
      checks.without.push(check(join(dir, 'without.rank.yaml')));
    }
    const cw = stats(checks.with.map((c) => c.wall)).median;
    const co = stats(checks.without.map((c) => c.wall)).median;
    const rw = stats(checks.with.map((c) => c.rss)).median;
    const ro = stats(checks.without.map((c) => c.rss)).median;
    row(
      out,
      '`ranklens check`, with / without comments (peak RSS)',
      `${ms(cw)} / ${ms(co)} (${rw} / ${ro} MB)`,
      '≤ 1.2 × without',
      cw <= 1.2 * co,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function big(out: Output, language: Language): Promise<void> {
  const { text } = generate(language, 10_000, 20);
  const s = await session(language, 10_000, 20);
  const edit = stats(s.edit);
  const both = stats(s.editAndLenses);
  const lens = stats(s.lens);
  const resolve = stats(s.resolve);
  say(
    out,
    `${language.toUpperCase()} 10,000 cases × 20 predictions (${(text.length / 1e6).toFixed(2)} MB): ${s.diagnostics} diagnostics, ${s.lenses} lenses, ${EDITS} edits`,
  );
  const passes = [{ wall: s.firstPass, cpu: s.firstPassCpu }];
  for (let i = 1; i < FIRST_PASS_RUNS; i++) passes.push(await firstPass(language, text));
  const wall = stats(passes.map((p) => p.wall));
  const firstPassText = `${ms(wall.median)} (CPU ${ms(stats(passes.map((p) => p.cpu)).median)}; ${ms(Math.min(...passes.map((p) => p.wall)))}–${ms(Math.max(...passes.map((p) => p.wall)))})`;
  const label = `first pass, median of ${FIRST_PASS_RUNS} servers (CPU; range)`;
  if (language === 'yaml') row(out, label, firstPassText, '< 500 ms', wall.median < 500);
  else row(out, label, firstPassText, '(none)', true);
  row(out, 'edit → fresh diagnostics, median / p95', `${ms(edit.median)} / ${ms(edit.p95)}`, '< 50 ms median', edit.median < 50);
  row(out, 'edit → diagnostics + codeLens answer, median', `${ms(both.median)} / ${ms(both.p95)}`, '(none)', true);
  row(out, 'codeLens request → answer, median / p95', `${ms(lens.median)} / ${ms(lens.p95)}`, '< 100 ms median', lens.median < 100);
  row(out, `resolving ${SCREENFUL} lenses (a screenful), median`, `${ms(resolve.median)} / ${ms(resolve.p95)}`, '(none)', true);
  row(out, `peak RSS (the whole session: ${EDITS} edits, lenses)`, `${s.rss} MiB`, '(none)', true);
  const completions = await completionTimes(language, 10_000, 20);
  const typed = stats(completions.typed).median;
  row(out, 'completion right after a keystroke in expect, median / p95', completionFigure(completions.typed), '< 5 ms median', typed < 5);
  const settled = stats(completions.settled).median;
  row(out, 'completion once diagnostics are out, median / p95', completionFigure(completions.settled), '< 5 ms median', settled < 5);
  if (language === 'json') {
    // The same session in both servers: open, then edits one at a time, each waiting for diagnostics.
    const ours = await session(language, 10_000, 20, SIDE_BY_SIDE_EDITS, false);
    const theirs = await jsonServerPeak(text, SIDE_BY_SIDE_EDITS);
    row(
      out,
      `peak RSS, open + ${SIDE_BY_SIDE_EDITS} edits: Ranklens / JSON server`,
      `${ours.rss} / ${theirs} MiB`,
      '≤ the JSON server',
      ours.rss <= theirs,
    );
  }
}

async function small(out: Output): Promise<void> {
  const s = await session('json', 100, 20, 100);
  const edit = stats(s.edit);
  say(out, 'JSON 100 cases × 20 predictions, 100 edits');
  row(out, 'edit → fresh diagnostics, median / p95', `${ms(edit.median)} / ${ms(edit.p95)}`, '< 15 ms median', edit.median < 15);
}

async function large(out: Output): Promise<void> {
  for (const language of ['json', 'yaml'] as const) {
    const { text } = generate(language, 10_000, 100);
    const s = await session(language, 10_000, 100, 10);
    say(
      out,
      `${language.toUpperCase()} 10,000 cases × 100 predictions (${(text.length / 1e6).toFixed(2)} MB): ${s.diagnostics} diagnostics, 10 edits`,
    );
    const firstPass = `${ms(s.firstPass)} (CPU ${ms(s.firstPassCpu)})`;
    if (language === 'yaml') row(out, 'open → diagnostics, wall (CPU)', firstPass, '< 3 s', s.firstPass < 3000);
    else row(out, 'open → diagnostics, wall (CPU)', firstPass, '(none)', true);
    row(out, 'edit → fresh diagnostics, median', ms(stats(s.edit).median), '(none)', true);
    if (language === 'json') row(out, 'peak RSS', `${s.rss} MiB`, '< 1024 MiB', s.rss < 1024);
    else row(out, 'peak RSS', `${s.rss} MiB`, '(none)', true);
  }
}

/** 1,000 files of 1,000 cases on disk; one is opened while the scan of the others runs. */
async function workspace(out: Output): Promise<void> {
  const FILES = 1000;
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-bench-ws-'));
  try {
    mkdirSync(join(dir, 'fixtures'));
    for (let f = 0; f < FILES; f++) writeFileSync(join(dir, 'fixtures', `f${f}.rank.json`), generate('json', 1000, 10, 1 + f).text);
    const text = generate('json', 1000, 10, 5000).text;
    const client = await TestClient.start({ ...DEFAULTS, workspace: dir });
    const scanned = () =>
      [...Array(FILES).keys()].filter((f) => client.publishedCount(fileUri(join(dir, 'fixtures', `f${f}.rank.json`))) > 0).length;
    // Wait until the scan is under way, then open a file it has not reached yet.
    await client.until(() => (scanned() >= 20 ? true : undefined), 'the scan to start', 120_000);
    const opened = fileUri(join(dir, 'opened.rank.json'));
    const t = performance.now();
    await client.open(opened, text);
    await client.diagnostics(opened, 1);
    const firstDiagnostics = performance.now() - t;
    const atOpen = scanned();
    const scanStart = performance.now();
    await client.until(() => (scanned() === FILES ? true : undefined), 'the scan to finish', 600_000);
    const scanMs = performance.now() - scanStart;
    const rss = peakMemoryMiB(client.pid);
    await client.stop();
    say(out, `Workspace of ${FILES} files × 1,000 cases × 10 predictions (${atOpen} scanned when one was opened)`);
    row(out, 'open → first diagnostics, during the scan', ms(firstDiagnostics), '< 200 ms', firstDiagnostics < 200);
    row(out, 'rest of the scan', `${(scanMs / 1000).toFixed(1)} s`, '(none)', true);
    row(out, 'peak RSS after the scan', `${rss} MiB`, '(none)', true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A TREC run of queries × depth lines, its qrels (30 judgements a query), the same data as a
 * qrels/run fixture, and the run as one JSON object {qid: {docid: score}} indented as ranx writes it.
 */
function trecData(queries: number, depth: number): { run: string; qrels: string; fixture: string; json: string; relevant: string[] } {
  const next = random(34);
  const run: string[] = [];
  const qrels: string[] = [];
  const fixtureRun: string[] = [];
  const fixtureQrels: string[] = [];
  const relevant: string[] = [];
  for (let q = 0; q < queries; q++) {
    const judged = new Map<string, number>();
    while (judged.size < 30) judged.set(`doc${Math.floor(next() * depth * 1.5)}`, Math.floor(next() * 3));
    // A relevant document of the run, past its first ten: the one an edit moves to the top.
    const late = [...judged].find(([d, g]) => g > 0 && Number(d.slice(3)) >= 10 && Number(d.slice(3)) < depth);
    judged.set(late ? late[0] : `doc${depth - 1}`, late ? late[1] : 2);
    relevant.push(late ? late[0] : `doc${depth - 1}`);
    for (const [d, g] of judged) qrels.push(`q${q} 0 ${d} ${g}`);
    fixtureQrels.push(`    "q${q}": {${[...judged].map(([d, g]) => `"${d}": ${g}`).join(', ')}}`);
    const scores: string[] = [];
    for (let r = 0; r < depth; r++) {
      const score = (1000 - r - next() * 0.5).toFixed(4);
      run.push(`q${q} Q0 doc${r} ${r + 1} ${score} bench`);
      scores.push(`      "doc${r}": ${score}`);
    }
    fixtureRun.push(`    "q${q}": {\n${scores.join(',\n')}\n    }`);
  }
  const fixture = `{\n  "qrels": {\n${fixtureQrels.join(',\n')}\n  },\n  "run": {\n${fixtureRun.join(',\n')}\n  }\n}\n`;
  const json = `{\n${fixtureRun.map((q) => q.replace(/^ {2}/gm, '')).join(',\n')}\n}\n`;
  return { run: `${run.join('\n')}\n`, qrels: `${qrels.join('\n')}\n`, fixture, json, relevant };
}

/** The titles of the lenses on a line (resolved if need be), joined, polling the codeLens answer until `ok` takes them (at most 20 s). */
async function lensTitleWhen(client: TestClient, uri: string, line: number, ok: (title: string) => boolean): Promise<string> {
  const deadline = performance.now() + 20_000;
  for (;;) {
    const lenses = (await client.codeLenses(uri)).filter((l) => l.range.start.line === line);
    const resolved = await Promise.all(lenses.map((l) => (l.command ? l : client.resolveCodeLens(l))));
    const title = resolved.map((l) => l.command?.title ?? '').join(' · ');
    if ((title && ok(title)) || performance.now() > deadline) return title;
  }
}

/**
 * Opens the run (or the fixture) in a fresh server: ms from the open to the lenses of the last query
 * with their values; then `edits` edits of one score (a relevant document's, past the first ten,
 * made the highest): ms each to that query's lenses fresh.
 */
async function trecSession(dir: string, file: string, edits: number, relevant: string[]): Promise<{ open: number; edit: number[] }> {
  // No workspace folder: a scan of it would evaluate the other file meanwhile (and hand the fixture its analysis).
  const client = await TestClient.start(DEFAULTS);
  const uri = fileUri(join(dir, file));
  const text = readFileSync(join(dir, file), 'utf8');
  const fixture = file.endsWith('.json');
  const jsonRun = file.endsWith('.run.json');
  const t = performance.now();
  await client.open(uri, text, fixture ? 'json' : 'trec-run');
  // A query's lenses: on its first run line, on its line of the fixture's qrels ("q9": {"doc…), or on its key in a JSON run.
  const offsetOf = (find: string) => client.text(uri).indexOf(find);
  const lensLine = (q: number) =>
    client.document(uri).positionAt(offsetOf(jsonRun ? `"q${q}": {\n` : fixture ? `"q${q}": {"` : `q${q} Q0 doc0 `)).line;
  const queries = 100;
  await lensTitleWhen(client, uri, lensLine(queries - 1), (title) => /\d\.\d{3}/.test(title));
  const open = performance.now() - t;
  const times: number[] = [];
  for (let e = 0; e < edits; e++) {
    const q = (e * 37) % queries;
    const line = lensLine(q);
    const before = await lensTitleWhen(client, uri, line, () => true);
    const marker = fixture ? `"${relevant[q]}": ` : `q${q} Q0 ${relevant[q]} `;
    let at = client.text(uri).indexOf(marker, fixture ? offsetOf(`"q${q}": {\n`) : 0) + marker.length;
    if (!fixture) at = client.text(uri).indexOf(' ', at) + 1; // past the rank
    const end = endOfNumber(client.text(uri), at);
    const start = performance.now();
    const range = { start: client.document(uri).positionAt(at), end: client.document(uri).positionAt(end) };
    await client.edit(uri, [{ range, text: '1000.9' }]);
    await lensTitleWhen(client, uri, line, (title) => title !== before);
    times.push(performance.now() - start);
  }
  await client.stop();
  return { open, edit: times };
}

/** Where the number written at text[at] ends. */
function endOfNumber(text: string, at: number): number {
  let end = at;
  while (/[0-9.]/.test(text[end] ?? '')) end++;
  return end;
}

/** TREC documents in the editor (issue 34): a 100,000-line run against the same data as a fixture. */
async function trec(out: Output): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-bench-trec-'));
  try {
    const data = trecData(100, 1000);
    writeFileSync(join(dir, 'ranklens.config.json'), JSON.stringify({ qrels: { '*.run': 'dev.qrels', '*.run.json': 'dev.qrels' } }));
    writeFileSync(join(dir, 'dev.qrels'), data.qrels);
    writeFileSync(join(dir, 'bm25.run'), data.run);
    writeFileSync(join(dir, 'bm25.rank.json'), data.fixture);
    writeFileSync(join(dir, 'bm25.run.json'), data.json);
    const runs = 3;
    const edits = 10;
    const run = { open: [] as number[], edit: [] as number[] };
    const fixture = { open: [] as number[], edit: [] as number[] };
    const json = { open: [] as number[], edit: [] as number[] };
    for (let i = 0; i < runs; i++) {
      for (const [file, into] of [
        ['bm25.run', run],
        ['bm25.rank.json', fixture],
        ['bm25.run.json', json],
      ] as const) {
        const s = await trecSession(dir, file, edits, data.relevant);
        into.open.push(s.open);
        into.edit.push(...s.edit);
      }
    }
    const o = stats(run.open).median;
    const e = stats(run.edit);
    say(
      out,
      `TREC run of 100,000 lines (100 queries × 1,000) paired by ranklens.config.json, median of ${runs} servers (load ${loadavg()[0].toFixed(1)})`,
    );
    row(
      out,
      "open → every query's lens (same data as a fixture)",
      `${ms(o)} (fixture ${ms(stats(fixture.open).median)})`,
      '< 1 s',
      o < 1000,
    );
    row(
      out,
      "edit one line → its query's lens fresh, median / p95",
      `${ms(e.median)} / ${ms(e.p95)} (fixture ${ms(stats(fixture.edit).median)})`,
      '< 300 ms median',
      e.median < 300,
    );
    const jo = stats(json.open).median;
    const je = stats(json.edit);
    row(out, "the same run as one JSON object {qid: {docid: score}}: open → every query's lens", ms(jo), '< 1 s', jo < 1000);
    row(
      out,
      "JSON object: edit one score → its query's lens fresh, median / p95",
      `${ms(je.median)} / ${ms(je.p95)}`,
      '< 300 ms median',
      je.median < 300,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sections: Record<string, (out: Output) => Promise<void>> = {
    json: (out) => big(out, 'json'),
    yaml: (out) => big(out, 'yaml'),
    small,
    large,
    workspace,
    editor,
    trec,
  };
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--baseline');
  const baseline = at >= 0 ? join(argv[at + 1] ?? '', 'dist', 'server.js') : undefined;
  if (baseline && !existsSync(baseline)) {
    console.log(`lsp: --baseline ${argv[at + 1]} has no dist/server.js: build that checkout first (npm run build there).`);
    process.exitCode = 2;
    return;
  }
  if (baseline) console.log(`lsp: this build beside the baseline ${baseline} (load ${loadavg()[0].toFixed(1)})`);
  const asked = argv.filter((a) => a in sections);
  for (const name of asked.length ? asked : Object.keys(sections)) {
    const ours: Output = { lines: [] };
    DEFAULTS.server = undefined;
    await sections[name](ours);
    let theirs: Output | undefined;
    if (baseline) {
      theirs = { lines: [] };
      DEFAULTS.server = baseline;
      await sections[name](theirs);
    }
    print(ours, theirs);
  }
}

if (require.main === module) void main();
