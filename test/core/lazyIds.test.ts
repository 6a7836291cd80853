/**
 * A slotted case may give its ids as a function (the TREC reader cuts them from a run's bytes): the
 * ranking asks it only for the ids a tie compares, and cuts the ranked ids when RankedCase.ids is
 * first read, once. What it then reads, and the views made from it, equal the eager ranking's.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../shared/core/conventions';
import { judgedOnly, truncated, withThreshold } from '../../shared/core/rankViews';
import { RankedCase, SlottedCase, rankSlotted } from '../../shared/core/ranking';

const trec = PRESETS.trec_eval;

/** A case of ids and scores, its labels a → grade; the ids given as a function that logs each call. */
function lazyCase(ids: string[], scores: number[], labels: Record<string, number>): { c: SlottedCase; asked: number[] } {
  const asked: number[] = [];
  const labelIds = Object.keys(labels);
  const slots = new Int32Array(ids.map((id) => (labelIds.includes(id) ? labelIds.indexOf(id) : labelIds.length + ids.indexOf(id))));
  const c: SlottedCase = {
    ids: (i) => {
      asked.push(i);
      return ids[i];
    },
    slots,
    slotCount: labelIds.length + ids.length,
    grades: new Float64Array(ids.map((id) => labels[id] ?? NaN)),
    keys: new Float64Array(scores),
    labelIds,
    labelGrades: labelIds.map((id) => labels[id]),
  };
  return { c, asked };
}

/** The same case with its ids as an array. */
function eager(c: SlottedCase, ids: string[]): SlottedCase {
  return { ...c, ids };
}

describe('ids given as a function', () => {
  it('are not asked for when no scores tie, until the ranked ids are read, and then once each', () => {
    const { c, asked } = lazyCase(['a', 'b', 'c'], [1, 3, 2], { b: 1 });
    const rc = rankSlotted(c, trec);
    assert.deepEqual(asked, []);
    assert.equal(rc.count, 3);
    assert.deepEqual(Array.from(rc.source), [1, 2, 0]);
    assert.deepEqual(rc.ids, ['b', 'c', 'a']);
    assert.equal(rc.ids, rc.ids, 'cut once, then kept');
    assert.deepEqual(asked.sort(), [0, 1, 2]);
  });

  it('are asked for only in a tie, which trec_eval breaks by docid, descending', () => {
    // a 5, then b, d and c tied on 2: d, c, b.
    const { c, asked } = lazyCase(['a', 'b', 'd', 'c'], [5, 2, 2, 2], { c: 1 });
    const rc = rankSlotted(c, trec);
    assert.deepEqual([...new Set(asked)].sort(), [1, 2, 3]);
    assert.deepEqual(rc.ids, ['a', 'd', 'c', 'b']);
  });

  it('sort a tie of more than 16 ids (the sort with a comparator) as the insertion sort does, stable on equal ids', () => {
    const ids = Array.from({ length: 20 }, (_, i) => `d${String((i * 7) % 20).padStart(2, '0')}`);
    ids[19] = ids[0]; // a repeat: the first of the two (index 0) ranks, the other is a duplicate
    const { c } = lazyCase(
      ids,
      ids.map(() => 1),
      {},
    );
    const rc = rankSlotted(c, trec);
    const expected = [...new Set(ids)].sort().reverse();
    assert.deepEqual(rc.ids, expected);
    assert.equal(rc.duplicates, 1);
    assert.equal(rc.source[expected.indexOf(ids[0])], 0);
    assert.deepEqual({ ...rc, ids: rc.ids }, rankSlotted(eager(c, ids), trec));
  });

  it("give views (-M, -J, another relevance level) with the eager ranking's ids", () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const scores = [5, 4, 3, 2, 1];
    const labels = { a: 1, c: 0, d: 2 };
    const lazy = (): RankedCase => rankSlotted(lazyCase(ids, scores, labels).c, trec);
    const plain = rankSlotted(eager(lazyCase(ids, scores, labels).c, ids), trec);
    assert.deepEqual(truncated(lazy(), 2).ids, ['a', 'b']);
    assert.equal(truncated(lazy(), 2).count, 2);
    assert.deepEqual(judgedOnly(lazy()).ids, ['a', 'c', 'd']);
    assert.equal(judgedOnly(lazy()).count, 3);
    const strict = withThreshold(lazy(), 1, trec);
    assert.deepEqual(strict.ids, ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(Array.from(strict.relevant), [0, 0, 0, 1, 0]);
    assert.deepEqual({ ...truncated(lazy(), 3) }, { ...truncated(plain, 3) });
  });
});
