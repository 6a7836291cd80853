/**
 * Settings changed through workspace.getConfiguration().update, and what they do to lenses and
 * diagnostics. Each check puts the setting back, whether it passes or not.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Check } from './check';
import { DEFAULTS, FLAWED, SIMPLE, openFixture, rangeOf } from './fixtures';
import { inlayHintsOf } from './lensChecks';
import { findingCodesToBe, openEveryFinding } from './diagnosticChecks';
import { codeOf, hoverText, lensesOf, poll, ranklensDiagnostics, shows } from './wait';

async function withSetting(key: string, value: unknown, fn: () => Promise<void>): Promise<void> {
  const config = vscode.workspace.getConfiguration('ranklens');
  await config.update(key, value, vscode.ConfigurationTarget.Global);
  try {
    await fn();
  } finally {
    await vscode.workspace.getConfiguration('ranklens').update(key, undefined, vscode.ConfigurationTarget.Global);
  }
}

/** The case lens title (line `line`) once `pred` holds for it. */
async function lensTitle(uri: vscode.Uri, line: number, pred: (title: string) => boolean, what: string): Promise<string> {
  let seen: string[] = [];
  return poll(
    what,
    async () => {
      const lenses = await lensesOf(uri);
      seen = lenses.map((l) => l.command?.title ?? '');
      // One short lens per headline metric: the line reads as their titles together.
      const t = lenses
        .filter((l) => l.range.start.line === line)
        .map((l) => l.command?.title ?? '')
        .join(' · ');
      return t !== '' && pred(t) ? t : undefined;
    },
    60_000,
    () => seen,
  );
}

export const settingChecks: Check[] = [
  {
    name: 'ranklens.defaultCutoffs [2] turns the lenses into nDCG@2 0.613 · AP@2 0.500 · P@2 0.500 · R@2 0.500, and drops k-exceeds-predictions',
    async run() {
      const { document: doc } = await openFixture('cutoffs.rank.json', DEFAULTS);
      // Line 3 holds the case; at the default cutoffs 1, 3, 5, 10 the headline is nDCG@10, AP@10, P@1
      // and R@1 (P@1 = 1/1), and k = 10 is flagged.
      await lensTitle(doc.uri, 3, (t) => shows(t, 'P@1', 1) && shows(t, 'R@1', 0.5), 'P@1 1.000 and R@1 0.500 at the default cutoffs');
      await poll('k-exceeds-predictions at the default cutoffs', () =>
        ranklensDiagnostics(doc.uri).find((d) => codeOf(d) === 'k-exceeds-predictions'),
      );
      await withSetting('defaultCutoffs', [2], async () => {
        const title = await lensTitle(doc.uri, 3, (t) => shows(t, 'P@2', 0.5), 'P@2 0.500 after the change');
        assert.ok(shows(title, 'R@2', 0.5), `R@2 0.500 in ${JSON.stringify(title)}`);
        // trec_eval, the default: AP over both relevant labels (one hit, at rank 1), ideal from the labels.
        assert.ok(shows(title, 'AP@2', 0.5), `AP@2 0.500 in ${JSON.stringify(title)}`);
        assert.ok(shows(title, 'nDCG@2', 0.613), `nDCG@2 0.613 in ${JSON.stringify(title)}`);
        assert.doesNotMatch(title, /@(1|3|5|10)\b/, 'no other cutoff is shown');
        await poll('k-exceeds-predictions to go', () =>
          ranklensDiagnostics(doc.uri).some((d) => codeOf(d) === 'k-exceeds-predictions') ? undefined : true,
        );
      });
      await lensTitle(doc.uri, 3, (t) => shows(t, 'P@1', 1), 'P@1 1.000 again once the setting is removed');
    },
  },
  {
    name: 'ranklens.defaultConvention seed000 turns AP@2 from 1/2 = 0.500 into 1/1 = 1.000 and nDCG@2 from 0.613 into 1.000',
    async run() {
      const { document: doc } = await openFixture('convention.rank.json', DEFAULTS);
      await withSetting('defaultCutoffs', [2], async () => {
        await lensTitle(
          doc.uri,
          3,
          (t) => shows(t, 'AP@2', 0.5) && shows(t, 'nDCG@2', 0.613),
          'AP@2 0.500 and nDCG@2 0.613 under trec_eval, the default',
        );
        await withSetting('defaultConvention', 'seed000', async () => {
          // seed000 divides AP by the hits in the top 2, and takes the ideal from the top 2's own grades.
          const title = await lensTitle(doc.uri, 3, (t) => shows(t, 'AP@2', 1), 'AP@2 1.000 under seed000');
          assert.ok(shows(title, 'nDCG@2', 1), `nDCG@2 1.000 in ${JSON.stringify(title)}`);
          assert.ok(shows(title, 'P@2', 0.5), `P@2 0.500 in ${JSON.stringify(title)}`);
        });
      });
    },
  },
  {
    name: 'ranklens.diagnostics.conventionDependent true adds convention-dependent: every-finding.rank.json then shows all its expectFindings',
    async run() {
      const { uri, listed } = await openEveryFinding();
      assert.ok(listed.includes('convention-dependent'));
      await findingCodesToBe(
        uri,
        listed.filter((c) => c !== 'convention-dependent'),
      );
      await withSetting('diagnostics.conventionDependent', true, () => findingCodesToBe(uri, listed));
      await findingCodesToBe(
        uri,
        listed.filter((c) => c !== 'convention-dependent'),
      );
    },
  },
  {
    name: 'ranklens.codeLens.enable false removes every lens, true brings them back',
    async run() {
      const { document: doc } = await openFixture('lens-toggle.rank.json', SIMPLE);
      await lensTitle(doc.uri, 4, (t) => shows(t, 'P@3', 0.667), 'the case lens');
      await withSetting('codeLens.enable', false, async () => {
        let n = -1;
        await poll(
          'no lens',
          async () => ((n = (await lensesOf(doc.uri)).length) === 0 ? true : undefined),
          30_000,
          () => n,
        );
      });
      await lensTitle(doc.uri, 4, (t) => shows(t, 'P@3', 0.667), 'the case lens back');
    },
  },
  {
    name: 'ranklens.severity { "expect-mismatch": "warning" } makes the mismatch a warning, "off" hides it',
    async run() {
      const { document: doc } = await openFixture('severity.rank.json', FLAWED);
      const mismatch = () => ranklensDiagnostics(doc.uri).find((d) => codeOf(d) === 'expect-mismatch');
      const first = await poll('the expect-mismatch error', mismatch, 60_000);
      assert.equal(first.severity, vscode.DiagnosticSeverity.Error);
      await withSetting('severity', { 'expect-mismatch': 'warning' }, async () => {
        await poll(
          'a warning',
          () => (mismatch()?.severity === vscode.DiagnosticSeverity.Warning ? true : undefined),
          30_000,
          () => mismatch()?.severity,
        );
      });
      await withSetting('severity', { 'expect-mismatch': 'off' }, async () => {
        await poll('no expect-mismatch', () => (mismatch() ? undefined : true), 30_000);
        assert.deepEqual(ranklensDiagnostics(doc.uri).map(codeOf).sort(), ['duplicate-cutoff', 'unknown-metric'], 'the other two stay');
      });
      await poll('the error back', () => (mismatch()?.severity === vscode.DiagnosticSeverity.Error ? true : undefined), 30_000);
    },
  },
  {
    name: 'ranklens.hover.enable false and ranklens.inlayHints.enable false take the hover and the marks away',
    async run() {
      const { document: doc } = await openFixture('hover-toggle.rank.json', SIMPLE);
      const at = rangeOf(doc, '"q1"').start.translate(0, 1);
      const explained = async () =>
        hoverText((await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at)) ?? []).includes(
          '2 / 3 = 0.667',
        );
      await poll('the hover on q1', async () => ((await explained()) ? true : undefined));
      await poll('the marks', async () => ((await inlayHintsOf(doc)).length >= 6 ? true : undefined));
      await withSetting('hover.enable', false, async () => {
        await poll('no Ranklens hover', async () => ((await explained()) ? undefined : true));
      });
      await withSetting('inlayHints.enable', false, async () => {
        let n = -1;
        await poll(
          'no mark',
          async () => ((n = (await inlayHintsOf(doc)).length) === 0 ? true : undefined),
          30_000,
          () => n,
        );
      });
      await poll('the hover back', async () => ((await explained()) ? true : undefined));
    },
  },
  {
    name: 'ranklens.extraFilePatterns ["*.fixture.json"] makes a file of that name a fixture, with its lenses',
    async run() {
      const { document: doc } = await openFixture('extra.fixture.json', SIMPLE);
      const q1Lens = async () =>
        (await lensesOf(doc.uri)).find((l) => l.command?.command.startsWith('ranklens.') && l.range.start.line === 4);
      // Not a fixture by name: no Ranklens lens (the server never sees it).
      assert.equal(await q1Lens(), undefined);
      await withSetting('extraFilePatterns', ['*.fixture.json'], async () => {
        const lens = await poll('the q1 lens once the pattern is set', q1Lens, 60_000);
        assert.ok(shows(lens.command!.title, 'P@3', 0.667), `P@3 0.667 in ${JSON.stringify(lens.command!.title)}`);
      });
      await poll('no lens once the pattern is removed', async () => ((await q1Lens()) ? undefined : true), 60_000);
    },
  },
];
