/**
 * OpenQueries: the blocks a streaming run reader keeps open, handed over the least recently read
 * first once more queries start than it may hold, each with where its lines lie.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OpenQueries } from '../../shared/trec/read/openQueries';
import { BlockColumns } from '../../shared/trec/store/runBlock';

// Each handed-over block as "query: qid lines start–end line n".
function recorder() {
  const closed: string[] = [];
  return {
    closed,
    onClose: (b: { qid: string; count: number }, q: number, s: { start: number; end: number; line: number }) =>
      closed.push(`${q}: ${b.qid} ${b.count} ${s.start}–${s.end} line ${s.line}`),
  };
}

function line(block: BlockColumns, id: string): void {
  const bytes = Buffer.from(id, 'latin1');
  block.push(bytes, 0, bytes.length, 0, 1, 0);
}

describe('OpenQueries', () => {
  it('opens a block per query, finds it again, and hands over none while it has room', () => {
    const r = recorder();
    const open = new OpenQueries(3, r.onClose);
    const a = open.open(0, 'a', 100, 1);
    line(a, 'x');
    const b = open.open(1, 'b', 110, 2);
    assert.notEqual(a, b);
    assert.equal(open.find(0), a);
    assert.equal(open.find(2), undefined);
    assert.equal(open.find(7000), undefined); // a query number past any seen
    assert.deepEqual(r.closed, []);
  });

  it('hands over the query read least recently to make room: a, b, a again, then c hands over b', () => {
    const r = recorder();
    const open = new OpenQueries(2, r.onClose);
    line(open.open(0, 'a', 0, 1), 'x');
    open.leave(0, 10);
    line(open.open(1, 'b', 10, 2), 'y');
    open.leave(1, 20);
    line(open.find(0)!, 'z'); // a read again: b is now the one read least recently
    open.leave(0, 30);
    open.open(2, 'c', 30, 4);
    assert.deepEqual(r.closed, ['1: b 1 10–20 line 2']);
    // b's block is c's now, emptied; a kept both its lines.
    assert.equal(open.find(2)!.count, 0);
    assert.equal(open.find(0)!.count, 2);
  });

  it("closeAll hands over every open block, read least recently first; the current query's lines end where given", () => {
    const r = recorder();
    const open = new OpenQueries(4, r.onClose);
    open.open(5, 'e', 0, 1);
    open.leave(5, 13);
    open.open(3, 'c', 13, 2);
    open.leave(3, 26);
    open.find(5);
    open.closeAll(5, 52);
    assert.deepEqual(r.closed, ['3: c 0 13–26 line 2', '5: e 0 0–52 line 1']);
    assert.deepEqual([open.find(5), open.find(3)], [undefined, undefined]);
  });

  it('leave on a query that is not open changes nothing', () => {
    const r = recorder();
    const open = new OpenQueries(1, r.onClose);
    open.leave(9, 100);
    open.open(0, 'a', 0, 1);
    open.leave(9, 100);
    open.closeAll(0, 5);
    assert.deepEqual(r.closed, ['0: a 0 0–5 line 1']);
  });

  it('holds query numbers far apart (the table of slots grows): 0 and 100,000', () => {
    const r = recorder();
    const open = new OpenQueries(2, r.onClose);
    open.open(0, 'a', 0, 1);
    open.open(100_000, 'z', 5, 2);
    assert.equal(open.find(100_000)!.qid, 'z');
    open.open(3, 'c', 9, 3);
    assert.deepEqual(r.closed, ['0: a 0 0–0 line 1']);
  });
});
