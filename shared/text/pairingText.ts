/**
 * The status bar's words for a run and its qrels, from the server's answer to ranklens/trecPairing:
 * the qrels file's name when a rule pairs the run, a warning when none does; the tooltip says which
 * rule of which configuration, or how to pair it.
 */

/** What the server says of a run's pairing (shared/protocol.ts TrecPairingResult, by shape). */
export interface PairingAnswer {
  role: 'run' | 'qrels' | 'none';
  qrels?: string;
  config?: string;
  glob?: string;
  message?: string;
}

/**
 * The status bar entry of a run (undefined for a file that is no run): `$(references) qrels: NAME`
 * or `$(warning) no qrels`, and its tooltip, where `shown` turns a URI into the path a user reads.
 */
export function pairingStatus(answer: PairingAnswer, shown: (uri: string) => string): { text: string; tooltip: string } | undefined {
  if (answer.role !== 'run') return undefined;
  const pick = 'Click to pick the qrels for this run.';
  if (!answer.qrels) {
    const why = answer.message ?? 'No qrels rule of ranklens.config.json pairs this run, so it is not evaluated.';
    return { text: '$(warning) no qrels', tooltip: `${why} ${pick}` };
  }
  const name = decodeURIComponent(answer.qrels.slice(answer.qrels.lastIndexOf('/') + 1));
  const rule = answer.glob && answer.config ? ` by the rule "${answer.glob}" of ${shown(answer.config)}` : '';
  return { text: `$(references) qrels: ${name}`, tooltip: `Judged by ${shown(answer.qrels)}${rule}. ${pick}` };
}
