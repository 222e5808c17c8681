import { describe, expect, it } from 'vitest';
import { dataLines, fileNameOf } from './exports';

describe('the export answer', () => {
  it("takes the file name from Content-Disposition, else the console's", () => {
    expect(fileNameOf('attachment; filename="deposits-20261116-20261122.csv"', 'x.csv')).toBe('deposits-20261116-20261122.csv');
    expect(fileNameOf('attachment; filename=withdrawals-1-2.csv', 'x.csv')).toBe('withdrawals-1-2.csv');
    expect(fileNameOf(undefined, 'transactions-20261116-20261122.csv')).toBe('transactions-20261116-20261122.csv');
  });

  it('counts the rows after the header', () => {
    expect(dataLines('\uFEFFOrder number,Type\r\n')).toBe(0);
    expect(dataLines('\uFEFFOrder number,Type\r\nD1,Deposit\r\nW1,Withdrawal\r\n')).toBe(2);
    expect(dataLines('h\r\na,"line\r\nbreak"\r\n')).toBe(1);
    expect(dataLines('h\r\na,"say ""hi""\r\n"\r\n')).toBe(1);
  });
});
