/**
 * Language-server benchmark: a fixture of 10,000 cases × 20 predictions, in JSON and in YAML, served by
 * the built server over stdio. Measures the first full pass (open → diagnostics), the time from an edit
 * to fresh diagnostics, and from a codeLens request to its answer, as median and p95.
 *
 *   npm run bench:lsp            # both syntaxes
 *   node out/bench/lsp.js json   # one
 */
import { readFileSync } from 'node:fs';
import { Range } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from '../test/protocol/lspClient';

const CASES = 10_000;
const PREDICTIONS = 20;
const EDITS = 60;

interface Generated {
  text: string;
  /** Where each case's first prediction id starts (its text is `d<number>`). */
  firstPrediction: number[];
}

/** A deterministic pseudo-random sequence. */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

/** Labels and predictions of case i: five graded labels, twenty predictions, some hits; 1% of cases have no labels. */
function caseData(i: number, next: () => number): { labels: [string, number][]; predictions: string[] } {
  // Ids of at most four characters keep the YAML version under the parser's 2 MB cap for YAML.
  const predictions = Array.from({ length: PREDICTIONS }, (_, j) => `d${(i * 31 + j * 7) % 1000}`);
  if (i % 100 === 99) return { labels: [], predictions };
  const labels: [string, number][] = Array.from({ length: 5 }, (_, j) => [next() < 0.5 ? predictions[Math.floor(next() * PREDICTIONS)] : `e${j}`, 1 + (j % 3)]);
  return { labels: labels.filter(([id], j) => labels.findIndex(([other]) => other === id) === j), predictions };
}

function generate(language: 'json' | 'yaml'): Generated {
  const next = random(42);
  const parts: string[] = [language === 'json' ? '{\n  "k": [1, 3, 5, 10],\n  "cases": {\n' : 'k: [1, 3, 5, 10]\ncases:\n'];
  let length = parts[0].length;
  const firstPrediction: number[] = [];
  for (let i = 0; i < CASES; i++) {
    const { labels, predictions } = caseData(i, next);
    let line: string;
    let before: string;
    if (language === 'json') {
      const labelText = labels.map(([id, g]) => `"${id}": ${g}`).join(', ');
      before = `    "q${i}": {"labels": {${labelText}}, "predictions": ["`;
      line = `${before}${predictions.join('", "')}"]}${i < CASES - 1 ? ',' : ''}\n`;
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

function peakMemoryMiB(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status);
    return kb ? Math.round(Number(kb[1]) / 1024) : undefined;
  } catch { return undefined; }
}

async function bench(language: 'json' | 'yaml'): Promise<void> {
  const { text, firstPrediction } = generate(language);
  const client = await TestClient.start();
  const uri = `file:///bench/big.rank.${language}`;

  let t = performance.now();
  await client.open(uri, text);
  const first = await client.diagnostics(uri, 1);
  const firstPass = performance.now() - t;

  const next = random(7);
  const editMs: number[] = [];
  const lensMs: number[] = [];
  let lensCount = 0;
  for (let e = 0; e < EDITS; e++) {
    // Retype one prediction id in a random case: `d123` becomes `d124` (the text stays valid).
    const i = Math.floor(next() * CASES);
    const doc: TextDocument = client.document(uri);
    const at = firstPrediction[i] + 1;
    const digit = doc.getText().charAt(at);
    const range = Range.create(doc.positionAt(at), doc.positionAt(at + 1));
    t = performance.now();
    const version = await client.edit(uri, [{ range, text: digit === '9' ? '8' : String(Number(digit) + 1) }]);
    await client.diagnostics(uri, version);
    editMs.push(performance.now() - t);

    t = performance.now();
    lensCount = (await client.codeLenses(uri)).length;
    lensMs.push(performance.now() - t);
  }
  const memory = peakMemoryMiB(client.pid);
  await client.stop();

  const edit = stats(editMs);
  const lens = stats(lensMs);
  const f = (n: number) => `${n.toFixed(0)} ms`;
  console.log(`${language.toUpperCase()}: ${(text.length / 1e6).toFixed(2)} MB, ${CASES} cases × ${PREDICTIONS} predictions, ${first.length} diagnostics, ${lensCount} lenses`);
  console.log(`  first full pass (open → diagnostics): ${f(firstPass)}`);
  console.log(`  edit → fresh diagnostics: median ${f(edit.median)}, p95 ${f(edit.p95)} (${EDITS} edits)`);
  console.log(`  codeLens request → answer: median ${f(lens.median)}, p95 ${f(lens.p95)}`);
  if (memory) console.log(`  server peak memory: ${memory} MiB`);
}

async function main(): Promise<void> {
  const which = process.argv.slice(2).filter((a): a is 'json' | 'yaml' => a === 'json' || a === 'yaml');
  for (const language of which.length ? which : (['json', 'yaml'] as const)) await bench(language);
}

void main();
