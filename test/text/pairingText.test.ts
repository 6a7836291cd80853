/** The status bar entry of a run from the server's ranklens/trecPairing answers, written out. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pairingStatus } from '../../shared/text/pairingText';

const shown = (uri: string) => uri.replace('file:///w/', '');

describe('pairingStatus', () => {
  it('names the qrels a rule pairs the run with, and the rule and configuration in the tooltip', () => {
    assert.deepEqual(
      pairingStatus(
        { role: 'run', qrels: 'file:///w/qrels/dev.qrels', config: 'file:///w/ranklens.config.json', glob: 'runs/*.run' },
        shown,
      ),
      {
        text: '$(references) qrels: dev.qrels',
        tooltip: 'Judged by qrels/dev.qrels by the rule "runs/*.run" of ranklens.config.json. Click to pick the qrels for this run.',
      },
    );
  });

  it('decodes the qrels file name from its URI', () => {
    assert.equal(
      pairingStatus({ role: 'run', qrels: 'file:///w/qrels/dev%20set.qrels' }, shown)?.text,
      '$(references) qrels: dev set.qrels',
    );
  });

  it("warns of a run without qrels, with the server's message", () => {
    assert.deepEqual(pairingStatus({ role: 'run', message: 'No rule of ranklens.config.json matches runs/new.run.' }, shown), {
      text: '$(warning) no qrels',
      tooltip: 'No rule of ranklens.config.json matches runs/new.run. Click to pick the qrels for this run.',
    });
    assert.equal(
      pairingStatus({ role: 'run' }, shown)?.tooltip,
      'No qrels rule of ranklens.config.json pairs this run, so it is not evaluated. Click to pick the qrels for this run.',
    );
  });

  it('shows nothing for qrels and other files', () => {
    assert.equal(pairingStatus({ role: 'qrels' }, shown), undefined);
    assert.equal(pairingStatus({ role: 'none' }, shown), undefined);
  });
});
