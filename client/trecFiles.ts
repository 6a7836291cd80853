/**
 * TREC runs and qrels as documents: the languages trec-run and trec-qrels (package.json names the
 * default file patterns), the client's selector for them, and the files the user's
 * ranklens.trec.runPatterns and ranklens.trec.qrelsPatterns or a `qrels` rule of ranklens.config.json
 * add. VS Code gives a language only by the patterns in package.json and files.associations; a
 * plain-text, CSV, TSV or JSON(-lines) document so named becomes a run or qrels document here when its
 * text reads as one, a TREC line or a table of that role (shared/trecdoc's namedTrecRole, the server's
 * rule), so notes.txt stays text even under "*.txt".
 */
import * as vscode from 'vscode';
import { DEFAULT_QRELS_PATTERNS, DEFAULT_RUN_PATTERNS } from '../shared/fixture';
import { CONFIG_FILE } from '../shared/evaluation';
import { ColumnMap, columnMapOf, namedTrecRole } from '../shared/trecdoc';
import { nearestConfig } from './projectConfigFile';

export const RUN_LANGUAGE = 'trec-run';
export const QRELS_LANGUAGE = 'trec-qrels';

/** The run and qrels patterns in force: the settings, else the defaults. */
export function trecPatterns(): { runs: string[]; qrels: string[] } {
  const config = vscode.workspace.getConfiguration('ranklens.trec');
  return {
    runs: config.get<string[]>('runPatterns') ?? [...DEFAULT_RUN_PATTERNS],
    qrels: config.get<string[]>('qrelsPatterns') ?? [...DEFAULT_QRELS_PATTERNS],
  };
}

/** The columns of each role in TSV, CSV and JSON runs and qrels (ranklens.trec.columns), as the server reads them. */
export function trecColumns(): ColumnMap {
  return columnMapOf(vscode.workspace.getConfiguration('ranklens.trec').get('columns'));
}

/** The client's selector for run and qrels documents, on the given schemes. */
export function trecSelector(schemes: readonly string[]): { scheme: string; language: string }[] {
  return schemes.flatMap((scheme) => [RUN_LANGUAGE, QRELS_LANGUAGE].map((language) => ({ scheme, language })));
}

// The languages VS Code (or an extension) gives the files adopted here; any other stays as it is.
const ADOPTABLE = new Set(['plaintext', 'csv', 'tsv', 'jsonl', 'json']);

/**
 * Makes a plain-text, CSV, TSV or JSON(-lines) document a run or qrels document when the patterns or
 * a `qrels` rule of its configuration name it and its first lines read as one.
 */
export async function adoptTrecDocument(document: vscode.TextDocument): Promise<void> {
  if (!ADOPTABLE.has(document.languageId)) return;
  const text = document.getText(new vscode.Range(0, 0, 20, 0));
  // Only a saved file is paired through ranklens.config.json, as the server reads it.
  const config = document.uri.scheme === 'file' ? await nearestConfig(document.uri) : undefined;
  const role = namedTrecRole(document.uri.path, text, trecPatterns(), config, trecColumns());
  if (!role || document.isClosed) return;
  await vscode.languages.setTextDocumentLanguage(document, role === 'run' ? RUN_LANGUAGE : QRELS_LANGUAGE);
}

/** Adopts the open documents now, each document opened later, and all again when the patterns or columns change or a configuration is saved. */
export function watchTrecDocuments(): vscode.Disposable {
  const all = () => vscode.workspace.textDocuments.forEach((d) => void adoptTrecDocument(d));
  all();
  return vscode.Disposable.from(
    vscode.workspace.onDidOpenTextDocument((d) => void adoptTrecDocument(d)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('ranklens.trec')) all();
    }),
    vscode.workspace.onDidSaveTextDocument((d) => {
      const name = d.uri.path.slice(d.uri.path.lastIndexOf('/') + 1);
      if (name === CONFIG_FILE || name === 'package.json') all();
    }),
  );
}
