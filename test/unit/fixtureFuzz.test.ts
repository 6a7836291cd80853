/**
 * A broken file must never take the tooling down: every example, cut and spliced at seeded random
 * places, still parses and evaluates without throwing, and every finding lies inside the text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateDocument } from '../../shared/fixtureEvaluation';
import { fixtureLanguage, parseFixture } from '../../shared/parseFixture';

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');
const PIECES = ['[', ']', '{', '}', ',', ':', '"', "'", '\n', '- ', '*a', '&a ', '#', '.nan', '1e999', '🎧', '耳', '\t', '---\n', 'null', ' '];

/** A small deterministic generator (mulberry32), so a failure names the edit that caused it. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(text: string, next: () => number): string {
  const at = Math.floor(next() * text.length);
  const cut = Math.floor(next() * 4);
  const piece = PIECES[Math.floor(next() * PIECES.length)];
  return text.slice(0, at) + (next() < 0.3 ? '' : piece) + text.slice(at + cut);
}

describe('broken fixtures never throw', () => {
  for (const name of readdirSync(EXAMPLES).filter((f) => fixtureLanguage(f))) {
    it(`${name}: 40 random edits`, () => {
      const original = readFileSync(join(EXAMPLES, name), 'utf8');
      const next = random(name.length * 7919);
      for (let i = 0; i < 40; i++) {
        let text = original;
        for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) text = mutate(text, next);
        const where = `${name}, edit ${i}`;
        const doc = parseFixture(text, fixtureLanguage(name)!);
        const findings = evaluateDocument(doc, { compare: i % 10 === 0 }).findings;
        for (const f of findings) assert.ok(f.span.start >= 0 && f.span.start <= f.span.end && f.span.end <= text.length, `${where}: ${f.code} at ${f.span.start}-${f.span.end}`);
      }
    });
  }
});
