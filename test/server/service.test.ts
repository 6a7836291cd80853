/**
 * The server's state (server/service.ts) without a connection: which open documents are fixtures,
 * their current and shown analyses, files analyzed from disk, project configs over the settings, and
 * the numbers lenses carry for document URIs.
 */
import './platformStub';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { tempFiles } from '../cli/ranklens';
import { RanklensService } from '../../server/service';
import { WorkspaceWatcher } from '../../server/features/workspaceWatcher';
import { DEFAULT_SETTINGS, readSettings } from '../../server/settings';
import { nodeFiles } from '../../server/nodeFiles';
import { forgetProjectConfigs } from '../../server/projectConfigs';

function service(extra: string[] = []): RanklensService {
  const host = { isOpen: () => false, check: () => undefined, clear: () => undefined };
  return new RanklensService(new WorkspaceWatcher(host, () => ['*.rank.json', '*.rank.yaml', '*.rank.yml', ...extra], nodeFiles));
}

const FIXTURE = 'k: 1\nmetrics: [P@k]\ncases:\n  q1: { labels: [a], predictions: [a, b] }\n';

describe('RanklensService', () => {
  it('treats an open file as a fixture by its name, an untitled document by its language id', () => {
    const s = service();
    assert.equal(s.open('file:///w/a.rank.yaml', 'yaml', 1, FIXTURE), true);
    assert.equal(s.open('file:///w/notes.yaml', 'yaml', 1, 'x: 1\n'), false, 'a file: URI is a fixture by its name only');
    assert.equal(s.open('untitled:Untitled-1', 'yaml', 1, FIXTURE), true);
    assert.equal(s.open('untitled:Untitled-2', 'plaintext', 1, FIXTURE), false);
    assert.deepEqual(s.openFixtures(), ['file:///w/a.rank.yaml', 'untitled:Untitled-1']);
    assert.equal(s.isOpen('file:///w/notes.yaml'), false);
    assert.equal(s.current('file:///w/notes.yaml'), undefined);
    assert.equal(s.current('file:///w/never-opened.rank.yaml'), undefined);
    assert.equal(s.shown('file:///w/notes.yaml'), undefined);
  });

  it('analyzes the current version once, and shows the last version that parsed while the text is broken', () => {
    const s = service();
    const uri = 'file:///w/a.rank.yaml';
    s.open(uri, 'yaml', 1, FIXTURE);
    const first = s.current(uri)!;
    assert.equal(first.analysis.version, 1);
    assert.equal(first.analysis.evaluation.fixtures[0].mean[0], 1);
    assert.equal(s.current(uri)!.analysis, first.analysis, 'the same version is not analyzed again');
    assert.deepEqual(s.shown(uri)!.stale, false);
    // Version 2 breaks the flow mapping: the current analysis does not parse, the shown one is version 1.
    s.documents.change(uri, 2, [{ range: { start: { line: 3, character: 41 }, end: { line: 3, character: 42 } }, text: '' }]);
    assert.equal(s.current(uri)!.analysis.parses, false);
    const shown = s.shown(uri)!;
    assert.equal(shown.stale, true);
    assert.equal(shown.analysis.version, 1);
    // The case id q1 (offsets 29–31) has not moved: the edit came after it.
    assert.deepEqual(shown.place.range({ start: 29, end: 31 }), { start: { line: 3, character: 2 }, end: { line: 3, character: 4 } });
    // The edit log keeps only what the oldest analysis still maps from: version 1's edit to 2 stays.
    assert.deepEqual(
      s.documents.get(uri)!.edits.map((e) => e.version),
      [2],
    );
    s.documents.change(uri, 3, [{ range: { start: { line: 3, character: 41 }, end: { line: 3, character: 41 } }, text: '}' }]);
    assert.equal(s.current(uri)!.analysis.parses, true);
    assert.equal(s.shown(uri)!.stale, false);
    assert.deepEqual(s.documents.get(uri)!.edits, [], 'version 3 parses: nothing maps from older versions');
    s.close(uri);
    assert.equal(s.isOpen(uri), false);
    assert.equal(s.current(uri), undefined);
  });

  it("gives each document URI a number for lens data, the same for the server's lifetime", () => {
    const s = service();
    assert.equal(s.documentNumber('file:///a.rank.json'), 0);
    assert.equal(s.documentNumber('file:///b.rank.json'), 1);
    assert.equal(s.documentNumber('file:///a.rank.json'), 0);
    assert.equal(s.documentUri(1), 'file:///b.rank.json');
    assert.equal(s.documentUri(2), undefined);
  });

  it('reset: new settings, analyses forgotten, and the fixtures decided again (an extra pattern)', () => {
    const s = service(['*.qrels.yaml']);
    const uri = 'file:///w/a.rank.yaml';
    s.open(uri, 'yaml', 1, FIXTURE);
    const before = s.current(uri)!.analysis;
    s.reset(readSettings({ defaultConvention: 'trec_eval' }));
    assert.equal(s.settings.defaultConvention, 'trec_eval');
    const after = s.current(uri)!.analysis;
    assert.notEqual(after, before);
    assert.equal(after.evaluation.fixtures[0].convention.name, 'trec_eval');
    assert.equal(s.open('file:///w/x.qrels.yaml', 'yaml', 1, FIXTURE), true);
  });

  it('analyzeFile: a file that is not open, placed in its own text, version -1', () => {
    const s = service();
    const { analysis, place } = s.analyzeFile('file:///w/disk.rank.yaml', FIXTURE, 'yaml');
    assert.equal(analysis.version, -1);
    assert.equal(analysis.parses, true);
    assert.deepEqual(place.position(FIXTURE.indexOf('q1')), { line: 3, character: 2 });
  });

  it('takes the nearest ranklens.config.json over the settings, for options and severities', () => {
    forgetProjectConfigs();
    const dir = tempFiles({
      'ranklens.config.json': '{ "defaultConvention": "ranx", "severity": { "empty-labels": "error" } }',
      'a.rank.yaml': FIXTURE,
    });
    const s = service();
    s.reset({ ...DEFAULT_SETTINGS, severity: { 'empty-labels': 'hint', 'empty-predictions': 'info' } });
    const uri = pathToFileURL(join(dir, 'a.rank.yaml')).toString();
    assert.deepEqual(s.optionsFor(uri).defaultConvention, { preset: 'ranx', source: 'ranklens.config.json' });
    assert.deepEqual(s.severitiesFor(uri), { 'empty-labels': 'error', 'empty-predictions': 'info' });
    assert.deepEqual(s.severitiesFor('untitled:x'), { 'empty-labels': 'hint', 'empty-predictions': 'info' });
    assert.deepEqual(s.optionsFor('untitled:x').defaultConvention, { preset: 'trec_eval', source: 'built-in' });
  });
});
