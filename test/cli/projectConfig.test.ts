/**
 * ranklens.config.json from the command line: the nearest enclosing one applies, a fixture's own
 * keys win over it, --convention over it, and its severities shape the report. The protocol test
 * test/protocol/projectConfig.test.ts opens the same files in the server and reads the same numbers.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ranklens, tempFiles } from './ranklens';
import { CONFIG_FIXTURE, CONFIG_FIXTURE_OWN, PROJECT_CONFIG } from '../fixtures/projectConfig';

describe('ranklens check with ranklens.config.json', () => {
  const dir = tempFiles({
    'ranklens.config.json': PROJECT_CONFIG,
    'sub/deep/plain.rank.yaml': CONFIG_FIXTURE,
    'sub/own.rank.yaml': CONFIG_FIXTURE_OWN,
  });

  it('applies the nearest enclosing config: its convention, cutoffs and severities', () => {
    const r = ranklens(['check', join(dir, 'sub', 'deep', 'plain.rank.yaml')]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /plain\.rank\.yaml — convention seed000 \(ranklens\.config\.json\)/);
    // seed000 divides AP by the hits (1): 0.500 at both cutoffs; P@2 = 1/2, P@3 = 1/3.
    assert.match(r.stdout, /^case\s+P@2\s+P@3\s+AP@2\s+AP@3$/m);
    assert.match(r.stdout, /^u1\s+0\.500\s+0\.333\s+0\.500\s+0\.500$/m);
    // k-exceeds-predictions is off in the config; without it the file would carry that note.
    assert.match(r.stdout, /1 file: 0 errors, 0 warnings, 0 notes — ok/);
  });

  it("lets the fixture's own convention win over the config, and --convention over the config", () => {
    const own = ranklens(['check', join(dir, 'sub', 'own.rank.yaml')]);
    assert.match(own.stdout, /own\.rank\.yaml — convention trec_eval \(fixture\)/);
    // trec_eval divides AP@2 by the 3 relevant labels: (1/2) / 3 = 0.167.
    assert.match(own.stdout, /^u1\s+0\.500\s+0\.333\s+0\.167\s+0\.167$/m);
    assert.match(own.stdout, /0 errors, 0 warnings, 0 notes/, "the config's severities apply to the fixture with its own convention too");
    const flag = ranklens(['check', join(dir, 'sub', 'deep', 'plain.rank.yaml'), '--convention', 'trec_eval']);
    assert.match(flag.stdout, /plain\.rank\.yaml — convention trec_eval \(--convention\)/);
    const forced = ranklens(['check', join(dir, 'sub', 'own.rank.yaml'), '--force-convention', 'seed000']);
    assert.match(forced.stdout, /own\.rank\.yaml — convention seed000 \(--force-convention\)/);
    assert.match(forced.stdout, /^u1\s+0\.500\s+0\.333\s+0\.500\s+0\.500$/m);
  });

  it('reads a "ranklens" key in package.json, and says what in a config it ignores', () => {
    const pkg = tempFiles({
      'package.json': JSON.stringify({ name: 'x', ranklens: { defaultConvention: 'seed000', defaultCutoffs: [2, 3], colour: 1 } }),
      'a.rank.yaml': CONFIG_FIXTURE,
    });
    const r = ranklens(['check', join(pkg, 'a.rank.yaml')]);
    assert.match(r.stdout, /a\.rank\.yaml — convention seed000 \(package\.json\)/);
    assert.match(r.stdout, /^u1\s+0\.500\s+0\.333\s+0\.500\s+0\.500$/m);
    // No k in the fixture (the config's cutoffs): the note stays on the case's predictions.
    assert.match(
      r.stdout,
      /a\.rank\.yaml:5:18 hint k-exceeds-predictions k = 3 is larger than the 2 predictions/,
      'no severity in this config: the note is back',
    );
    assert.equal(
      r.stderr,
      `${join(pkg, 'package.json')}: Unknown key "colour"; keys: defaultConvention, benchmark, defaultCutoffs, headlineMetrics, severity, qrels.\n`,
    );
  });
});
