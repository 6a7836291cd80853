/** docs/reference/findings.md: every finding code, from shared/core/findingCodes.ts. */
import { FINDING_CODES, FindingLayer, isFixtureFindingCode } from '../../shared/core/findingCodes';
import { code, page, table } from './markdown';

// Where each layer's findings come from, in the order the page lists them.
const LAYERS: Readonly<Record<FindingLayer, { title: string; intro: string }>> = {
  parse: {
    title: "The fixture's text",
    intro: 'From the JSON and YAML readers and the structure reader: the text, its keys and its values.',
  },
  evaluation: {
    title: "The fixture's settings and expectations",
    intro: "About a fixture's `k`, `metrics`, `convention`, `expect` values, ids and systems compared.",
  },
  case: {
    title: "A case's data",
    intro: 'From the metric core, about one case; the message says what happens to its numbers under the convention.',
  },
  trec: {
    title: 'TREC qrels and run files',
    intro: 'From `ranklens trec`, reading qrels and runs; each message says what trec_eval does with the same line.',
  },
  cli: {
    title: "The command's own checks",
    intro: 'From `ranklens check`.',
  },
  editor: {
    title: "The editor's convention search",
    intro:
      'From the language server, after the other findings, when expected values fail ' +
      '(see [Which definition made this number?](../guide/inference.md)).',
  },
};

/** The page's text. */
export function findingsPage(): string {
  const sections = [
    'Every problem Ranklens reports is a finding: a stable code, a default severity, a message and the exact range ' +
      'it is about. An `error` fails `ranklens check` (exit code 1) unless the fixture declares its code in ' +
      '`expectFindings`; warnings, infos and hints never fail it. The editor shows each finding as a diagnostic of ' +
      'the same severity; SARIF writes info and hint as `note`. The `ranklens.severity` setting and the `severity` ' +
      "key of `ranklens.config.json` change a code's severity or turn it off (`off`). " +
      '"Declarable" says whether a fixture can list the code in `expectFindings`.',
  ];
  for (const [layer, { title, intro }] of Object.entries(LAYERS) as [FindingLayer, (typeof LAYERS)[FindingLayer]][]) {
    const rows = Object.entries(FINDING_CODES)
      .filter(([, info]) => info.layer === layer)
      .map(([name, info]) => [code(name), info.severity, info.summary, isFixtureFindingCode(name) ? 'yes' : 'no']);
    sections.push(`## ${title}`, intro, table(['code', 'severity', 'meaning', 'declarable'], rows));
  }
  return page('Findings', ['shared/core/findingCodes.ts'], sections);
}
