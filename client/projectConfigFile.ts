/**
 * The project configuration in force for a file, read through the VS Code API (so also in a web
 * workspace): the nearest folder above it with ranklens.config.json or a package.json with a
 * `ranklens` key, as shared/evaluation's findProjectConfig decides. An open document's text wins over
 * the file on disk.
 */
import * as vscode from 'vscode';
import { CONFIG_FILE, FoundConfig, findProjectConfig } from '../shared/evaluation';

/** The configuration for `file`, with its URI and the text it was read from; undefined when no folder above holds one. */
export async function nearestConfig(file: vscode.Uri): Promise<(FoundConfig & { uri: vscode.Uri; text: string }) | undefined> {
  const texts = new Map<string, string>();
  for (let dir = vscode.Uri.joinPath(file, '..'); ; dir = vscode.Uri.joinPath(dir, '..')) {
    for (const name of [CONFIG_FILE, 'package.json']) {
      const text = await readText(vscode.Uri.joinPath(dir, name));
      if (text !== undefined) texts.set(vscode.Uri.joinPath(dir, name).path, text);
    }
    if (vscode.Uri.joinPath(dir, '..').path === dir.path) break;
  }
  const found = findProjectConfig(file.path, (p) => texts.get(p));
  return found && { ...found, uri: file.with({ path: found.path }), text: texts.get(found.path)! };
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined; // no such file here: the caller looks further up
  }
}
