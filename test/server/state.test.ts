/**
 * The server's plumbing without a connection: settings as clients send them, the open documents and
 * their edit log, placing spans of an older text, the per-document analyses, workspace files on disk
 * and through the client, the watcher of fixture files, and the Testing view's tests.
 */
import './platformStub';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeFileSync } from 'node:fs';
import { FileChangeType } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { tempFiles } from '../cli/ranklens';
import { DEFAULT_SETTINGS, fixtureOptions, readSettings } from '../../server/settings';
import { OpenDocuments, editsSince, moveOffset } from '../../server/documents';
import { movedPlacer, placer } from '../../server/positions';
import { Analyses, analyzeText } from '../../server/analysis';
import { nodeFiles } from '../../server/nodeFiles';
import { clientFiles } from '../../server/clientFiles';
import { uriPath } from '../../server/workspaceFiles';
import { WorkspaceWatcher } from '../../server/features/workspaceWatcher';
import { fixtureTestsFor, testsOf } from '../../server/features/fixtureSuite';
import { RanklensService } from '../../server/service';
import { forgetProjectConfigs, projectConfigFor } from '../../server/projectConfigs';
import { Connection } from 'vscode-languageserver';

describe('readSettings', () => {
  it('nothing, or not an object: the defaults', () => {
    assert.equal(readSettings(undefined), DEFAULT_SETTINGS);
    assert.equal(readSettings([1]), DEFAULT_SETTINGS);
    assert.equal(readSettings(null), DEFAULT_SETTINGS);
    assert.deepEqual(DEFAULT_SETTINGS, {
      defaultConvention: 'trec_eval',
      defaultCutoffs: [1, 3, 5, 10],
      headlineMetrics: [],
      codeLens: { enable: true, presetSpread: true },
      hover: { enable: true },
      inlayHints: { enable: true },
      severity: {},
      diagnostics: { conventionDependent: false },
      extraFilePatterns: [],
      trec: { runPatterns: ['*.run', '*.trec'], qrelsPatterns: ['*.qrels', 'qrels*.txt', '*.qrels.txt'], columns: {} },
    });
  });

  it("VS Code's nested objects, and flat booleans from other editors", () => {
    const s = readSettings({
      defaultConvention: 'seed000',
      defaultCutoffs: [5, 0, 2.5, 10, '3'],
      headlineMetrics: ['nDCG@10', '', 7],
      codeLens: { enable: false, presetSpread: false },
      hover: false,
      inlayHints: { enable: 'no' },
      severity: { 'empty-labels': 'error', 'score-ties': 'information', x: 'loud', y: 'off' },
      diagnostics: { conventionDependent: true },
      extraFilePatterns: ['*.qrels.json', '', 3],
      trec: { runPatterns: ['*.res', '', 4] },
      'trec.qrelsPatterns': ['judgements*.txt'],
      'trec.columns': { query: 'user', doc: '', bogus: 'x', score: 7 },
    });
    assert.deepEqual(s, {
      defaultConvention: 'seed000',
      defaultCutoffs: [5, 10],
      headlineMetrics: ['nDCG@10'],
      codeLens: { enable: false, presetSpread: false },
      hover: { enable: false },
      inlayHints: { enable: true },
      severity: { 'empty-labels': 'error', 'score-ties': 'info', y: 'off' },
      diagnostics: { conventionDependent: true },
      extraFilePatterns: ['*.qrels.json'],
      // VS Code's nested ranklens.trec object, and the dotted keys another editor may send; a column map
      // keeps only the roles given a name.
      trec: { runPatterns: ['*.res'], qrelsPatterns: ['judgements*.txt'], columns: { query: 'user' } },
    });
  });

  it('a cutoff of 1 is kept; inlayHints: false turns the hints off; non-lists give empty lists', () => {
    const s = readSettings({ defaultCutoffs: [1], inlayHints: false, headlineMetrics: { 0: 'P@3' }, extraFilePatterns: { 0: '*.json' } });
    assert.deepEqual([s.defaultCutoffs, s.inlayHints, s.headlineMetrics, s.extraFilePatterns], [[1], { enable: false }, [], []]);
  });

  it('malformed values keep their defaults', () => {
    assert.deepEqual(
      readSettings({
        defaultConvention: '',
        defaultCutoffs: [0, -1],
        headlineMetrics: 'P@3',
        severity: ['error'],
        diagnostics: { conventionDependent: 'yes' },
        extraFilePatterns: '*.json',
        codeLens: 1,
      }),
      { ...DEFAULT_SETTINGS },
    );
    assert.deepEqual(readSettings({ defaultConvention: 5, diagnostics: true }).defaultConvention, 'trec_eval');
    assert.deepEqual(readSettings({ codeLens: { presetSpread: 'no' } }).codeLens, { enable: true, presetSpread: true });
    assert.deepEqual(readSettings({ codeLens: false }).codeLens, { enable: false, presetSpread: true });
  });

  it("fixtureOptions: the convention's source, headline metrics only when given, the comparison unless turned off", () => {
    assert.deepEqual(fixtureOptions(DEFAULT_SETTINGS), {
      defaultConvention: { preset: 'trec_eval', source: 'built-in' },
      defaultCutoffs: [1, 3, 5, 10],
      compare: false,
    });
    const s = readSettings({ defaultConvention: 'ranx', headlineMetrics: ['P@3'], diagnostics: { conventionDependent: true } });
    assert.deepEqual(fixtureOptions(s), {
      defaultConvention: { preset: 'ranx', source: 'setting' },
      headlineMetrics: ['P@3'],
      defaultCutoffs: [1, 3, 5, 10],
      compare: true,
    });
    assert.equal(fixtureOptions({ ...s, severity: { 'convention-dependent': 'off' } }).compare, false);
    assert.equal(fixtureOptions({ ...s, severity: { 'convention-dependent': 'hint' } }).compare, true);
  });
});

describe('OpenDocuments and positions', () => {
  it("applies incremental and whole-text changes, logging each edit's offsets in the text before it", () => {
    const docs = new OpenDocuments();
    docs.open('u', 'yaml', 1, 'abc\ndef\n');
    const doc = docs.change('u', 2, [
      { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: 'XY' },
      { range: { start: { line: 0, character: 3 }, end: { line: 0, character: 3 } }, text: '!' },
    ])!;
    assert.equal(doc.text.getText(), 'abc!\nXYef\n');
    assert.equal(doc.text.version, 2);
    assert.deepEqual(doc.edits, [
      { version: 2, start: 4, end: 5, length: 2 },
      { version: 2, start: 3, end: 3, length: 1 },
    ]);
    docs.change('u', 3, [{ text: 'new' }]);
    assert.deepEqual(docs.get('u')!.edits[2], { version: 3, start: 0, end: 10, length: 3 });
    assert.deepEqual(editsSince(docs.get('u')!, 2).length, 1);
    docs.trim('u', 2);
    assert.deepEqual(docs.get('u')!.edits, [{ version: 3, start: 0, end: 10, length: 3 }]);
    assert.equal(docs.change('nope', 2, []), undefined);
    assert.deepEqual(docs.uris(), ['u']);
    docs.close('u');
    assert.equal(docs.get('u'), undefined);
    docs.trim('u', 9);
  });

  it('keeps the last 10,000 edits', () => {
    const docs = new OpenDocuments();
    docs.open('u', 'yaml', 0, '');
    const one = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'x' };
    docs.change(
      'u',
      1,
      Array.from({ length: 10_001 }, () => one),
    );
    assert.equal(docs.get('u')!.edits.length, 10_000);
    assert.equal(docs.get('u')!.text.getText().length, 10_001);
  });

  it('moveOffset: after an edit shifts by its change of length; inside it sticks to its start; before it stays', () => {
    const edits = [{ version: 2, start: 10, end: 14, length: 1 }];
    assert.deepEqual(
      [5, 10, 12, 14, 20].map((o) => moveOffset(o, edits)),
      [5, 10, 10, 11, 17],
    );
    assert.equal(moveOffset(20, [...edits, { version: 3, start: 0, end: 0, length: 5 }]), 22);
  });

  it('placer and movedPlacer: LSP positions in the current text', () => {
    const doc = TextDocument.create('u', 'yaml', 2, 'ab\nXcd\n');
    assert.deepEqual(placer(doc).range({ start: 1, end: 4 }), { start: { line: 0, character: 1 }, end: { line: 1, character: 1 } });
    // The older text was "ab\ncd\n"; "X" was inserted at offset 3.
    const moved = movedPlacer(doc, [{ version: 2, start: 3, end: 3, length: 1 }]);
    assert.deepEqual(moved.position(4), { line: 1, character: 2 });
    assert.deepEqual(moved.range({ start: 3, end: 5 }), { start: { line: 1, character: 1 }, end: { line: 1, character: 3 } });
    assert.deepEqual(movedPlacer(doc, []).position(4), { line: 1, character: 1 });
  });

  it('placer on a large text: line starts found natively, the same positions as TextDocument', () => {
    // 3,000 lines of 28 UTF-16 units (84 kB: the native path): ASCII, CJK and an emoji (2 units, characters 15–16).
    const line = (i: number) => `- id: q${String(i).padStart(4, '0')} 検索 😀 ${'x'.repeat(9)}\n`;
    const text = Array.from({ length: 3000 }, (_, i) => line(i)).join('') + 'last';
    const doc = TextDocument.create('u', 'yaml', 1, text);
    const place = placer(doc);
    assert.deepEqual(place.position(0), { line: 0, character: 0 });
    // Line 2 starts at 2 · 28 = 56; its emoji's second unit is character 16.
    assert.deepEqual(place.position(56 + 16), { line: 2, character: 16 });
    assert.deepEqual(place.range({ start: 27, end: 28 }), { start: { line: 0, character: 27 }, end: { line: 1, character: 0 } });
    assert.deepEqual(place.position(text.length), { line: 3000, character: 4 });
    assert.deepEqual(place.position(text.length + 5), { line: 3000, character: 4 });
    assert.deepEqual(place.position(-1), { line: 0, character: 0 });
    for (let o = 0; o <= text.length; o += 997) assert.deepEqual(place.position(o), doc.positionAt(o), `offset ${o}`);
    // A text with \r goes through TextDocument itself: \r\n ends one line.
    const crlf = TextDocument.create('u', 'yaml', 1, text.replace(/\n/g, '\r\n'));
    assert.deepEqual(placer(crlf).position(29), { line: 1, character: 0 });
  });
});

describe('Analyses', () => {
  const TEXT = '{"k": [1], "metrics": ["P@1"], "cases": {"q": {"labels": ["a"], "predictions": ["a"]}}}';

  it('one analysis per version; the last that parsed and the oldest version anything maps from', () => {
    const seen: string[] = [];
    const analyses = new Analyses((uri) => {
      seen.push(uri);
      return {};
    });
    const docs = new OpenDocuments();
    const doc = docs.open('file:///a.rank.json', 'json', 1, TEXT);
    const v1 = analyses.get(doc, 'json');
    assert.equal(analyses.get(doc, 'json'), v1);
    assert.deepEqual(seen, ['file:///a.rank.json']);
    assert.deepEqual([v1.version, v1.parses, v1.evaluation.fixtures[0].mean[0]], [1, true, 1]);
    // Version 2 drops the last brace: a syntax error.
    docs.change(doc.text.uri, 2, [
      { range: { start: doc.text.positionAt(TEXT.length - 1), end: doc.text.positionAt(TEXT.length) }, text: '' },
    ]);
    const v2 = analyses.get(doc, 'json');
    assert.deepEqual([v2.version, v2.parses], [2, false]);
    assert.equal(analyses.lastGood(doc.text.uri), v1);
    assert.equal(analyses.oldestVersion(doc.text.uri), 1);
    // Version 3 repairs it: spliced into version 1's parse, and the latest good one again.
    docs.change(doc.text.uri, 3, [
      { range: { start: doc.text.positionAt(TEXT.length - 1), end: doc.text.positionAt(TEXT.length - 1) }, text: '}' },
    ]);
    const v3 = analyses.get(doc, 'json');
    assert.deepEqual([v3.version, v3.parses, v3.text], [3, true, TEXT]);
    assert.equal(analyses.lastGood(doc.text.uri), v3);
    assert.equal(analyses.oldestVersion(doc.text.uri), 3);
    analyses.drop(doc.text.uri);
    assert.equal(analyses.lastGood(doc.text.uri), undefined);
    assert.equal(analyses.oldestVersion(doc.text.uri), undefined);
  });

  it('clear forgets every document', () => {
    const analyses = new Analyses(() => ({}));
    const doc = new OpenDocuments().open('file:///b.rank.json', 'json', 1, TEXT);
    const first = analyses.get(doc, 'json');
    analyses.clear();
    assert.notEqual(analyses.get(doc, 'json'), first);
  });

  it('analyzeText: version -1, parses false on a syntax error', () => {
    const a = analyzeText('file:///c.rank.json', '{"k": [1', 'json', {});
    assert.deepEqual([a.version, a.parses, a.language], [-1, false, 'json']);
  });
});

describe('workspace files', () => {
  const dir = tempFiles({
    'a.rank.yaml': 'k: 1\n',
    'sub/b.rank.json': '{}',
    'notes.txt': 'x',
    '.git/c.rank.yaml': 'k: 1\n',
    'node_modules/d.rank.yaml': 'k: 1\n',
    'out/e.rank.yaml': 'k: 1\n',
    '.cache/f.rank.yaml': 'k: 1\n',
  });
  const root = pathToFileURL(dir).toString();

  it('nodeFiles lists the fixtures under file: folders, skipping VCS, build and dot folders; reads text', async () => {
    const found: string[] = [];
    for await (const uri of nodeFiles.list([root, 'vscode-vfs://github/x', pathToFileURL(join(dir, 'missing')).toString()], (u) =>
      /\.rank\.(json|yaml)$/.test(u),
    ))
      found.push(uri.slice(root.length));
    assert.deepEqual(found.sort(), ['/a.rank.yaml', '/sub/b.rank.json']);
    assert.equal(await nodeFiles.read(`${root}/a.rank.yaml`), 'k: 1\n');
    assert.equal(await nodeFiles.read(`${root}/gone.rank.yaml`), undefined);
    assert.equal(await nodeFiles.read('untitled:x'), undefined);
    assert.equal(await nodeFiles.read('file://host%/x'), undefined);
  });

  it('clientFiles asks the client (ranklens/findFiles, ranklens/readFile) and keeps the fixtures it lists', async () => {
    const asked: [string, unknown][] = [];
    const connection = {
      sendRequest: async (method: string, params: unknown) => {
        asked.push([method, params]);
        if (method === 'ranklens/findFiles') return ['vscode-vfs://x/a.rank.yaml', 'vscode-vfs://x/readme.md'];
        return (params as { uri: string }).uri.endsWith('a.rank.yaml') ? 'k: 1\n' : null;
      },
    } as unknown as Connection;
    const files = clientFiles(connection, () => ['*.rank.yaml']);
    const found: string[] = [];
    for await (const uri of files.list(['vscode-vfs://x'], (u) => u.endsWith('.rank.yaml'))) found.push(uri);
    assert.deepEqual(found, ['vscode-vfs://x/a.rank.yaml']);
    assert.equal(await files.read('vscode-vfs://x/a.rank.yaml'), 'k: 1\n');
    assert.equal(await files.read('vscode-vfs://x/b.rank.yaml'), undefined);
    assert.deepEqual(asked[0], ['ranklens/findFiles', { folders: ['vscode-vfs://x'], patterns: ['*.rank.yaml'] }]);
    assert.deepEqual(asked[1], ['ranklens/readFile', { uri: 'vscode-vfs://x/a.rank.yaml' }]);
  });

  it('clientFiles: a client that fails lists nothing and reads nothing', async () => {
    const files = clientFiles(
      {
        sendRequest: async () => {
          throw new Error('no');
        },
      } as unknown as Connection,
      () => [],
    );
    const found: string[] = [];
    for await (const uri of files.list(['x'], () => true)) found.push(uri);
    assert.deepEqual(found, []);
    assert.equal(await files.read('x'), undefined);
  });

  it('uriPath decodes the path of any scheme; a URI that does not parse is itself', () => {
    assert.equal(uriPath('file:///w/a%20b.rank.yaml'), '/w/a b.rank.yaml');
    assert.equal(uriPath('vscode-vfs://github/o/r/x.rank.json'), '/o/r/x.rank.json');
    assert.equal(uriPath('not a uri'), 'not a uri');
  });

  it('projectConfigFor: the nearest config of a file: URI, read once per folder until forgotten', () => {
    const d = tempFiles({ 'ranklens.config.json': '{"defaultConvention": "ranx"}', 'deep/x.rank.yaml': '' });
    forgetProjectConfigs();
    const uri = pathToFileURL(join(d, 'deep/x.rank.yaml')).toString();
    assert.equal(projectConfigFor(uri)?.config.defaultConvention, 'ranx');
    writeFileSync(join(d, 'ranklens.config.json'), '{"defaultConvention": "mllib"}');
    assert.equal(projectConfigFor(uri)?.config.defaultConvention, 'ranx', 'read once per folder');
    forgetProjectConfigs();
    assert.equal(projectConfigFor(uri)?.config.defaultConvention, 'mllib');
    assert.equal(projectConfigFor('untitled:x'), undefined);
    assert.equal(projectConfigFor('file://host%/x'), undefined);
  });
});

describe('WorkspaceWatcher', () => {
  function watcher(open: string[] = []) {
    const log: string[] = [];
    const host = {
      isOpen: (uri: string) => open.includes(uri),
      check: (uri: string, text: string) => {
        log.push(`check ${uri.replace(/^.*\//, '')} ${text.length}`);
      },
      clear: (uri: string) => {
        log.push(`clear ${uri.replace(/^.*\//, '')}`);
      },
    };
    return { log, w: new WorkspaceWatcher(host, () => ['*.rank.yaml', '*.qrels.json'], nodeFiles) };
  }
  const dir = tempFiles({ 'a.rank.yaml': 'k: 1\n', 'b.qrels.json': '{}', 'c.json': '{}', 'sub/d.rank.yaml': 'k: 2\nx: 1\n' });
  const uri = (name: string) => pathToFileURL(join(dir, name)).toString();

  it('languageOf: by the patterns, for URIs of any scheme', () => {
    const { w } = watcher();
    assert.deepEqual(
      [
        w.languageOf(uri('a.rank.yaml')),
        w.languageOf(uri('b.qrels.json')),
        w.languageOf(uri('c.json')),
        w.languageOf('vscode-vfs://x/y.rank.yaml'),
      ],
      ['yaml', 'json', undefined, 'yaml'],
    );
  });

  it('scan checks every fixture that is not open, and counts them', async () => {
    const { w, log } = watcher([uri('b.qrels.json')]);
    assert.equal(await w.scan([pathToFileURL(dir).toString()]), 2);
    assert.deepEqual(log.sort(), ['check a.rank.yaml 5', 'check d.rank.yaml 10']);
  });

  it('a newer scan stops an older one', async () => {
    const { w } = watcher();
    const root = [pathToFileURL(dir).toString()];
    const [first, second] = await Promise.all([w.scan(root), w.scan(root)]);
    assert.deepEqual([first, second], [0, 3]);
  });

  it('changed: created and changed files are checked, deleted ones cleared, open ones left alone', async () => {
    const { w, log } = watcher([uri('sub/d.rank.yaml')]);
    await w.changed([
      { uri: uri('a.rank.yaml'), type: FileChangeType.Changed },
      { uri: uri('gone.rank.yaml'), type: FileChangeType.Deleted },
      { uri: uri('sub/d.rank.yaml'), type: FileChangeType.Deleted },
      { uri: uri('c.json'), type: FileChangeType.Created },
    ]);
    assert.deepEqual(log, ['check a.rank.yaml 5', 'clear gone.rank.yaml']);
  });

  it('checkFile: false for no fixture, an open file or a file gone (which it clears)', async () => {
    const { w, log } = watcher([uri('a.rank.yaml')]);
    assert.deepEqual(
      await Promise.all([
        w.checkFile(uri('c.json')),
        w.checkFile(uri('a.rank.yaml')),
        w.checkFile(uri('x.rank.yaml')),
        w.checkFile(uri('sub/d.rank.yaml')),
      ]),
      [false, false, false, true],
    );
    assert.deepEqual(log, ['clear x.rank.yaml', 'check d.rank.yaml 10']);
    assert.equal(await w.read(uri('sub/d.rank.yaml')), 'k: 2\nx: 1\n');
  });

  it('checkFile: a scan started meanwhile, or the file opened meanwhile, makes it give up', async () => {
    const open: string[] = [];
    const { w, log } = watcher(open);
    const pending = w.checkFile(uri('a.rank.yaml'));
    open.push(uri('a.rank.yaml'));
    assert.equal(await pending, false);
    const stale = w.checkFile(uri('sub/d.rank.yaml'));
    void w.scan([]);
    assert.equal(await stale, false);
    assert.deepEqual(log, []);
  });
});

describe("the Testing view's tests (ranklens/fixtureTests)", () => {
  const TEXT =
    'expectFindings: [convention-dependent]\nk: 1\nmetrics: [AP]\ncases:\n  q: { labels: [a, b], predictions: [a, x], expect: { AP: 1 } }\n';

  it('an open fixture: its expectations with outcomes and ranges, its declared codes, evaluated with the preset comparison it declares', async () => {
    const host = { isOpen: () => true, check: () => undefined, clear: () => undefined };
    const service = new RanklensService(new WorkspaceWatcher(host, () => ['*.rank.yaml'], nodeFiles));
    service.open('untitled:t', 'yaml', 4, TEXT);
    const result = (await fixtureTestsFor(service, 'untitled:t'))!;
    assert.equal(result.uri, 'untitled:t');
    assert.deepEqual(result.errors, []);
    const [doc] = result.documents;
    // Under trec_eval, the default, AP over the 2 relevant labels: 1/2 = 0.5, not 1 (the expectation's range is its key,
    // AP); over the hits (seed000) 1/1 = 1: presets disagree, so the declared code is found.
    assert.deepEqual(
      doc.cases.map((c) => [
        c.id,
        c.range.start,
        c.expectations.map((e) => [e.metric, e.expected, e.actual, e.outcome, e.range.start.character]),
      ]),
      [['q', { line: 4, character: 2 }, [['AP', '1', '0.500', 'failed', 54]]]],
    );
    assert.deepEqual(
      doc.declared.map((d) => [d.code, d.passed, d.range.start]),
      [['convention-dependent', true, { line: 0, character: 17 }]],
    );
  });

  it('a file on disk that is not open; null for no fixture or a file gone', async () => {
    const dir = tempFiles({ 'f.rank.yaml': TEXT.replace('AP: 1', 'AP: 0.5') });
    const host = { isOpen: () => false, check: () => undefined, clear: () => undefined };
    const service = new RanklensService(new WorkspaceWatcher(host, () => ['*.rank.yaml'], nodeFiles));
    const result = (await fixtureTestsFor(service, pathToFileURL(join(dir, 'f.rank.yaml')).toString()))!;
    assert.deepEqual(
      result.documents[0].cases[0].expectations.map((e) => e.outcome),
      ['passed'],
    );
    assert.equal(await fixtureTestsFor(service, pathToFileURL(join(dir, 'f.txt')).toString()), null);
    assert.equal(await fixtureTestsFor(service, pathToFileURL(join(dir, 'gone.rank.yaml')).toString()), null);
  });

  it('testsOf: the syntax errors too, placed in the text', () => {
    const text = '{"k": [1], "cases": {"q": {"labels": ["a"] "predictions": ["a"]}}}';
    const a = analyzeText('file:///e.rank.json', text, 'json', {});
    const result = testsOf(a, placer(TextDocument.create(a.uri, 'json', 1, text)), {});
    assert.deepEqual(
      result.errors.map((e) => [e.code, e.range.start]),
      [['syntax-error', { line: 0, character: 43 }]],
    );
  });

  it('with the comparison already on, the analysis is used as it is', () => {
    const a = analyzeText('file:///c.rank.yaml', TEXT, 'yaml', { compare: true });
    const result = testsOf(a, placer(TextDocument.create(a.uri, 'yaml', 1, TEXT)), { compare: true });
    assert.deepEqual(
      result.documents[0].declared.map((d) => d.passed),
      [true],
    );
    const off = analyzeText('file:///c.rank.yaml', TEXT, 'yaml', {});
    assert.deepEqual(
      testsOf(off, placer(TextDocument.create(a.uri, 'yaml', 1, TEXT)), {}).documents[0].declared.map((d) => d.passed),
      [true],
    );
  });
});
