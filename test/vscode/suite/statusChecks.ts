/**
 * The status bar. A language status item's text is not readable through the VS Code API, so the
 * suite asks the code-server runner to read it off the rendered workbench (see report.ts).
 */
import assert from 'node:assert/strict';
import type { Check } from './check';
import { SIMPLE, openFixture } from './fixtures';
import { probe } from './report';
import { poll, shows } from './wait';

export const statusChecks: Check[] = [
  {
    name: "the status bar shows the active fixture's convention and means: trec_eval · P@3 0.500 · R@3 0.625",
    async run() {
      await openFixture('status.rank.json', SIMPLE);
      let label = '';
      await poll(
        'the Ranklens status',
        async () => {
          label = String((await probe('languageStatus')) ?? '');
          return /Ranklens/.test(label) && shows(label, 'P@3', 0.5) ? label : undefined;
        },
        30_000,
        () => label,
      );
      assert.match(label, /Ranklens: trec_eval/);
      assert.ok(shows(label, 'R@3', 0.625), `R@3 0.625 in ${JSON.stringify(label)}`);
    },
  },
];
