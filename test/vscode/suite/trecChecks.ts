/**
 * TREC runs and qrels as documents, through the VS Code API: the languages their names give them,
 * the ranklens.trec.* settings adopting a plain-text file whose first line reads as TREC, a
 * ranklens.config.json rule adopting a JSON-lines run (and, once saved, one it names later) and a
 * JSON run (but no fixture, nor other JSON), "Pick Qrels for This Run" writing its rule into
 * ranklens.config.json, and the status bar entry of a run drawn from a stubbed ranklens/trecPairing
 * answer (read off the page by the code-server runner).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Check } from './check';
import { workspaceUri } from './fixtures';
import { probe } from './report';
import { poll } from './wait';
import { StatusItem } from '../../../client/statusItem';
import type { TrecPairingResult } from '../../../shared/protocol';

const RUN = 'q1 Q0 d1 1 9.5 bm25\nq1 Q0 d2 2 8.0 bm25\n';
const QRELS = 'q1 0 d1 2\nq1 0 d2 0\n';

/** Writes api-suite/trec/PATH in the workspace and returns its URI. */
async function write(path: string, text: string): Promise<vscode.Uri> {
  const uri = vscode.Uri.joinPath(workspaceUri(), 'api-suite', 'trec', ...path.split('/'));
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  return uri;
}

/** The language of the open document at `uri`, once it is `id` (setTextDocumentLanguage replaces the document). */
function languageBecomes(uri: vscode.Uri, id: string): Promise<string> {
  const now = () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.languageId;
  return poll(`${uri.path} as ${id}`, () => (now() === id ? id : undefined), 15_000, now);
}

const statusTexts = async () => ((await probe('statusBar')) as string[]).map((t) => t.trim());

export const trecChecks: Check[] = [
  {
    name: 'runs open as trec-run (*.run, *.trec), qrels as trec-qrels (*.qrels, qrels*.txt), notes.txt as plaintext',
    async run() {
      const languages = Object.fromEntries(
        await Promise.all(
          [
            ['runs/bm25.run', RUN],
            ['runs/bm25.trec', RUN],
            ['qrels/dev.qrels', QRELS],
            ['qrels.dev.txt', QRELS],
            ['notes.txt', QRELS],
          ].map(async ([path, text]) => [path, (await vscode.workspace.openTextDocument(await write(path, text))).languageId]),
        ),
      );
      assert.deepEqual(languages, {
        'runs/bm25.run': 'trec-run',
        'runs/bm25.trec': 'trec-run',
        'qrels/dev.qrels': 'trec-qrels',
        'qrels.dev.txt': 'trec-qrels',
        // Its first line is a qrels line, but no pattern names it.
        'notes.txt': 'plaintext',
      });
    },
  },
  {
    name: 'with ranklens.trec.runPatterns naming *.txt, a .txt file of run lines becomes trec-run and notes.txt stays plaintext',
    async run() {
      const config = vscode.workspace.getConfiguration('ranklens.trec');
      const run = await write('bm25-run.txt', RUN);
      const notes = await write('more-notes.txt', 'Meeting notes\nq1 Q0 d1 1 9.5 bm25\n');
      await config.update('runPatterns', ['*.run', '*.trec', '*.txt'], vscode.ConfigurationTarget.Workspace);
      try {
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(run));
        await languageBecomes(run, 'trec-run');
        const doc = await vscode.workspace.openTextDocument(notes);
        await vscode.window.showTextDocument(doc);
        // Adopting is asynchronous: give it the time the run above took, then look again.
        await new Promise((r) => setTimeout(r, 500));
        assert.equal(vscode.workspace.textDocuments.find((d) => d.uri.toString() === notes.toString())?.languageId, 'plaintext');
      } finally {
        await config.update('runPatterns', undefined, vscode.ConfigurationTarget.Workspace);
      }
    },
  },
  {
    name: 'a runs/bm25.jsonl that a ranklens.config.json rule names opens as trec-run, and a file a rule names once the config is saved becomes one',
    async run() {
      const JSONL = '{"qid": "q1", "docid": "d1", "score": 9.5}\n{"qid": "q1", "docid": "d2", "score": 8.0}\n';
      const configUri = await write('jsonl/ranklens.config.json', '{"qrels": {"runs/*.jsonl": "qrels/test.tsv"}}\n');
      const run = await write('jsonl/runs/bm25.jsonl', JSONL);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(run));
      await languageBecomes(run, 'trec-run');
      // No rule names runs/*.ndjson yet: it keeps its language until a rule does and the config is saved.
      const late = await write('jsonl/runs/late.ndjson', JSONL);
      const before = (await vscode.workspace.openTextDocument(late)).languageId;
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(vscode.workspace.textDocuments.find((d) => d.uri.toString() === late.toString())?.languageId, before);
      assert.notEqual(before, 'trec-run');
      const config = await vscode.workspace.openTextDocument(configUri);
      const edit = new vscode.WorkspaceEdit();
      edit.replace(
        configUri,
        new vscode.Range(0, 0, config.lineCount, 0),
        '{"qrels": {"runs/*.jsonl": "qrels/test.tsv", "runs/*.ndjson": "qrels/test.tsv"}}\n',
      );
      await vscode.workspace.applyEdit(edit);
      await config.save();
      await languageBecomes(late, 'trec-run');
    },
  },
  {
    name: "a runs/bm25.json ({qid: {docid: score}}, as ranx writes it) that a rule names opens as trec-run; a fixture and other JSON the rule's glob names keep their language",
    async run() {
      await write('json/ranklens.config.json', '{"qrels": {"runs/*.json": "qrels/test.json"}}\n');
      const run = await write('json/runs/bm25.json', '{\n  "q1": {\n    "d1": 9.5,\n    "d2": 8.0\n  }\n}\n');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(run));
      await languageBecomes(run, 'trec-run');
      // A fixture whose text would read as a run, and JSON whose values are not objects of numbers.
      const fixture = await write('json/runs/case.rank.json', '{"q1": {"d1": 1}}\n');
      const meta = await write('json/runs/meta.json', '{"name": "bm25", "k1": 0.9}\n');
      const before = await Promise.all([fixture, meta].map(async (u) => (await vscode.workspace.openTextDocument(u)).languageId));
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual(
        [fixture, meta].map((u) => vscode.workspace.textDocuments.find((d) => d.uri.toString() === u.toString())?.languageId),
        before,
      );
      assert.ok(!before.includes('trec-run'));
    },
  },
  {
    name: 'ranklens.pickQrels writes the rule first into the nearest ranklens.config.json, comments kept, and saves it',
    async run() {
      const configUri = await write(
        'ranklens.config.json',
        '{\n  // the team\'s runs\n  "defaultConvention": "trec_eval",\n  "qrels": {"runs/*.run": "qrels/old.qrels"}\n}\n',
      );
      const run = await write('runs/bm25.run', RUN);
      const qrels = await write('qrels/dev.qrels', QRELS);
      const edited = await vscode.commands.executeCommand<vscode.Uri>('ranklens.pickQrels', run, qrels, 'run');
      assert.equal(edited?.toString(), configUri.toString());
      const expected =
        '{\n  // the team\'s runs\n  "defaultConvention": "trec_eval",\n  "qrels": {\n    "runs/bm25.run": "qrels/dev.qrels",\n    "runs/*.run": "qrels/old.qrels"\n  }\n}\n';
      const doc = await vscode.workspace.openTextDocument(configUri);
      assert.equal(doc.getText(), expected);
      assert.equal(doc.isDirty, false, 'saved');
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(configUri)), expected);
      // The same choice again changes nothing. The folder's rule gets dev.qrels, and moves first: the
      // run's own rule before it would otherwise stay the one in force.
      await vscode.commands.executeCommand('ranklens.pickQrels', run, qrels, 'run');
      assert.equal(doc.getText(), expected);
      await vscode.commands.executeCommand('ranklens.pickQrels', run, qrels, 'folder');
      assert.equal(
        doc.getText(),
        '{\n  // the team\'s runs\n  "defaultConvention": "trec_eval",\n  "qrels": {\n    "runs/*.run": "qrels/dev.qrels",\n    "runs/bm25.run": "qrels/dev.qrels"\n  }\n}\n',
      );
    },
  },
  {
    name: 'ranklens.pickQrels makes ranklens.config.json at the workspace root when no configuration is in force',
    async run() {
      const root = vscode.Uri.joinPath(workspaceUri(), 'ranklens.config.json');
      const run = vscode.Uri.joinPath(workspaceUri(), 'api-suite', 'unpaired', 'x.trec');
      await vscode.workspace.fs.writeFile(run, new TextEncoder().encode(RUN));
      const qrels = await write('qrels/dev.qrels', QRELS);
      try {
        await vscode.commands.executeCommand('ranklens.pickQrels', run, qrels, 'folder');
        assert.equal(
          new TextDecoder().decode(await vscode.workspace.fs.readFile(root)),
          '{\n  "qrels": {\n    "api-suite/unpaired/*.trec": "api-suite/trec/qrels/dev.qrels"\n  }\n}',
        );
      } finally {
        await vscode.workspace.fs.delete(root);
      }
    },
  },
];

/** The status bar is read off the page, which only the code-server runner can. */
export const trecStatusChecks: Check[] = [
  {
    name: "the status bar names a run's qrels from a stubbed ranklens/trecPairing answer, and warns when there is none",
    async run() {
      let answer: TrecPairingResult = {
        role: 'run',
        qrels: vscode.Uri.joinPath(workspaceUri(), 'stubbed.qrels').toString(),
        config: vscode.Uri.joinPath(workspaceUri(), 'ranklens.config.json').toString(),
        glob: 'runs/*.run',
      };
      const asked: string[] = [];
      const item = new StatusItem(
        [{ pattern: '**/*.none' }],
        async (uri) => {
          asked.push(uri);
          return answer;
        },
        'ranklens-api-suite',
      );
      try {
        const run = await write('runs/status.run', RUN);
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(run));
        item.refresh();
        let seen: string[] = [];
        await poll(
          'qrels: stubbed.qrels in the status bar',
          async () => ((seen = await statusTexts()).includes('qrels: stubbed.qrels') ? true : undefined),
          15_000,
          () => seen,
        );
        assert.equal(asked.at(-1), run.toString());
        answer = { role: 'run', message: 'No rule matches.' };
        item.refresh();
        await poll(
          'no qrels in the status bar',
          async () => ((seen = await statusTexts()).includes('no qrels') ? true : undefined),
          15_000,
          () => seen,
        );
      } finally {
        item.dispose();
      }
    },
  },
];
