/**
 * The open documents, kept in sync incrementally, with a log of where each edit landed so that
 * offsets computed on an older version (the last text that parsed) can be moved to the current one.
 */
import { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';

/** An edit in offsets of the text it applied to: [start, end) became `length` characters. */
export interface Edit {
  /** The document version this edit produced. */
  version: number;
  start: number;
  end: number;
  length: number;
}

export interface OpenDocument {
  text: TextDocument;
  edits: Edit[];
}

/** Keeps an edit log no longer than this; older offsets are moved only approximately. */
const MAX_EDITS = 10_000;

export class OpenDocuments {
  private docs = new Map<string, OpenDocument>();

  open(uri: string, languageId: string, version: number, text: string): OpenDocument {
    const doc = { text: TextDocument.create(uri, languageId, version, text), edits: [] };
    this.docs.set(uri, doc);
    return doc;
  }

  /** Applies the changes one by one, logging the offsets each touched in the text before it. */
  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): OpenDocument | undefined {
    const doc = this.docs.get(uri);
    if (!doc) return undefined;
    for (const change of changes) {
      const before = doc.text;
      const edit =
        'range' in change
          ? { version, start: before.offsetAt(change.range.start), end: before.offsetAt(change.range.end), length: change.text.length }
          : { version, start: 0, end: before.getText().length, length: change.text.length };
      doc.edits.push(edit);
      doc.text = TextDocument.update(before, [change], version);
    }
    if (doc.edits.length > MAX_EDITS) doc.edits.splice(0, doc.edits.length - MAX_EDITS);
    return doc;
  }

  close(uri: string): void {
    this.docs.delete(uri);
  }

  get(uri: string): OpenDocument | undefined {
    return this.docs.get(uri);
  }

  uris(): string[] {
    return [...this.docs.keys()];
  }

  /** Forgets edits older than a version nobody maps from any more. */
  trim(uri: string, version: number): void {
    const doc = this.docs.get(uri);
    if (doc) doc.edits = doc.edits.filter((e) => e.version > version);
  }
}

/** Where an offset of an older text is after the edits (applied in order); inside an edit it sticks to the edit's start. */
export function moveOffset(offset: number, edits: readonly Edit[]): number {
  let o = offset;
  for (const e of edits) {
    if (o >= e.end) o += e.length - (e.end - e.start);
    else if (o > e.start) o = e.start;
  }
  return o;
}

/** The edits made after a version. */
export function editsSince(doc: OpenDocument, version: number): Edit[] {
  return doc.edits.filter((e) => e.version > version);
}
