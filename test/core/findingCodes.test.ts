/**
 * One declaration of every finding code: the reference's tables (docs/reference/findings.md) list
 * exactly the declared codes, each once, with its declared default severity.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FINDING_CODES, FIXTURE_FINDING_CODES, isFindingCode, isFixtureFindingCode } from '../../shared/core/findingCodes';

const readme = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'reference', 'findings.md'), 'utf8');
const rows = [...readme.matchAll(/^\| `([a-z-]+)` \| (error|warning|info|hint) \| /gm)].map((m) => ({ code: m[1], severity: m[2] }));

test('docs/reference/findings.md lists every declared finding code once, with its severity', () => {
  const listed = rows.map((r) => r.code);
  assert.deepEqual([...listed].sort(), Object.keys(FINDING_CODES).sort());
  assert.equal(new Set(listed).size, listed.length);
  for (const r of rows) assert.equal(r.severity, FINDING_CODES[r.code as keyof typeof FINDING_CODES].severity, r.code);
});

test('a fixture can carry case, parse and evaluation codes, not TREC or CLI ones', () => {
  assert.equal(isFixtureFindingCode('empty-labels'), true);
  assert.equal(isFixtureFindingCode('syntax-error'), true);
  assert.equal(isFixtureFindingCode('expect-mismatch'), true);
  assert.equal(isFixtureFindingCode('malformed-line'), false);
  assert.equal(isFixtureFindingCode('expected-finding-missing'), false);
  assert.equal(isFixtureFindingCode('empty-fixture'), true);
  assert.equal(isFixtureFindingCode('renamed-preset'), true);
  assert.equal(Object.keys(FIXTURE_FINDING_CODES).length, 44); // 39, no-pooled-form, library-metric-name and unknown-benchmark (issue 35), file-reference-unreadable and fixture-file-reference (issue 37)
});

test('inherited property names are not finding codes', () => {
  assert.equal(isFindingCode('__proto__'), false);
  assert.equal(isFindingCode('toString'), false);
  assert.equal(isFindingCode('constructor'), false);
});
