/** Diagnostics (languages.getDiagnostics) and the quick fix applied as a WorkspaceEdit. */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Check } from './check';
import { FLAWED, YAML, openFixture, rangeOf, workspaceUri } from './fixtures';
import { codeOf, lensesOf, poll, ranklensDiagnostics, shows } from './wait';

/** Each diagnostic as `severity code "covered text" line:character`, sorted by position. */
function describe(doc: vscode.TextDocument, ds: readonly vscode.Diagnostic[]): string[] {
  return [...ds]
    .sort((a, b) => a.range.start.compareTo(b.range.start))
    .map(
      (d) =>
        `${vscode.DiagnosticSeverity[d.severity]} ${codeOf(d)} ${JSON.stringify(doc.getText(d.range))} ${d.range.start.line}:${d.range.start.character}`,
    );
}

/** Waits until the file has Ranklens diagnostics with exactly these codes (sorted). */
async function diagnosticsWithCodes(uri: vscode.Uri, codes: string[]): Promise<vscode.Diagnostic[]> {
  const want = [...codes].sort().join(' ');
  let seen: string[] = [];
  return poll(
    `diagnostics ${want}`,
    () => {
      const ds = ranklensDiagnostics(uri);
      seen = ds.map(codeOf).sort();
      return seen.join(' ') === want ? ds : undefined;
    },
    60_000,
    () => seen,
  );
}

/**
 * Opens examples/every-finding.rank.json and reads the codes it lists in expectFindings, as written
 * (bar "no-such-finding", its deliberately unknown code, which is reported as unknown-finding-code).
 */
export async function openEveryFinding(): Promise<{ uri: vscode.Uri; listed: string[] }> {
  const uri = vscode.Uri.joinPath(workspaceUri(), 'every-finding.rank.json');
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const list = /"expectFindings"\s*:\s*\[([^\]]*)\]/.exec(doc.getText());
  assert.ok(list, 'the example lists expectFindings');
  // syntax-warning (comments, a trailing comma) is left to VS Code's own JSON validation, which reports it too.
  const listed = [...new Set([...list[1].matchAll(/"([a-z-]+)"/g)].map((m) => m[1]))].filter(
    (c) => c !== 'no-such-finding' && c !== 'syntax-warning',
  );
  assert.ok(listed.length >= 25, `the example lists ${listed.length} codes`);
  return { uri, listed };
}

/** Waits until the file's distinct Ranklens codes are exactly `codes`. */
export async function findingCodesToBe(uri: vscode.Uri, codes: string[]): Promise<void> {
  let seen: string[] = [];
  await poll(
    `exactly ${codes.length} codes`,
    () => {
      seen = [...new Set(ranklensDiagnostics(uri).map(codeOf))].sort();
      return seen.join(' ') === [...codes].sort().join(' ') ? seen : undefined;
    },
    60_000,
    () => ({ missing: codes.filter((c) => !seen.includes(c)), unexpected: seen.filter((c) => !codes.includes(c)) }),
  );
}

export const diagnosticChecks: Check[] = [
  {
    name: 'three mistakes are three diagnostics with their code, severity and exact range',
    async run() {
      const { document: doc } = await openFixture('diagnostics.rank.json', FLAWED);
      const ds = await diagnosticsWithCodes(doc.uri, ['duplicate-cutoff', 'unknown-metric', 'expect-mismatch']);
      assert.deepEqual(describe(doc, ds), [
        'Warning duplicate-cutoff "3" 1:11',
        'Error unknown-metric "\\"nDGC@3\\"" 2:28',
        'Error expect-mismatch "0.5" 7:25',
      ]);
      const mismatch = ds.find((d) => codeOf(d) === 'expect-mismatch')!;
      // The message names both numbers: written 0.5, computed 2/3 (to however many decimals it prints).
      const computed = /0\.5\b.*computed (\d+\.\d+)/.exec(mismatch.message);
      assert.ok(
        computed && Math.abs(Number(computed[1]) - 2 / 3) < 0.0005,
        `0.5 and the computed 2/3 in ${JSON.stringify(mismatch.message)}`,
      );
      assert.ok(
        ds.every((d) => d.source === 'ranklens'),
        `sources: ${ds.map((d) => d.source).join(', ')}`,
      );
    },
  },
  {
    name: 'every-finding.rank.json shows exactly the finding codes its expectFindings lists (bar the opt-in convention-dependent)',
    async run() {
      const { uri, listed } = await openEveryFinding();
      // convention-dependent needs ranklens.diagnostics.conventionDependent (settingChecks turns it on).
      await findingCodesToBe(
        uri,
        listed.filter((c) => c !== 'convention-dependent'),
      );
    },
  },
  {
    name: 'the expect-mismatch quick fix, applied as a WorkspaceEdit, writes the computed 0.667 and nothing else',
    async run() {
      const editor = await openFixture('quick-fix.rank.json', FLAWED);
      const doc = editor.document;
      const ds = await diagnosticsWithCodes(doc.uri, ['duplicate-cutoff', 'unknown-metric', 'expect-mismatch']);
      const mismatch = ds.find((d) => codeOf(d) === 'expect-mismatch')!;
      const actions =
        (await vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          doc.uri,
          mismatch.range,
          vscode.CodeActionKind.QuickFix.value,
        )) ?? [];
      const fix = actions.find((a) => a.edit && /computed|0\.667/i.test(a.title));
      assert.ok(fix?.edit, `a fix that sets the computed value; offered: ${actions.map((a) => a.title).join(' | ')}`);
      assert.ok(await vscode.workspace.applyEdit(fix.edit), 'the edit applies');
      const value = rangeOf(doc, '"P@3": ').end;
      const written = doc.getText(new vscode.Range(value, doc.lineAt(value.line).range.end)).split(',')[0];
      assert.ok(Math.abs(Number(written) - 2 / 3) <= 0.0005, `P@3 is written as ${written}`);
      assert.equal(doc.getText(), FLAWED.replace('"P@3": 0.5', `"P@3": ${written}`), 'only the value changed');
      assert.ok(await doc.save(), 'saved');
      const onDisk = new TextDecoder().decode(await vscode.workspace.fs.readFile(doc.uri));
      assert.equal(onDisk, doc.getText());
      await diagnosticsWithCodes(doc.uri, ['duplicate-cutoff', 'unknown-metric']);
    },
  },
  {
    name: 'a .rank.yaml fixture gets its lens (P@3 0.667) and its expect-mismatch error on the 0.5',
    async run() {
      const { document: doc } = await openFixture('yaml.rank.yaml', YAML);
      let titles: string[] = [];
      await poll(
        'the q1 lens',
        async () => {
          const lenses = await lensesOf(doc.uri);
          titles = lenses.map((l) => l.command?.title ?? '');
          return lenses.some((l) => l.range.start.line === 3 && shows(l.command?.title ?? '', 'P@3', 0.667)) ? true : undefined;
        },
        60_000,
        () => titles,
      );
      const [mismatch] = await diagnosticsWithCodes(doc.uri, ['expect-mismatch']);
      assert.equal(mismatch.severity, vscode.DiagnosticSeverity.Error);
      assert.deepEqual(mismatch.range, rangeOf(doc, '0.5'));
    },
  },
];
