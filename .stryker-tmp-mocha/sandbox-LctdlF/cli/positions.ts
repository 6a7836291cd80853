/**
 * Spans (UTF-16 offsets) to positions, the way LSP counts them: 0-based lines and UTF-16
 * characters, a line ending at "\n", "\r\n" or "\r". The text output adds 1 to both.
 */
// @ts-nocheck


export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/** Converts offsets of one text to positions; built once per text, then a binary search per offset. */
export class LineIndex {
  private starts: number[] = [0];

  constructor(private text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */ && text.charCodeAt(i + 1) === 10) continue; // "\r\n" ends at its "\n"
      if (c === 10 || c === 13) this.starts.push(i + 1);
    }
  }

  /** The position of an offset (clamped to the text). */
  position(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: at - this.starts[lo] };
  }

  range(span: { start: number; end: number }): Range {
    return { start: this.position(span.start), end: this.position(span.end) };
  }
}
