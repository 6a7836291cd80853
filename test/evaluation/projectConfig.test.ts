/**
 * ranklens.config.json read on its own: each key's good and bad values, the problems in words, the
 * nearest enclosing file found, and how its values replace the settings'. The CLI and protocol tests
 * (test/cli/projectConfig.test.ts, test/protocol/projectConfig.test.ts) read the same files end to end.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CONFIG_FILE,
  configuredQrels,
  findProjectConfig,
  parseConfigFile,
  readProjectConfig,
  withProjectConfig,
} from '../../shared/evaluation/projectConfig';
import { FixtureOptions } from '../../shared/evaluation';
import { PROJECT_CONFIG } from '../fixtures/projectConfig';

describe('readProjectConfig', () => {
  it('keeps every good value of the shared example', () => {
    assert.deepEqual(parseConfigFile(PROJECT_CONFIG, false), {
      config: {
        defaultConvention: 'seed000',
        defaultCutoffs: [2, 3],
        headlineMetrics: ['P@2', 'AP@2'],
        severity: { 'k-exceeds-predictions': 'off' },
      },
      problems: [],
    });
  });

  it('reads a preset name as findPreset does: any case, dashes, aliases', () => {
    assert.deepEqual(readProjectConfig({ defaultConvention: 'TREC-eval' }), { config: { defaultConvention: 'trec_eval' }, problems: [] });
    assert.deepEqual(readProjectConfig({ defaultConvention: 'spark' }), { config: { defaultConvention: 'mllib' }, problems: [] });
  });

  it('reads the old name default as seed000, and says what it names now', () => {
    assert.deepEqual(readProjectConfig({ defaultConvention: 'default' }), {
      config: { defaultConvention: 'seed000' },
      problems: [
        'defaultConvention: "default" is the old name of the seed000 preset: the numbers are seed000\'s, but the built-in default is now trec_eval\'s convention. Write "seed000" to keep these numbers, or "trec_eval".',
      ],
    });
  });

  it('leaves out an unknown preset, or one that is not a string, and says so', () => {
    assert.deepEqual(readProjectConfig({ defaultConvention: 'trec_evl' }), {
      config: {},
      problems: ['defaultConvention must be a preset name; "trec_evl" is ignored.'],
    });
    assert.deepEqual(readProjectConfig({ defaultConvention: 3 }).problems, ['defaultConvention must be a preset name; 3 is ignored.']);
  });

  it('takes one cutoff as a list of one, and refuses an empty list, zero, fractions and text', () => {
    assert.deepEqual(readProjectConfig({ defaultCutoffs: 5 }), { config: { defaultCutoffs: [5] }, problems: [] });
    assert.deepEqual(readProjectConfig({ defaultCutoffs: [1, 10] }).config, { defaultCutoffs: [1, 10] });
    for (const bad of [[], [0], [2.5], ['3'], [3, -1], 0]) {
      assert.deepEqual(
        readProjectConfig({ defaultCutoffs: bad }),
        { config: {}, problems: ['defaultCutoffs must be whole numbers ≥ 1; it is ignored.'] },
        JSON.stringify(bad),
      );
    }
  });

  it('takes headline metrics that are metric names, and refuses the list when one is not', () => {
    assert.deepEqual(readProjectConfig({ headlineMetrics: ['nDCG@10', 'P@3'] }).config, { headlineMetrics: ['nDCG@10', 'P@3'] });
    const refused = 'headlineMetrics must be a list of metric names (nDCG@10, P@3, …); it is ignored.';
    assert.deepEqual(readProjectConfig({ headlineMetrics: ['nDCG@10', 'nonsense@3'] }), { config: {}, problems: [refused] });
    assert.deepEqual(readProjectConfig({ headlineMetrics: 'nDCG@10' }).problems, [refused]);
    assert.deepEqual(readProjectConfig({ headlineMetrics: [10] }).problems, [refused]);
  });

  it('keeps each good severity and names each bad one: unknown code, unknown level, not a string', () => {
    const read = readProjectConfig({
      severity: {
        'empty-labels': 'error',
        'expect-mismatch': 'off',
        'no-such-code': 'warning',
        'duplicate-label': 'loud',
        'score-ties': 1,
      },
    });
    assert.deepEqual(read.config, { severity: { 'empty-labels': 'error', 'expect-mismatch': 'off' } });
    assert.deepEqual(read.problems, [
      'severity: "no-such-code": "warning" is ignored (a finding code → error, warning, info, hint or off).',
      'severity: "duplicate-label": "loud" is ignored (a finding code → error, warning, info, hint or off).',
      'severity: "score-ties": 1 is ignored (a finding code → error, warning, info, hint or off).',
    ]);
    // Every level is taken.
    for (const level of ['error', 'warning', 'info', 'hint', 'off']) {
      assert.deepEqual(readProjectConfig({ severity: { 'empty-labels': level } }).config.severity, { 'empty-labels': level });
    }
  });

  it('refuses a severity that is not a mapping, and says "__proto__" is no finding code', () => {
    const notMapping = 'severity must map finding codes to error, warning, info, hint or off; it is ignored.';
    for (const bad of [null, 'off', ['empty-labels']])
      assert.deepEqual(readProjectConfig({ severity: bad }), { config: {}, problems: [notMapping] }, JSON.stringify(bad));
    const read = readProjectConfig(JSON.parse('{"severity": {"__proto__": "off"}}'));
    assert.deepEqual(read.problems, ['severity: "__proto__": "off" is ignored (a finding code → error, warning, info, hint or off).']);
    assert.deepEqual(Object.keys(read.config.severity!), []);
  });

  it('names unknown keys with the keys it knows, and takes $schema silently', () => {
    assert.deepEqual(readProjectConfig({ $schema: 'x', defaultCutoff: [3] }), {
      config: {},
      problems: ['Unknown key "defaultCutoff"; keys: defaultConvention, benchmark, defaultCutoffs, headlineMetrics, severity, qrels.'],
    });
  });

  it('ignores a configuration that is not an object', () => {
    for (const raw of [null, 3, 'trec_eval', [1]]) {
      assert.deepEqual(
        readProjectConfig(raw),
        { config: {}, problems: ['The configuration is not an object; it is ignored.'] },
        JSON.stringify(raw),
      );
    }
  });
});

describe('parseConfigFile', () => {
  it('reads comments and trailing commas, and reports broken JSON first, at its offset', () => {
    assert.deepEqual(parseConfigFile('{ /* trec */ "defaultCutoffs": [3,], }', false), { config: { defaultCutoffs: [3] }, problems: [] });
    // The second comma (offset 21: { is 0, the key 1–16, : 17, 3 at 19, the first comma 20) stands where a property name should.
    assert.deepEqual(parseConfigFile('{"defaultCutoffs": 3,, "x": 1}', false), {
      config: { defaultCutoffs: [3] },
      problems: [
        'Not valid JSON (PropertyNameExpected at offset 21).',
        'Unknown key "x"; keys: defaultConvention, benchmark, defaultCutoffs, headlineMetrics, severity, qrels.',
      ],
    });
    // Nothing readable at all is an empty configuration with the syntax problem.
    assert.deepEqual(parseConfigFile('', false), { config: {}, problems: ['Not valid JSON (ValueExpected at offset 0).'] });
  });

  it('reads package.json\'s "ranklens" key, and nothing from a package.json without one', () => {
    assert.deepEqual(parseConfigFile('{"name": "p", "ranklens": {"defaultConvention": "ranx"}}', true), {
      config: { defaultConvention: 'ranx' },
      problems: [],
    });
    assert.equal(parseConfigFile('{"name": "p"}', true), undefined);
    assert.equal(parseConfigFile('[1, 2]', true), undefined);
    assert.equal(parseConfigFile('null', true), undefined);
    assert.deepEqual(parseConfigFile('{"ranklens": 3}', true), {
      config: {},
      problems: ['The configuration is not an object; it is ignored.'],
    });
  });
});

describe('findProjectConfig', () => {
  const disk = (files: Record<string, string>) => {
    const asked: string[] = [];
    return {
      asked,
      read: (path: string) => {
        asked.push(path);
        return files[path];
      },
    };
  };

  it('takes the nearest enclosing folder, ranklens.config.json before package.json', () => {
    const { read, asked } = disk({
      '/p/ranklens.config.json': '{"defaultConvention": "ranx"}',
      '/p/a/package.json': '{"ranklens": {"defaultConvention": "mllib"}}',
      '/p/a/ranklens.config.json': '{"defaultConvention": "sklearn"}',
    });
    assert.deepEqual(findProjectConfig('/p/a/b/f.rank.yaml', read), {
      path: '/p/a/ranklens.config.json',
      source: CONFIG_FILE,
      config: { defaultConvention: 'sklearn' },
      problems: [],
    });
    assert.deepEqual(asked, ['/p/a/b/ranklens.config.json', '/p/a/b/package.json', '/p/a/ranklens.config.json']);
  });

  it('passes over a package.json without the key to the folder above, and reads Windows paths with "/"', () => {
    const { read } = disk({ 'C:/w/package.json': '{"name": "w"}', 'C:/ranklens.config.json': '{"defaultCutoffs": [5]}' });
    assert.deepEqual(findProjectConfig('C:\\w\\x.rank.json', read), {
      path: 'C:/ranklens.config.json',
      source: 'ranklens.config.json',
      config: { defaultCutoffs: [5] },
      problems: [],
    });
    const pkg = disk({ '/q/package.json': '{"ranklens": {"headlineMetrics": ["P@1"]}}' });
    assert.deepEqual(findProjectConfig('/q/r/f.rank.json', pkg.read), {
      path: '/q/package.json',
      source: 'package.json',
      config: { headlineMetrics: ['P@1'] },
      problems: [],
    });
  });

  it('stops at the root: no config anywhere is undefined, and the root folder itself is asked once', () => {
    const { read, asked } = disk({});
    assert.equal(findProjectConfig('/a/b/f.rank.yaml', read), undefined);
    assert.deepEqual(asked, [
      '/a/b/ranklens.config.json',
      '/a/b/package.json',
      '/a/ranklens.config.json',
      '/a/package.json',
      '/ranklens.config.json',
      '/package.json',
    ]);
    const relative = disk({});
    assert.equal(findProjectConfig('f.rank.yaml', relative.read), undefined);
    assert.deepEqual(relative.asked, ['f.rank.yaml/ranklens.config.json', 'f.rank.yaml/package.json']);
  });
});

describe('withProjectConfig', () => {
  const settings: FixtureOptions = {
    defaultConvention: { preset: 'default', source: 'the ranklens.defaultConvention setting' },
    headlineMetrics: ['nDCG@10'],
    defaultCutoffs: [10],
    compare: true,
  };

  it("puts the file's values over the settings, naming the file as the convention's source", () => {
    const found = {
      path: '/p/ranklens.config.json',
      source: 'ranklens.config.json',
      problems: [],
      config: { defaultConvention: 'trec_eval', defaultCutoffs: [2, 3], headlineMetrics: ['P@2'] },
    };
    assert.deepEqual(withProjectConfig(settings, found), {
      defaultConvention: { preset: 'trec_eval', source: 'ranklens.config.json' },
      headlineMetrics: ['P@2'],
      defaultCutoffs: [2, 3],
      compare: true,
    });
  });

  it('leaves what the file does not set to the settings, and the settings alone without a file', () => {
    const found = { path: '/p/package.json', source: 'package.json', problems: [], config: { defaultCutoffs: [1] } };
    assert.deepEqual(withProjectConfig(settings, found), { ...settings, defaultCutoffs: [1] });
    assert.equal(withProjectConfig(settings, undefined), settings);
    assert.deepEqual(withProjectConfig(settings, { ...found, config: {} }), settings);
  });
});

describe('qrels rules', () => {
  const found = (qrels: Record<string, string>, path = '/p/ranklens.config.json') => ({
    path,
    source: 'ranklens.config.json',
    problems: [],
    config: { qrels },
  });

  it('keeps each rule in the order written, and leaves out an empty glob or a path that is not a string', () => {
    assert.deepEqual(readProjectConfig({ qrels: { 'runs/*.run': 'qrels/dev.qrels', 'test/**': '../t.qrels' } }), {
      config: { qrels: { 'runs/*.run': 'qrels/dev.qrels', 'test/**': '../t.qrels' } },
      problems: [],
    });
    assert.deepEqual(readProjectConfig({ qrels: { 'runs/*.run': 'qrels/dev.qrels', '': 'x.qrels', 'b/*': 3, 'c/*': '' } }), {
      config: { qrels: { 'runs/*.run': 'qrels/dev.qrels' } },
      problems: [
        'qrels: an empty glob is ignored.',
        'qrels: "b/*": 3 is ignored (the path of a qrels file, relative to the configuration).',
        'qrels: "c/*": "" is ignored (the path of a qrels file, relative to the configuration).',
      ],
    });
    const refused = 'qrels must map globs of run files to qrels paths, e.g. {"runs/*.run": "qrels/dev.qrels"}; it is ignored.';
    assert.deepEqual(readProjectConfig({ qrels: 'qrels/dev.qrels' }), { config: {}, problems: [refused] });
    assert.deepEqual(readProjectConfig({ qrels: ['runs/*.run'] }).problems, [refused]);
  });

  it('pairs a run with the first rule that matches its path relative to the config, the qrels resolved there', () => {
    const config = found({ 'runs/bm25*.run': 'qrels/bm25.qrels', 'runs/*.run': 'qrels/dev.qrels', '**/*.trec': '../shared/all.qrels' });
    assert.equal(configuredQrels(config, '/p/runs/bm25-tuned.run'), '/p/qrels/bm25.qrels');
    assert.equal(configuredQrels(config, '/p/runs/splade.run'), '/p/qrels/dev.qrels');
    assert.equal(configuredQrels(config, '/p/deep/er/x.trec'), '/shared/all.qrels');
    assert.equal(configuredQrels(config, '/p/x.trec'), '/shared/all.qrels');
    // * stays within a folder; a file outside the config's folder is not paired.
    assert.equal(configuredQrels(config, '/p/runs/old/splade.run'), undefined);
    assert.equal(configuredQrels(config, '/q/runs/splade.run'), undefined);
    assert.equal(configuredQrels(found({ './runs/*.run': '/abs/dev.qrels' }), '/p/runs/a.run'), '/abs/dev.qrels');
    assert.equal(
      configuredQrels(found({ 'runs/*.run': 'dev.qrels' }, 'C:\\p\\ranklens.config.json'), 'C:\\p\\runs\\a.run'),
      'C:/p/dev.qrels',
    );
    assert.equal(configuredQrels({ ...config, config: {} }, '/p/runs/a.run'), undefined);
  });

  it('reads the rules from ranklens.config.json with comments, as found from a run', () => {
    const text = '{\n  // runs to qrels\n  "qrels": {"runs/*.run": "qrels/dev.qrels"}\n}\n';
    const got = findProjectConfig('/p/runs/a.run', (path) => (path === '/p/ranklens.config.json' ? text : undefined));
    assert.ok(got);
    assert.deepEqual(got.config, { qrels: { 'runs/*.run': 'qrels/dev.qrels' } });
    assert.equal(configuredQrels(got, '/p/runs/a.run'), '/p/qrels/dev.qrels');
  });
});
