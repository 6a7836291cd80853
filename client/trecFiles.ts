/**
 * TREC runs and qrels as documents: the languages trec-run and trec-qrels (package.json names the
 * default file patterns), the client's selector for them, and the files the user's
 * ranklens.trec.runPatterns and ranklens.trec.qrelsPatterns add. VS Code gives a language only by the
 * patterns in package.json and files.associations; a plain-text document the settings name becomes a
 * run or qrels document here, when its first line reads as one (so notes.txt stays text even under "*.txt").
 */
import * as vscode from 'vscode';
import { DEFAULT_QRELS_PATTERNS, DEFAULT_RUN_PATTERNS, startsAsTrec, trecFileRole } from '../shared/fixture';

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

/** The client's selector for run and qrels documents, on the given schemes. */
export function trecSelector(schemes: readonly string[]): { scheme: string; language: string }[] {
  return schemes.flatMap((scheme) => [RUN_LANGUAGE, QRELS_LANGUAGE].map((language) => ({ scheme, language })));
}

/** Makes a plain-text document a run or qrels document when the settings name it and its first line reads as one. */
export async function adoptTrecDocument(document: vscode.TextDocument): Promise<void> {
  if (document.languageId !== 'plaintext') return;
  const { runs, qrels } = trecPatterns();
  const role = trecFileRole(document.uri.path, runs, qrels);
  if (!role || !startsAsTrec(document.getText(new vscode.Range(0, 0, 20, 0)), role)) return;
  await vscode.languages.setTextDocumentLanguage(document, role === 'run' ? RUN_LANGUAGE : QRELS_LANGUAGE);
}

/** Adopts the open documents now, each document opened later, and all again when the patterns change. */
export function watchTrecDocuments(): vscode.Disposable {
  const all = () => vscode.workspace.textDocuments.forEach((d) => void adoptTrecDocument(d));
  all();
  return vscode.Disposable.from(
    vscode.workspace.onDidOpenTextDocument((d) => void adoptTrecDocument(d)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('ranklens.trec')) all();
    }),
  );
}
