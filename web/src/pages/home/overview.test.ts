import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { pickedRange } from './overview';

describe('the Home period', () => {
  it('needs both ends (spec section 5)', () => {
    expect(pickedRange(dayjs('2031-03-01'), null)).toBe('missing');
    expect(pickedRange(null, dayjs('2031-03-01'))).toBe('missing');
  });

  it('is the picked days, oldest first, both inclusive', () => {
    expect(pickedRange(dayjs('2031-03-09'), dayjs('2031-03-01'))).toEqual({ startDate: '2031-03-01', endDate: '2031-03-09' });
    expect(pickedRange(dayjs('2031-03-01'), dayjs('2031-03-01'))).toEqual({ startDate: '2031-03-01', endDate: '2031-03-01' });
  });

  it('covers at most 366 days', () => {
    expect(pickedRange(dayjs('2031-01-01'), dayjs('2032-01-01'))).toEqual({ startDate: '2031-01-01', endDate: '2032-01-01' }); // 366 days
    expect(pickedRange(dayjs('2031-01-01'), dayjs('2032-01-02'))).toBe('too_long');
  });
});
