/**
 * Re-reading only the edited case must give exactly what a full parse gives. Each script below types
 * into a fixture the way an editor sends it (one small change per version) and compares, after every
 * change, the server's result with parseFixture on the whole text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FixtureDocument } from '../../shared/fixture/model';
import { FixtureLanguage, parseFixture } from '../../shared/fixture/parse';
import { Edit } from '../../server/documents';
import { canSpliceInto, reparse } from '../../server/incrementalParse';

/**
 * Plays edits like the server's document cache: the edits since the last parse that can take a splice
 * (the base) are spliced into it when they all fall in one case; otherwise the whole text is parsed.
 */
class Typist {
  private parsed: FixtureDocument;
  private base: { text: string; parsed: FixtureDocument } | undefined;
  private edits: Edit[] = [];
  private version = 1;
  incremental = 0;
  full = 0;
  /** Edits that left the text free of syntax problems yet were read whole (the text around each). */
  missed: string[] = [];

  constructor(public text: string, private language: FixtureLanguage) {
    this.parsed = parseFixture(text, language);
    this.base = { text, parsed: this.parsed };
    assert.ok(canSpliceInto(this.parsed), 'the starting text parses cleanly');
  }

  /** Replaces `remove` characters at `at` with `insert`, then checks the result against a full parse. */
  edit(at: number, remove: number, insert: string): void {
    this.edits.push({ version: ++this.version, start: at, end: at + remove, length: insert.length });
    this.text = this.text.slice(0, at) + insert + this.text.slice(at + remove);
    const quick = this.base && reparse(this.base, this.text, this.edits, this.language);
    const whole = parseFixture(this.text, this.language);
    if (quick) {
      this.incremental++;
      assert.deepEqual(normalized(quick), normalized(whole), `after inserting ${JSON.stringify(insert)} at ${at}:\n${this.text}`);
    } else {
      this.full++;
      if (canSpliceInto(whole)) this.missed.push(JSON.stringify(this.text.slice(Math.max(0, at - 12), at + insert.length + 12)));
    }
    this.parsed = quick || whole;
    if (canSpliceInto(this.parsed)) { this.base = { text: this.text, parsed: this.parsed }; this.edits = []; }
  }

  /** A random offset inside a random case of the latest parse (anywhere in the text if there is none). */
  offsetInACase(next: () => number): number {
    const cases = this.parsed.fixtures.flatMap((f) => f.cases);
    if (cases.length === 0) return Math.floor(next() * (this.text.length + 1));
    const c = cases[Math.floor(next() * cases.length)];
    return c.span.start + 1 + Math.floor(next() * Math.max(1, c.span.end - c.span.start - 1));
  }

  /** Whether the latest parse found no problem at all. */
  whole(): boolean {
    return this.parsed.problems.length === 0;
  }

  /** The case ids of each fixture, as the latest parse read them. */
  caseIds(): string[][] {
    return this.parsed.fixtures.map((f) => f.cases.map((c) => c.id.value));
  }

  /** Types text one character at a time after the first occurrence of `after` (searched from `from`). */
  type(after: string, insert: string, from = ''): void {
    let at = this.text.indexOf(after, from ? this.text.indexOf(from) : 0) + after.length;
    for (const ch of insert) this.edit(at++, 0, ch);
  }

  /** Deletes `what` one character at a time, from its end (backspace). */
  backspace(what: string, from = ''): void {
    const start = this.text.indexOf(what, from ? this.text.indexOf(from) : 0);
    for (let at = start + what.length; at > start; at--) this.edit(at - 1, 1, '');
  }
}

function normalized(doc: FixtureDocument): FixtureDocument {
  const problems = [...doc.problems].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end || a.code.localeCompare(b.code));
  return JSON.parse(JSON.stringify({ ...doc, problems }));
}

const JSON_MAPPED = `{
  "k": [1, 3],
  "cases": {
    "q1": {"labels": ["a", "b"], "predictions": ["a", "x", "b"], "expect": {"P@3": 0.667}},
    "q2": {
      "labels": {"a": 2, "b": 1},
      "predictions": {"a": 0.9, "c": 0.5}
    },
    "q3": {"labels": [], "predictions": ["a"]}
  },
  "metrics": ["P", "nDCG"]
}
`;

const JSON_LISTED = `{"cases": [
  {"id": "q1", "labels": ["a"], "predictions": ["a", "b"]},
  {"id": 2, "labels": ["b"], "predictions": ["b"]}
], "k": 3}
`;

const YAML_MAPPED = `k: [1, 3]
cases:
  q1:
    labels: [a, b]
    predictions: [a, x, b]
    expect: {P@3: 0.667}

  q2:
    labels: {a: 2, b: 1}
    predictions:
      - a
      - c
  q3:
    labels: [a]
    predictions: [a]
metrics: [P, nDCG]
---
cases:
  r1:
    labels: [a]
    predictions: [b]
`;

const YAML_LISTED = `cases:
  - id: q1
    labels: [a]
    predictions: [a, b]
  - id: q2
    labels: [b]
    predictions:
      - b
`;

describe('reparsing only the edited case gives what a full parse gives', () => {
  it('JSON, cases by id: typing a prediction, a grade, an expectation; deleting a label', () => {
    const t = new Typist(JSON_MAPPED, 'json');
    t.type('"x", "b"', ', "c"');
    t.type('"b": 1', '0', '"q2"');
    t.backspace('7', '"expect"');
    t.type('0.66', '66');
    t.backspace(', "b"', '"q1"');
    t.type('"labels": [', '"z"', '"q3"');
    assert.deepEqual(t.missed, [], 'every edit that leaves the text whole is spliced');
    assert.ok(t.incremental > 0);
  });

  it('JSON, listed cases: editing ids and predictions, then breaking and mending the text', () => {
    const t = new Typist(JSON_LISTED, 'json');
    t.type('"id": "q1', '0');
    t.type('"predictions": ["b"', ', "a"');
    t.type('"labels": ["a"', ']');
    t.backspace(']', '"labels": ["a"');
    assert.deepEqual(t.missed, [], 'every edit that leaves the text whole is spliced');
    assert.ok(t.incremental > 0);
  });

  it('JSON: an edit to a case key or outside the cases is read whole', () => {
    const t = new Typist(JSON_MAPPED, 'json');
    t.type('"q2', '2');
    t.type('"k": [1, 3', ', 5');
    assert.equal(t.incremental, 0);
  });

  it('YAML, cases by key: typing in flow lists, appending a block-list line, a second document', () => {
    const t = new Typist(YAML_MAPPED, 'yaml');
    t.type('predictions: [a, x', ', y');
    t.type('      - c', '\n      - d');
    t.type('labels: {a: 2', '0');
    t.type('predictions: [', 'c, ', 'r1:');
    t.backspace('x, ', 'q1:');
    assert.deepEqual(t.missed, [], 'every edit that leaves the text whole is spliced');
    assert.ok(t.incremental > 0);
  });

  it('YAML: a new case typed between cases, and a new top-level key, are read whole', () => {
    const t = new Typist(YAML_MAPPED, 'yaml');
    t.type('expect: {P@3: 0.667}\n', '  q9:\n    labels: [a]\n');
    t.type('predictions: [a]', '\nk2: 1', 'q3:');
    assert.deepEqual(t.caseIds(), [['q1', 'q9', 'q2', 'q3'], ['r1']]);
  });

  it('YAML, listed cases: editing and appending', () => {
    const t = new Typist(YAML_LISTED, 'yaml');
    t.type('predictions: [a', ', c');
    t.type('      - b', '\n      - e');
    t.type('id: q', 'x');
    assert.deepEqual(t.missed, [], 'every edit that leaves the text whole is spliced');
    assert.ok(t.incremental > 0);
  });
});

/** A small seeded generator, so a failure replays the same way. */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

describe('reparsing stays equal to a full parse under random typing', () => {
  const alphabet = ['a', '1', '.', ',', ' ', '"', ':', '[', ']', '{', '}', '-', '\n', '  ', 'x', '0'];
  for (const [name, text, language] of [['JSON by id', JSON_MAPPED, 'json'], ['JSON listed', JSON_LISTED, 'json'], ['YAML by key', YAML_MAPPED, 'yaml'], ['YAML listed', YAML_LISTED, 'yaml']] as const) {
    it(`${name}: 400 random keystrokes and backspaces inside cases, mistakes undone`, () => {
      const next = random(name.length * 7919);
      const t = new Typist(text, language);
      for (let i = 0; i < 400; i++) {
        const at = t.offsetInACase(next);
        const removed = next() < 0.35 && at > 0 ? t.text[at - 1] : '';
        if (removed) t.edit(at - 1, 1, '');
        else t.edit(at, 0, alphabet[Math.floor(next() * alphabet.length)]);
        // Like a person fixing a typo: a keystroke that caused a problem is taken back.
        if (!t.whole()) {
          if (removed) t.edit(at - 1, 0, removed);
          else t.edit(at, 1, '');
        }
      }
      // Random keystrokes mostly break the syntax (read whole, then undone); what matters is that every
      // splice above matched the full parse. Enough of them must have happened for that to mean something.
      assert.ok(t.incremental >= 20, `keystrokes spliced: ${t.incremental} of ${t.incremental + t.full}`);
    });
  }
});
