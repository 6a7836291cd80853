/**
 * No hidden shared state in shared/: nothing at a module's top level that a call can change and the
 * next call see (scratch buffers belong to an object the caller owns and passes in; constant tables
 * have a read-only type). The checker (test/helpers/moduleState.ts) is tested first on small sources.
 */
import { strict as assert } from 'node:assert';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import * as ts from 'typescript';
import { ModuleState, moduleStateIn, moduleStateOfSources } from '../helpers/moduleState';

const repoRoot = join(__dirname, '..', '..', '..');

function sharedFiles(dir = join(repoRoot, 'shared')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sharedFiles(path) : e.name.endsWith('.ts') ? [path] : [];
  });
}

const shown = (s: ModuleState) => `${relative(repoRoot, s.file)}: ${s.name}`;

describe('the module-state checker', () => {
  it('flags let, var, mutable containers, a call returning one, a /g regular expression, a writable static and a class instance', () => {
    const found = moduleStateOfSources({
      '/virtual/flagged.ts': [
        'let count = 0;',
        'var old = 1;',
        'const cache = new Map<string, number>();',
        'const list: number[] = [];',
        'const table = Array.from({ length: 4 }, (_, i) => i);',
        'const buffer = new Float64Array(16);',
        'const settings = { depth: 3 };',
        'const pattern = /a+/g;',
        'interface Scratch { buffer: Float64Array }',
        'function scratch(): Scratch { return { buffer: new Float64Array(8) }; }',
        'const shared = scratch();',
        'class Pool { private items: number[] = []; static size = 4; static readonly spare = new Set<number>(); }',
        'const pool = new Pool();',
      ].join('\n'),
    });
    assert.deepEqual(
      found.map((s) => `${s.line} ${s.name}: ${s.why}`),
      [
        '1 count: let',
        '2 old: var',
        '3 cache: a mutable Map',
        '4 list: a mutable Array',
        '5 table: a mutable Array',
        '6 buffer: a mutable Float64Array',
        '7 settings: { depth: number; }, with a writable property depth',
        '8 pattern: RegExp with the g or y flag (lastIndex)',
        '11 shared: Scratch, with a writable property buffer',
        '12 Pool.size: static field, not readonly',
        '12 Pool.spare: a mutable Set',
        '13 pool: Pool, with a writable property items',
      ],
    );
  });

  it('accepts primitives, functions, as const, read-only types, constant typed tables and readonly statics', () => {
    const found = moduleStateOfSources({
      '/virtual/accepted.ts': [
        'const LIMIT = 10;',
        "const NAME = 'ranklens';",
        'const WORD = /\\w+/;',
        'const twice = (x: number) => 2 * x;',
        "const NAMES = ['a', 'b'] as const;",
        "const TITLES = { a: 'A' } as const satisfies Record<string, string>;",
        "const KNOWN: ReadonlySet<string> = new Set(['a']);",
        'const BY_ID: ReadonlyMap<string, number> = new Map();',
        'const LEVELS: readonly number[] = [0, 0.5, 1];',
        'const MORE: ReadonlyArray<number> = Array.from({ length: 3 }, (_, i) => i);',
        'const DISCOUNTS: ArrayLike<number> = Float64Array.from([1, 0.5]);',
        'const OPTIONS: Readonly<{ depth: number }> = { depth: 3 };',
        'const FROZEN = Object.freeze({ depth: 3 });',
        'interface Point { readonly x: number; readonly y: number }',
        'const ORIGIN: Point = { x: 0, y: 0 };',
        'class Shape { static readonly SIDES = 4; static make(): Shape { return new Shape(); } }',
        'declare const GLOBAL: { state: number[] };',
      ].join('\n'),
    });
    assert.deepEqual(found, []);
  });
});

describe('shared/', () => {
  it('keeps no module-level mutable state', () => {
    const files = sharedFiles();
    const config = ts.parseJsonConfigFileContent(
      ts.readConfigFile(join(repoRoot, 'tsconfig.json'), ts.sys.readFile).config,
      ts.sys,
      repoRoot,
    );
    const program = ts.createProgram(files, { ...config.options, noEmit: true });
    const found = moduleStateIn(program, files);
    assert.deepEqual(
      found.map((s) => `${shown(s)} (line ${s.line}): ${s.why}`),
      [],
    );
  });
});
