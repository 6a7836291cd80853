/**
 * Finds module-level mutable state in TypeScript sources: what a module keeps between calls where no
 * caller can see it. Scratch buffers belong to an object the caller owns and passes in; constant
 * tables say so in their type. Flagged, at the top level of a file:
 * - a `let` or `var`;
 * - a `const` whose value can change: its type, as written or else as inferred, is a mutable container
 *   (an array, Map, Set, WeakMap, typed array, ArrayBuffer, Date, an object with a writable property
 *   or index signature, a class instance with fields), or a regular expression with the g or y flag
 *   (its lastIndex is state). Accepted: primitives, functions, `as const` values, and a type written
 *   read-only (ReadonlyMap, ReadonlySet, readonly T[], ReadonlyArray, ArrayLike, Readonly<…>);
 * - a class's static field that is not readonly, or whose value can change as above.
 * The type checker infers what a call returns, so `const cache = makeCache()` is found too.
 */
import * as ts from 'typescript';

export interface ModuleState {
  /** The file, as given to the checker. */
  file: string;
  /** 1-based line of the declaration. */
  line: number;
  /** The variable, or Class.field. */
  name: string;
  /** Why it is state: "let", "var", or the mutable type. */
  why: string;
}

// Types whose instances can be written to through the value itself.
const MUTABLE_TYPES: ReadonlySet<string> = new Set([
  'Array',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'Date',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
]);
// Read-only views: no member writes.
const READONLY_TYPES: ReadonlySet<string> = new Set([
  'ReadonlyArray',
  'ReadonlyMap',
  'ReadonlySet',
  'ArrayLike',
  'Iterable',
  'Readonly',
  'RegExp',
]);
// What a type written as one of these names reads as.
const READONLY_WRITTEN: ReadonlySet<string> = new Set(['ReadonlyArray', 'ReadonlyMap', 'ReadonlySet', 'ArrayLike', 'Readonly']);

/** Module-level state in the given files of a program. */
export function moduleStateIn(program: ts.Program, files: readonly string[]): ModuleState[] {
  const checker = program.getTypeChecker();
  const found: ModuleState[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not in the program: ${file}`);
    const add = (node: ts.Node, name: string, why: string) => {
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, name, why });
    };
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        const flags = statement.declarationList.flags;
        const keyword =
          flags & ts.NodeFlags.Let ? 'let' : flags & ts.NodeFlags.Const ? 'const' : flags & ts.NodeFlags.Using ? 'using' : 'var';
        if (statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
        for (const d of statement.declarationList.declarations) {
          const name = d.name.getText(source);
          if (keyword !== 'const') {
            add(d, name, keyword);
            continue;
          }
          const why = mutableValue(checker, d.type, d.initializer, d.name);
          if (why) add(d, name, why);
        }
      } else if (ts.isClassDeclaration(statement)) {
        const className = statement.name?.text ?? 'default';
        for (const member of statement.members) {
          if (!ts.isPropertyDeclaration(member) || !member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) continue;
          const name = `${className}.${member.name.getText(source)}`;
          if (!member.modifiers.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword)) {
            add(member, name, 'static field, not readonly');
            continue;
          }
          const why = mutableValue(checker, member.type, member.initializer, member.name);
          if (why) add(member, name, why);
        }
      }
    }
  }
  return found;
}

/** Module-level state in sources given as text (file name → text), for testing the checker itself. */
export function moduleStateOfSources(sources: Readonly<Record<string, string>>): ModuleState[] {
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], strict: true, noEmit: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError) =>
    name in sources ? ts.createSourceFile(name, sources[name], language, true) : read(name, language, onError);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name in sources || exists(name);
  const files = Object.keys(sources);
  return moduleStateIn(ts.createProgram(files, options, host), files);
}

/** Why a constant's value can change, or undefined when it cannot (see the rules above). */
function mutableValue(
  checker: ts.TypeChecker,
  written: ts.TypeNode | undefined,
  initializer: ts.Expression | undefined,
  name: ts.Node,
): string | undefined {
  if (written && readonlyWritten(written)) return undefined;
  if (!written && initializer && isAsConst(initializer)) return undefined;
  const value = initializer && unwrap(initializer);
  if (value && ts.isRegularExpressionLiteral(value) && /[gy][a-z]*$/.test(value.text.slice(value.text.lastIndexOf('/')))) {
    return 'RegExp with the g or y flag (lastIndex)';
  }
  const type = written ? checker.getTypeFromTypeNode(written) : checker.getTypeAtLocation(name);
  return mutableType(checker, type);
}

/** A type written read-only: readonly T[], ReadonlyMap, ReadonlySet, ReadonlyArray, ArrayLike, Readonly<…>. */
function readonlyWritten(node: ts.TypeNode): boolean {
  if (ts.isParenthesizedTypeNode(node)) return readonlyWritten(node.type);
  if (ts.isTypeOperatorNode(node)) return node.operator === ts.SyntaxKind.ReadonlyKeyword;
  if (ts.isTypeReferenceNode(node)) return READONLY_WRITTEN.has(node.typeName.getText());
  return false;
}

function isAsConst(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node)) return isAsConst(node.expression);
  return ts.isAsExpression(node) && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const';
}

function unwrap(node: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
    node = node.expression;
  return node;
}

/** Why values of this type can be written to, or undefined. */
function mutableType(checker: ts.TypeChecker, type: ts.Type): string | undefined {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'a value of type any or unknown';
  if (type.isUnionOrIntersection()) {
    for (const t of type.types) {
      const why = mutableType(checker, t);
      if (why) return why;
    }
    return undefined;
  }
  if (!(type.flags & ts.TypeFlags.Object)) return undefined;
  const name = type.getSymbol()?.getName() ?? type.aliasSymbol?.getName();
  if (checker.isTupleType(type)) return ((type as ts.TypeReference).target as ts.TupleType).readonly ? undefined : 'a mutable tuple';
  if (name && READONLY_TYPES.has(name)) return undefined;
  if (name && MUTABLE_TYPES.has(name)) return `a mutable ${name}`;
  if (checker.isArrayType(type)) return 'a mutable array';
  // A function (or a class itself): its properties are not state.
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) return undefined;
  for (const info of checker.getIndexInfosOfType(type))
    if (!info.isReadonly) return `${typeText(checker, type)}, with a writable index signature`;
  for (const property of type.getProperties()) {
    if (isMethod(property) || isReadonlyProperty(property)) continue;
    return `${typeText(checker, type)}, with a writable property ${property.getName()}`;
  }
  return undefined;
}

function typeText(checker: ts.TypeChecker, type: ts.Type): string {
  const text = checker.typeToString(type);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isMethod(symbol: ts.Symbol): boolean {
  return (symbol.flags & ts.SymbolFlags.Method) !== 0;
}

// CheckFlags.Readonly: set on the properties of `as const` values and mapped Readonly<…> types, which
// have no declaration of their own to carry the modifier.
const CHECK_FLAGS_READONLY = 1 << 3;

function isReadonlyProperty(symbol: ts.Symbol): boolean {
  const checkFlags = (ts as unknown as { getCheckFlags?: (s: ts.Symbol) => number }).getCheckFlags?.(symbol) ?? 0;
  if (checkFlags & CHECK_FLAGS_READONLY) return true;
  // A getter without a setter cannot be assigned.
  if (symbol.flags & ts.SymbolFlags.GetAccessor && !(symbol.flags & ts.SymbolFlags.SetAccessor)) return true;
  return (symbol.declarations ?? []).some((d) => (ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly) !== 0);
}
