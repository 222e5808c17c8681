import { describe, expect, it } from 'vitest';
import { OFF_PHONE, forScreens, labelCells, type ListColumn } from './columnSettings';

type Row = { amount: string };

describe('forScreens', () => {
  it('leaves out on a phone every column but those marked for it, keeping their own classes', () => {
    const columns: Array<ListColumn<Row>> = [
      { key: 'orderNo', className: 'mono' },
      { key: 'amount', phone: true },
      { key: 'status', phone: true, secondary: true },
    ];
    const drawn = forScreens(columns);
    expect(drawn.map((column) => column.className)).toEqual([`mono ${OFF_PHONE}`, undefined, undefined]);
    expect(drawn.every((column) => !('phone' in column) && !('secondary' in column))).toBe(true);
  });

  it('keeps every column on a phone when a list marks none', () => {
    expect(forScreens<Row>([{ key: 'email' }, { key: 'role' }]).map((column) => column.className)).toEqual([undefined, undefined]);
  });
});

describe('labelCells', () => {
  it('names each cell after its column for a card on a phone, keeping the column\u2019s own cell attributes', () => {
    const row = { amount: '1' };
    const columns = labelCells<Row>([
      { key: 'amount', title: 'Amount', onCell: () => ({ className: 'mono' }) },
      { key: 'status', title: 'Status' },
      { key: 'icon', title: () => 'Icon' },
    ]);
    expect(columns.map((column) => column.onCell?.(row, 0))).toEqual([{ className: 'mono', 'data-label': 'Amount' }, { 'data-label': 'Status' }, undefined]);
  });
});
