/** Offsets to positions as LSP counts them, and the globs of the command line. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { splitGlob } from '../../cli/findFiles';
import { globToRegExp } from '../../shared/fixture/files/glob';
import { LineIndex } from '../../cli/positions';

describe('LineIndex', () => {
  it('counts 0-based lines ending at \\n, \\r\\n or \\r, and characters in UTF-16 units', () => {
    const text = 'ab\r\n😀x\ry\nz';
    const lines = new LineIndex(text);
    assert.deepEqual(lines.position(0), { line: 0, character: 0 });
    assert.deepEqual(lines.position(3), { line: 0, character: 3 }); // the \n of \r\n still belongs to line 0
    assert.deepEqual(lines.position(4), { line: 1, character: 0 }); // 😀 starts line 1…
    assert.deepEqual(lines.position(6), { line: 1, character: 2 }); // …and is 2 units wide, so x is at 2
    assert.deepEqual(lines.position(8), { line: 2, character: 0 }); // y, after a lone \r
    assert.deepEqual(lines.position(10), { line: 3, character: 0 }); // z
    assert.deepEqual(lines.range({ start: 6, end: 7 }), { start: { line: 1, character: 2 }, end: { line: 1, character: 3 } });
    assert.deepEqual(lines.position(99), { line: 3, character: 1 }, 'clamped to the end of the text');
  });
});

describe('globs', () => {
  it('splits the folder to search from the pattern', () => {
    assert.deepEqual(splitGlob('tests/**/*.rank.yaml'), { base: 'tests', pattern: '**/*.rank.yaml' });
    assert.deepEqual(splitGlob('*.json'), { base: '.', pattern: '*.json' });
    assert.deepEqual(splitGlob('/abs/dir/?.yml'), { base: '/abs/dir', pattern: '?.yml' });
  });

  it('matches * within a name, ** across folders (or none), ? one character', () => {
    const re = globToRegExp('**/*.rank.json');
    assert.ok(re.test('a.rank.json'));
    assert.ok(re.test('x/y/a.rank.json'));
    assert.ok(!re.test('a.rank.yaml'));
    assert.ok(globToRegExp('*.json').test('a.json'));
    assert.ok(!globToRegExp('*.json').test('sub/a.json'));
    assert.ok(globToRegExp('q?.yml').test('q1.yml'));
    assert.ok(!globToRegExp('q?.yml').test('q10.yml'));
    assert.ok(globToRegExp('a+b(1).json').test('a+b(1).json'), 'other characters are literal');
  });
});
