/**
 * The fixtures the suite writes into the workspace, with their values worked out by hand. Each check
 * writes the file it needs (a fresh copy), so the checks do not depend on one another's edits.
 */
import * as vscode from 'vscode';

/**
 * Two cases whose values all differ, so a lens showing another's text is caught.
 * q1 (line 4, 0-based): relevant a, b; predicted a, c, b: P@3 = 2/3 = 0.667, R@3 = 2/2 = 1.000.
 * q2 (line 9): relevant a, b, c, d; predicted a, x, y: P@3 = 1/3 = 0.333, R@3 = 1/4 = 0.250.
 * Means: P@3 = (0.667 + 0.333) / 2 = 0.500, R@3 = (1 + 0.25) / 2 = 0.625.
 */
export const SIMPLE = `{
  "k": 3,
  "metrics": ["P@3", "R@3"],
  "cases": {
    "q1": {
      "labels": ["a", "b"],
      "predictions": ["a", "c", "b"],
      "expect": { "P@3": 0.667, "R@3": 1 }
    },
    "q2": {
      "labels": ["a", "b", "c", "d"],
      "predictions": ["a", "x", "y"]
    }
  }
}
`;

/**
 * The same case with three mistakes: the cutoff 3 listed twice (duplicate-cutoff, on the second 3), a
 * misspelt metric (unknown-metric, on "nDGC@3") and a wrong expect value (expect-mismatch, on 0.5:
 * P@3 is 2/3).
 */
export const FLAWED = `{
  "k": [3, 3],
  "metrics": ["P@3", "R@3", "nDGC@3"],
  "cases": {
    "q1": {
      "labels": ["a", "b"],
      "predictions": ["a", "c", "b"],
      "expect": { "P@3": 0.5, "R@3": 1 }
    }
  }
}
`;

/**
 * No k: the ranklens.defaultCutoffs setting decides the cutoffs of the metrics listed "at every k".
 * At the default [1, 3, 5, 10]: P@3 = 0.667, and k = 10 exceeds the three predictions
 * (k-exceeds-predictions). At [2]: P@2 = 1/2 = 0.500, R@2 = 1/2 = 0.500; under trec_eval, the default,
 * AP@2 = 1/2 = 0.500 (over both relevant labels) and nDCG@2 = 1 / (1 + 1/log2 3) = 0.613; under seed000
 * AP@2 = 1/1 = 1.000 (over the hits) and nDCG@2 = 1.000 (the ideal from the top 2's own grades).
 * Line 3 (0-based) holds the case.
 */
export const DEFAULTS = `{
  "metrics": ["P", "R@k", "AP@k", "nDCG@k"],
  "cases": {
    "q1": { "labels": ["a", "b"], "predictions": ["a", "c", "b"] }
  }
}
`;

/** q1 of SIMPLE in YAML, with a wrong expect value: P@3 is 2/3, not 0.5. Line 3 holds the case. */
export const YAML = `k: 3
metrics: [P@3, R@3]
cases:
  q1:
    labels: [a, b]
    predictions: [a, c, b]
    expect: { P@3: 0.5 }
`;

/** The workspace folder the runner opened (a copy of examples/). */
export function workspaceUri(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open');
  return folder.uri;
}

/**
 * Writes `text` as api-suite/NAME in the workspace (through the workspace file system, so it works
 * for a remote extension host too) and opens it in an editor.
 */
export async function openFixture(name: string, text: string): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.joinPath(workspaceUri(), 'api-suite', name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const doc = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(doc);
}

/** The range of the `nth` occurrence (from 1) of `needle` in the document. */
export function rangeOf(doc: vscode.TextDocument, needle: string, nth = 1): vscode.Range {
  const text = doc.getText();
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`${JSON.stringify(needle)} (#${nth}) is not in ${doc.uri.path}`);
  }
  return new vscode.Range(doc.positionAt(at), doc.positionAt(at + needle.length));
}
