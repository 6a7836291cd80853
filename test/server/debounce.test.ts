/**
 * The debouncer decides when an edit is evaluated. Protocol tests set a fixed 0 ms wait, so its own
 * paths are tested here, with real timers: only the last call of a burst runs, cancel and drop stop a
 * pending run, and a fixed wait of 0 runs at once.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Debouncer } from '../../server/debounce';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the debouncer', () => {
  it('with a fixed 0 ms, runs every call at once, synchronously', () => {
    const d = new Debouncer(0);
    const runs: number[] = [];
    for (let i = 1; i <= 3; i++) d.schedule('doc', () => runs.push(i));
    assert.deepEqual(runs, [1, 2, 3]);
  });

  it('with a fixed 30 ms, runs only the last of a burst of three, and not before the wait', async () => {
    const d = new Debouncer(30);
    const runs: number[] = [];
    for (let i = 1; i <= 3; i++) d.schedule('doc', () => runs.push(i));
    await sleep(5);
    assert.equal(runs.length, 0);
    await sleep(80);
    assert.deepEqual(runs, [3]);
  });

  it('adaptive (no fixed wait): a first edit runs on the next turn, a burst still runs once, the last', async () => {
    const d = new Debouncer();
    const runs: string[] = [];
    d.schedule('doc', () => runs.push('first'));
    assert.equal(runs.length, 0, 'never inside the notification handler');
    await sleep(20);
    assert.deepEqual(runs, ['first']);
    for (const v of ['a', 'b', 'c']) d.schedule('doc', () => runs.push(v));
    await sleep(200);
    assert.deepEqual(runs, ['first', 'c']);
  });

  it("keeps documents apart: a burst on one does not swallow the other's edit", async () => {
    const d = new Debouncer(10);
    const runs: string[] = [];
    d.schedule('a', () => runs.push('a1'));
    d.schedule('b', () => runs.push('b1'));
    d.schedule('a', () => runs.push('a2'));
    await sleep(60);
    assert.deepEqual(runs.sort(), ['a2', 'b1']);
  });

  it('cancel and drop stop a pending run', async () => {
    const d = new Debouncer(10);
    const runs: string[] = [];
    d.schedule('a', () => runs.push('a'));
    d.schedule('b', () => runs.push('b'));
    d.cancel('a');
    d.drop('b');
    await sleep(60);
    assert.deepEqual(runs, []);
  });
});
