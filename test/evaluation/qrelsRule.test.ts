/**
 * The rule "Ranklens: Pick Qrels for This Run" writes into ranklens.config.json (qrelsRule.ts): the
 * globs offered, the relative paths, and the edit of the text, before and after written out.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { qrelsRuleEdit, relativePath, runGlobChoices } from '../../shared/evaluation/qrelsRule';
import { OffsetEdit } from '../../shared/fixture';

const applied = (text: string, edit: OffsetEdit | undefined) =>
  edit ? text.slice(0, edit.span.start) + edit.newText + text.slice(edit.span.end) : text;

describe('relativePath and runGlobChoices', () => {
  it('paths relative to the configuration folder, ../ for a folder left', () => {
    assert.equal(relativePath('/w', '/w/runs/bm25.run'), 'runs/bm25.run');
    assert.equal(relativePath('/w/project', '/w/qrels/dev.qrels'), '../qrels/dev.qrels');
    assert.equal(relativePath('/w/a/b', '/w/a/dev.qrels'), '../dev.qrels');
    assert.equal(relativePath('/w', '/w/dev.qrels'), 'dev.qrels');
  });

  it("offers the run's own path and its folder's files of its extension", () => {
    assert.deepEqual(runGlobChoices('/w', '/w/runs/bm25.run'), { run: 'runs/bm25.run', folder: 'runs/*.run' });
    assert.deepEqual(runGlobChoices('/w', '/w/a.trec'), { run: 'a.trec', folder: '*.trec' });
    assert.deepEqual(runGlobChoices('/w', '/w/runs/.hidden'), { run: 'runs/.hidden', folder: 'runs/*' });
  });
});

describe('qrelsRuleEdit', () => {
  const rule = { glob: 'runs/*.run', qrels: 'qrels/dev.qrels' };

  it('writes a whole configuration into an empty file', () => {
    assert.equal(
      applied('', qrelsRuleEdit('', rule, 'runs/bm25.run')),
      `{
  "qrels": {
    "runs/*.run": "qrels/dev.qrels"
  }
}`,
    );
  });

  it('adds the qrels key after the other keys, their comments kept', () => {
    const before = `{
  // the preset of the team
  "defaultConvention": "trec_eval",
  /* what the lenses lead with */
  "defaultCutoffs": 10
}
`;
    assert.equal(
      applied(before, qrelsRuleEdit(before, rule, 'runs/bm25.run')),
      `{
  // the preset of the team
  "defaultConvention": "trec_eval",
  /* what the lenses lead with */
  "defaultCutoffs": 10,
  "qrels": {
    "runs/*.run": "qrels/dev.qrels"
  }
}
`,
    );
  });

  it('formats the line it edits, as jsonc-parser does: a list on the last key before is laid out again', () => {
    const before = `{
  "headlineMetrics": ["nDCG@10"]
}
`;
    assert.equal(
      applied(before, qrelsRuleEdit(before, rule, 'runs/bm25.run')),
      `{
  "headlineMetrics": [
    "nDCG@10"
  ],
  "qrels": {
    "runs/*.run": "qrels/dev.qrels"
  }
}
`,
    );
  });

  it('replaces the qrels of an existing rule in place, as one edit of its value', () => {
    const before = `{
  "qrels": {
    "runs/*.run": "qrels/old.qrels", // last year's
    "test/*.run": "qrels/test.qrels"
  }
}
`;
    const edit = qrelsRuleEdit(before, rule, 'runs/bm25.run');
    assert.deepEqual(edit, { span: { start: before.indexOf('old'), end: before.indexOf('old') + 3 }, newText: 'dev' });
    assert.equal(
      applied(before, edit),
      `{
  "qrels": {
    "runs/*.run": "qrels/dev.qrels", // last year's
    "test/*.run": "qrels/test.qrels"
  }
}
`,
    );
  });

  it('puts a new rule first, so that it wins over a broader rule that also matches the run', () => {
    const before = `{
  "qrels": {
    "runs/*.run": "qrels/dev.qrels"
  }
}
`;
    const one = { glob: 'runs/bm25.run', qrels: 'qrels/test.qrels' };
    assert.equal(
      applied(before, qrelsRuleEdit(before, one, 'runs/bm25.run')),
      `{
  "qrels": {
    "runs/bm25.run": "qrels/test.qrels",
    "runs/*.run": "qrels/dev.qrels"
  }
}
`,
    );
  });

  it('moves an existing rule first when an earlier rule shadows it', () => {
    const before = `{
  "qrels": {
    "runs/*.run": "qrels/dev.qrels",
    "runs/bm25.run": "qrels/old.qrels"
  }
}
`;
    const one = { glob: 'runs/bm25.run', qrels: 'qrels/test.qrels' };
    assert.equal(
      applied(before, qrelsRuleEdit(before, one, 'runs/bm25.run')),
      `{
  "qrels": {
    "runs/bm25.run": "qrels/test.qrels",
    "runs/*.run": "qrels/dev.qrels"
  }
}
`,
    );
  });

  it('replaces a qrels value that is not a mapping of rules', () => {
    const before = `{ "qrels": "qrels/dev.qrels" }`;
    assert.equal(
      applied(before, qrelsRuleEdit(before, rule, 'runs/bm25.run')),
      `{ "qrels": {
    "runs/*.run": "qrels/dev.qrels"
  } }`,
    );
  });

  it("writes under package.json's ranklens key", () => {
    const before = `{
  "name": "my-eval",
  "ranklens": {
    "defaultConvention": "trec_eval"
  }
}
`;
    assert.equal(
      applied(before, qrelsRuleEdit(before, rule, 'runs/bm25.run', ['ranklens'])),
      `{
  "name": "my-eval",
  "ranklens": {
    "defaultConvention": "trec_eval",
    "qrels": {
      "runs/*.run": "qrels/dev.qrels"
    }
  }
}
`,
    );
  });

  it('changes nothing when the rule is there already', () => {
    const before = `{"qrels": {"runs/*.run": "qrels/dev.qrels"}}`;
    assert.equal(qrelsRuleEdit(before, rule, 'runs/bm25.run'), undefined);
  });
});
