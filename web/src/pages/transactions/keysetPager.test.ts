import { describe, expect, it } from 'vitest';
import { cursorOf, firstPage, nextPage, previousPage } from './keysetPager';

describe('the keyset pager', () => {
  it('keeps the cursor of every page reached, so Previous reads the page before again', () => {
    let at = firstPage(20);
    expect(cursorOf(at)).toBeUndefined();
    at = nextPage(at, 'c2');
    at = nextPage(at, 'c3');
    expect([at.index, cursorOf(at)]).toEqual([2, 'c3']);
    at = previousPage(at);
    expect([at.index, cursorOf(at)]).toEqual([1, 'c2']);
    at = previousPage(at);
    expect([at.index, cursorOf(at)]).toEqual([0, undefined]);
    expect(previousPage(at)).toBe(at);
  });

  it('forgets the pages beyond when it goes on from an earlier page', () => {
    let at = nextPage(nextPage(firstPage(), 'c2'), 'c3');
    at = nextPage(previousPage(previousPage(at)), 'c2-again');
    expect(at.cursors).toEqual([null, 'c2-again']);
    expect(at.index).toBe(1);
  });

  it('stays on the last page, and a new page size starts over', () => {
    const last = nextPage(firstPage(), 'c2');
    expect(nextPage(last, null)).toBe(last);
    expect(firstPage(50)).toEqual({ cursors: [null], index: 0, pageSize: 50 });
  });
});
