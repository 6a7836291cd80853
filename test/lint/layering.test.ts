/**
 * The lint keeps the layering: each deliberate violation below is an error at its import, and the
 * same imports in a layer that may make them pass.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const repoRoot = join(__dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: repoRoot });

/** The messages of no-restricted-imports for `source` placed at `file`. */
async function violations(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(repoRoot, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${m.line}: ${m.message}`);
}

describe('layering lint', () => {
  it('refuses a core file that imports the fixture layer', async () => {
    assert.deepEqual(await violations('shared/core/metrics/bad.ts', "import { FixtureNode } from '../../fixture/model';\n"), [
      "1: '../../fixture/model' import is restricted from being used by a pattern. shared/core is the bottom layer: it must not import server, client, cli, features, fixture, evaluation, inference, text, curves, trec, trecdoc.",
    ]);
  });

  it('refuses a fixture file that imports evaluation or text', async () => {
    const found = await violations(
      'shared/fixture/bad.ts',
      "import { evaluateFixture } from '../evaluation/fixtureEvaluation';\nimport { caseHover } from '../text/hoverText';\n",
    );
    assert.deepEqual(
      found.map((m) => m.slice(0, 2)),
      ['1:', '2:'],
    );
  });

  it("keeps the fixture layer's folders one way: model ◀ tree ◀ schema ◀ syntax", async () => {
    assert.deepEqual(await violations('shared/fixture/model/bad.ts', "import { TreeNode } from '../tree/locatedTree';\n"), [
      "1: '../tree/locatedTree' import is restricted from being used by a pattern. shared/fixture/model is what a parse produces: it must not import server, client, cli, features, evaluation, inference, text, curves, trec, trecdoc, tree, schema, syntax, editing, files.",
    ]);
    assert.equal((await violations('shared/fixture/tree/bad.ts', "import { readFixture } from '../schema/fixtureSchema';\n")).length, 1);
    assert.equal((await violations('shared/fixture/schema/bad.ts', "import { syntaxOf } from '../syntax/syntaxes';\n")).length, 1);
    assert.equal(
      (
        await violations(
          'shared/fixture/syntax/yaml/bad.ts',
          "import { reparse } from '../../editing/incrementalParse';\nimport { fixtureLanguage } from '../../files/fixtureLanguage';\n",
        )
      ).length,
      2,
    );
    assert.equal(
      (await violations('shared/fixture/syntax/json/bad.ts', "import { hoverText } from '../../../text/hoverText';\n")).length,
      1,
    );
    assert.deepEqual(
      await violations(
        'shared/fixture/syntax/json/ok.ts',
        "import { readFixture } from '../../schema/fixtureSchema';\nimport { TreeNode } from '../../tree/locatedTree';\nimport { Span } from '../../model/span';\n",
      ),
      [],
    );
    assert.deepEqual(
      await violations(
        'shared/fixture/editing/ok.ts',
        "import { parseFixture } from '../parse';\nimport { syntaxOf } from '../syntax/syntaxes';\n",
      ),
      [],
    );
  });

  it('refuses a statistics file that imports the core, and an evaluation file that imports the inference', async () => {
    assert.deepEqual(await violations('shared/stats/bad.ts', "import { fmt } from '../core/explanation';\n"), [
      "1: '../core/explanation' import is restricted from being used by a pattern. shared/stats is pure statistics on plain arrays: it must not import server, client, cli, features, core, fixture, evaluation, inference, text, curves, trec, trecdoc.",
    ]);
    assert.equal(
      (await violations('shared/evaluation/bad.ts', "import { inferFixture } from '../inference/fixtureInference';\n")).length,
      1,
    );
  });

  it('refuses vscode and LSP packages anywhere in shared/', async () => {
    const found = await violations(
      'shared/text/bad.ts',
      "import * as vscode from 'vscode';\nimport { Hover } from 'vscode-languageserver';\nimport { TextDocument } from 'vscode-languageserver-textdocument';\n",
    );
    assert.equal(found.length, 3);
    assert.match(
      found[0],
      /^1: 'vscode' import is restricted from being used by a pattern\. shared\/ is the pure core: no editor or LSP packages here\.$/,
    );
  });

  it('refuses any import in the protocol module', async () => {
    assert.equal((await violations('shared/protocol.ts', "import { Span } from './fixture/model';\n")).length, 1);
  });

  it('refuses a client file that imports the server, and a CLI file that imports either', async () => {
    assert.equal((await violations('client/bad.ts', "import { hover } from '../server/features/hover';\n")).length, 1);
    assert.equal((await violations('cli/bad.ts', "import { RanklensService } from '../server/service';\n")).length, 1);
  });

  it('refuses Node modules in shared/ outside shared/trec/node/, the seam, and accepts them there', async () => {
    assert.deepEqual(await violations('shared/trec/read/x.ts', "import { readFileSync } from 'node:fs';\n"), [
      "1: 'node:fs' import is restricted from being used by a pattern. shared/trec reads TREC files for the core: no Node modules here but node:buffer (shared/trec/node/ is the seam that uses Node).",
    ]);
    assert.equal(
      (await violations('shared/trec/evaluate/x.ts', "import { Worker } from 'worker_threads';\nimport { readFile } from 'fs/promises';\n"))
        .length,
      2,
    );
    assert.equal((await violations('shared/core/x.ts', "import { Buffer } from 'node:buffer';\n")).length, 1);
    assert.deepEqual(
      await violations('shared/trec/node/x.ts', "import { readFileSync } from 'node:fs';\nimport { Worker } from 'node:worker_threads';\n"),
      [],
    );
    assert.deepEqual(await violations('shared/trec/read/x.ts', "import { Buffer } from 'node:buffer';\n"), []);
  });

  it("keeps shared/trec's folders in layers, store/ ← read/ ← evaluate/ ← node/", async () => {
    assert.equal((await violations('shared/trec/read/x.ts', "import { TrecEvaluator } from '../evaluate/trecEvaluator';\n")).length, 1);
    assert.equal((await violations('shared/trec/store/x.ts', "import { QrelsTable } from '../read/qrelsTable';\n")).length, 1);
    assert.equal((await violations('shared/trec/evaluate/x.ts', "import { NODE_FILES } from '../node/nodeFiles';\n")).length, 1);
    assert.deepEqual(
      await violations(
        'shared/trec/evaluate/x.ts',
        "import { QrelsTable } from '../read/qrelsTable';\nimport { RunStore } from '../store/runStore';\n",
      ),
      [],
    );
  });

  it("refuses a front end that reaches past a layer's door, and accepts the door", async () => {
    const door = 'it reaches past a door: import the layer itself (e.g. ../shared/fixture, its index.ts), which names what front ends use.';
    assert.deepEqual(await violations('cli/x.ts', "import { RunReader } from '../shared/trec/read/runReader';\n"), [
      `1: '../shared/trec/read/runReader' import is restricted from being used by a pattern. cli/ is the command: ${door}`,
    ]);
    assert.deepEqual(
      await violations(
        'server/features/x.ts',
        "import { caseHover } from '../../shared/text/hoverText';\nimport { parseFixture } from '../../shared/fixture/index';\n",
      ),
      [
        `1: '../../shared/text/hoverText' import is restricted from being used by a pattern. server/ is the language server: ${door}`,
        `2: '../../shared/fixture/index' import is restricted from being used by a pattern. server/ is the language server: ${door}`,
      ],
    );
    assert.equal(
      (await violations('client/x.ts', "import { DEFAULT_FIXTURE_PATTERNS } from '../shared/fixture/files/filePatterns';\n")).length,
      1,
    );
    assert.deepEqual(
      await violations(
        'cli/x.ts',
        "import { evaluateTrec } from '../shared/trec';\nimport { fmt } from '../shared/core';\nimport { VERSION } from '../shared/version';\n",
      ),
      [],
    );
  });

  it('keeps shared/trecdoc between the text and the layers it reads: no Node, nothing above it imports it but text', async () => {
    assert.equal((await violations('shared/trecdoc/x.ts', "import { readFileSync } from 'node:fs';\n")).length, 1);
    assert.equal((await violations('shared/trecdoc/x.ts', "import { evaluateTrec } from '../trec/node/convertInput';\n")).length, 1);
    assert.equal((await violations('shared/trecdoc/x.ts', "import { lensTitle } from '../text/lensText';\n")).length, 1);
    assert.equal((await violations('shared/trec/read/x.ts', "import { readRunDocument } from '../../trecdoc/runDocument';\n")).length, 1);
    assert.equal((await violations('shared/evaluation/x.ts', "import { readRunDocument } from '../trecdoc/runDocument';\n")).length, 1);
    assert.equal((await violations('server/x.ts', "import { readRunDocument } from '../shared/trecdoc/runDocument';\n")).length, 1);
    assert.deepEqual(
      await violations(
        'shared/trecdoc/ok.ts',
        "import { FieldSplitter } from '../trec/read/fields';\nimport { fixtureSettings } from '../evaluation/fixtureSettings';\nimport { rankCase } from '../core/ranking';\n",
      ),
      [],
    );
    assert.deepEqual(await violations('shared/text/ok.ts', "import { RunEvaluation } from '../trecdoc/runEvaluation';\n"), []);
    assert.deepEqual(await violations('server/ok.ts', "import { readRunDocument } from '../shared/trecdoc';\n"), []);
  });

  it('accepts the imports each layer may make', async () => {
    assert.deepEqual(
      await violations(
        'shared/evaluation/ok.ts',
        "import { FixtureNode } from '../fixture/model';\nimport { rankCase } from '../core/ranking';\n",
      ),
      [],
    );
    assert.deepEqual(await violations('shared/text/ok.ts', "import { FixtureEvaluation } from '../evaluation/fixtureEvaluation';\n"), []);
    assert.deepEqual(
      await violations(
        'server/features/ok.ts',
        "import { Hover } from 'vscode-languageserver';\nimport { caseHover } from '../../shared/text';\n",
      ),
      [],
    );
    assert.deepEqual(
      await violations('client/ok.ts', "import * as vscode from 'vscode';\nimport { STATUS_NOTIFICATION } from '../shared/protocol';\n"),
      [],
    );
  });
});
