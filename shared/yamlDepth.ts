/**
 * Nesting depth of a YAML document, measured on the CST before composing it. The `yaml` composer
 * recurses once per level, and a deep enough document overflows the stack; near the limit V8 can
 * even abort the process while compiling a regular expression. So deep documents are never composed.
 */
import { CST, Lexer } from 'yaml';

/** The offset of the first collection nested deeper than maxDepth, or undefined when there is none. */
export function tooDeepAt(doc: CST.Document, maxDepth: number): number | undefined {
  // An explicit stack: this walk must not recurse either.
  const stack: [CST.Token, number][] = doc.value ? [[doc.value, 0]] : [];
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (!isCollection(token)) continue;
    if (depth + 1 > maxDepth) return token.offset;
    for (const item of token.items) {
      if (item.key) stack.push([item.key, depth + 1]);
      if (item.value) stack.push([item.value, depth + 1]);
    }
  }
  return undefined;
}

function isCollection(token: CST.Token): token is CST.BlockMap | CST.BlockSequence | CST.FlowCollection {
  return token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection';
}

/**
 * Where an upper bound of the nesting depth first passes limit, from the lexer alone (which does not
 * recurse), or undefined. The `yaml` CST parser itself recurses per open collection when it closes
 * many at once, so a text past this bound is never given to it. Block collections need a deeper
 * column for each pair of levels (a list can sit at its parent key's column), and compact ones
 * ("- - - x", "? - x") open at their indicator's column, so 2 × column + 4 bounds the block levels;
 * flow brackets add one level each.
 */
export function nestingBoundExceededAt(text: string, limit: number): number | undefined {
  let offset = 0;
  let column = 0;
  let lineHasContent = false;
  let flow = 0;
  let maxFlow = 0;
  let maxBlock = 0;
  let skipScalar = false;
  for (const token of new Lexer().lex(text)) {
    if (isControl(token)) {
      if (token === SCALAR) skipScalar = true;
      continue;
    }
    // The text of a scalar is one token, whatever brackets or dashes it holds.
    const isText = skipScalar;
    skipScalar = false;
    const start = offset;
    offset += token.length;
    const content = isText || token.trim() !== '';
    const indicator = !isText && (token === '-' || token === '?');
    if (flow === 0 && content && (indicator || !lineHasContent)) maxBlock = Math.max(maxBlock, 2 * column + 4);
    if (!isText && (token === '[' || token === '{')) maxFlow = Math.max(maxFlow, ++flow);
    else if (!isText && (token === ']' || token === '}')) flow = Math.max(0, flow - 1);
    if (content && !indicator) lineHasContent = true;
    const newline = token.lastIndexOf('\n');
    if (newline >= 0) {
      column = token.length - newline - 1;
      lineHasContent = content && column > 0;
    } else column += token.length;
    if (maxBlock + maxFlow > limit) return start;
  }
  return undefined;
}

const SCALAR = '\u001f';

// The lexer's own markers (document start, scalar follows, flow end) are not source text.
function isControl(token: string): boolean {
  return token.length === 1 && token.charCodeAt(0) < 0x20 && token !== '\n' && token !== '\t' && token !== '\r';
}
