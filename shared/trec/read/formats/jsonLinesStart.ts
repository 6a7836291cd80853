/**
 * How JSON lines are told from one JSON value whose text starts with "{": the CLI (inputFormat.ts)
 * and the editor (trecdoc/jsonTable.ts) decide by this one rule, so a file is never read as one
 * format in the terminal and as another in the editor.
 */
import { chooseColumns } from './columnNames';

// Python's json.dumps writes NaN and ±Infinity bare; they stand for a plain value here.
const PYTHON_NUMBERS = '([:,[]\\s*)-?(?:NaN|Infinity)(?=\\s*[,}\\]])';

/**
 * Whether a first line (the head's, when the line is longer) is one JSON-lines row: a whole object
 * whose keys name a query and a document column (other keys may hold anything), or whose values are
 * all plain; an object of objects such as {"q1": {"d1": 1}} is one JSON object, even on one line.
 */
export function isJsonLinesStart(firstLine: string): boolean {
  let first: unknown;
  try {
    first = JSON.parse(firstLine.replace(new RegExp(PYTHON_NUMBERS, 'g'), '$1null'));
  } catch {
    return false;
  }
  if (typeof first !== 'object' || first === null || Array.isArray(first)) return false;
  const keys = Object.keys(first);
  if (typeof chooseColumns(keys, 'run') !== 'string' || typeof chooseColumns(keys, 'qrels') !== 'string') return true;
  return Object.values(first).every((v) => typeof v !== 'object' || v === null);
}
