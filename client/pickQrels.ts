/**
 * "Ranklens: Pick Qrels for This Run": for the active run (or the run clicked in the explorer), the
 * qrels files of the workspace (named as ranklens.trec.qrelsPatterns says, or browsed to), then the
 * runs the choice is for (this run, or its folder's runs), written as a rule of the `qrels` key of the
 * nearest ranklens.config.json (created at the workspace folder's root when there is none). The edit
 * goes through workspace.applyEdit, so it can be undone, and the file is saved: the server watches
 * configurations and pairs the run again.
 */
import * as vscode from 'vscode';
import { CONFIG_FILE, qrelsRuleEdit, relativePath, runGlobChoices } from '../shared/evaluation';
import { nearestConfig } from './projectConfigFile';
import { RUN_LANGUAGE, trecPatterns } from './trecFiles';

/** Folders no qrels search walks into (as the workspace file scan skips them). */
const EXCLUDE = '**/{node_modules,.git,.hg,.svn,dist,out}/**';

/**
 * The command; resolves with the configuration it edited, undefined when the user stopped. A caller
 * may give the qrels and which runs (`run`: this one, `folder`: its folder's) instead of asking; the
 * explorer gives the clicked file and the selection.
 */
export async function pickQrels(clicked?: vscode.Uri, given?: unknown, runs?: unknown): Promise<vscode.Uri | undefined> {
  const active = vscode.window.activeTextEditor?.document;
  const run = clicked instanceof vscode.Uri ? clicked : active?.languageId === RUN_LANGUAGE ? active.uri : undefined;
  if (!run) {
    void vscode.window.showInformationMessage('Ranklens: open a run file (.run, .trec) to pick its qrels.');
    return undefined;
  }
  const qrels = given instanceof vscode.Uri ? given : await chooseQrels(run);
  if (!qrels) return undefined;
  const target = await configFor(run);
  const configDir = target.uri.path.replace(/\/[^/]*$/, '');
  const choices = runGlobChoices(configDir, run.path);
  const folder = choices.folder.replace(/\/?[^/]*$/, '') || '.';
  const globPick =
    runs === 'run' || runs === 'folder'
      ? { label: choices[runs] }
      : await vscode.window.showQuickPick(
          [
            { label: choices.run, description: 'this run only' },
            { label: choices.folder, description: `every ${choices.folder.slice(choices.folder.lastIndexOf('/') + 1)} in ${folder}` },
          ],
          { title: `Ranklens: the runs ${vscode.workspace.asRelativePath(qrels)} judges`, placeHolder: `A rule of ${shown(target.uri)}` },
        );
  if (!globPick) return undefined;
  const rule = { glob: globPick.label, qrels: relativePath(configDir, qrels.path) };
  const edit = qrelsRuleEdit(target.text, rule, choices.run, target.under);
  if (!edit) {
    void vscode.window.showInformationMessage(`Ranklens: ${shown(target.uri)} pairs "${rule.glob}" with ${rule.qrels} already.`);
    return target.uri;
  }
  const workspaceEdit = new vscode.WorkspaceEdit();
  if (!target.exists) workspaceEdit.createFile(target.uri, { ignoreIfExists: true });
  const document = target.exists ? await vscode.workspace.openTextDocument(target.uri) : undefined;
  const range = document
    ? new vscode.Range(document.positionAt(edit.span.start), document.positionAt(edit.span.end))
    : new vscode.Range(0, 0, 0, 0);
  workspaceEdit.replace(target.uri, range, edit.newText, { label: 'Pair the run with its qrels', needsConfirmation: false });
  if (!(await vscode.workspace.applyEdit(workspaceEdit))) {
    void vscode.window.showErrorMessage(`Ranklens: ${shown(target.uri)} could not be edited.`);
    return undefined;
  }
  await (await vscode.workspace.openTextDocument(target.uri)).save();
  void vscode.window
    .showInformationMessage(`Ranklens: "${rule.glob}": "${rule.qrels}" written to ${shown(target.uri)}.`, 'Open')
    .then((open) => open && vscode.window.showTextDocument(target.uri));
  return target.uri;
}

/** The qrels files of the workspace by name, and Browse… for any other file. */
async function chooseQrels(run: vscode.Uri): Promise<vscode.Uri | undefined> {
  const names = trecPatterns().qrels.map((p) => p.replace(/^(\*\*\/)+/, ''));
  const found = names.length > 0 ? await vscode.workspace.findFiles(`**/{${names.join(',')}}`, EXCLUDE, 2000) : [];
  const items: (vscode.QuickPickItem & { uri?: vscode.Uri })[] = found
    .map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri }))
    .sort((a, b) => a.label.localeCompare(b.label));
  items.push({ label: 'Browse…', description: 'any qrels file' });
  const picked = await vscode.window.showQuickPick(items, {
    title: `Ranklens: the qrels for ${vscode.workspace.asRelativePath(run)}`,
    placeHolder: found.length > 0 ? 'A qrels file of the workspace' : 'No file of the workspace is named as qrels: browse',
  });
  if (!picked) return undefined;
  if (picked.uri) return picked.uri;
  const browsed = await vscode.window.showOpenDialog({
    canSelectMany: false,
    defaultUri: vscode.workspace.getWorkspaceFolder(run)?.uri,
    openLabel: 'Use these qrels',
    title: `Ranklens: the qrels for ${vscode.workspace.asRelativePath(run)}`,
  });
  return browsed?.[0];
}

/** The configuration to write the rule into: the nearest in force, else a new ranklens.config.json at the workspace folder's root. */
async function configFor(run: vscode.Uri): Promise<{ uri: vscode.Uri; text: string; under: string[]; exists: boolean }> {
  const found = await nearestConfig(run);
  if (found) return { uri: found.uri, text: found.text, under: found.source === 'package.json' ? ['ranklens'] : [], exists: true };
  const root = vscode.workspace.getWorkspaceFolder(run)?.uri ?? vscode.Uri.joinPath(run, '..');
  return { uri: vscode.Uri.joinPath(root, CONFIG_FILE), text: '', under: [], exists: false };
}

const shown = (uri: vscode.Uri) => vscode.workspace.asRelativePath(uri);
