import { describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { collectionRow } from '@/test/collections';
import { collectionsCsv, collectionsFileName, csvCell, EXPORT_ROW_LIMIT, readCollections } from './collectionCsv';

describe('the collections CSV', () => {
  it('quotes cells holding commas, quotes or line breaks, and defuses formulas but not numbers', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\nnow')).toBe('"say ""hi""\nnow"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('-1.5')).toBe('-1.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(7)).toBe('7');
  });

  it('titles in the UI language with the zone named; empty cells for what is not known yet', async () => {
    const t = i18n.getFixedT('zh-CN');
    const text = collectionsCsv([collectionRow(3, { status: 7, reason: 'fee above cap: 0.5, then', amount: null, feePaid: null, finishedAt: null, runId: 2, trigger: 3 })], t, -5);
    const [header, line] = text.replace(/^\ufeff/, '').split('\r\n');
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(header.split(',').slice(0, 3)).toEqual(['ID', '创建时间（UTC-5）', '链']);
    expect(line).toBe(`3,2026-11-22 02:00:00,Devchain,USDT,0x5FbDB2315678afecb367f032d93F642f64180aa3,,20,0.123456,20,DEV,0.001,,等待归集,"fee above cap: 0.5, then",手动,2,2026-11-22 02:01:00,`);
  });

  it('reads every page of the filter up to the limit', async () => {
    const read = vi.fn(async ({ page }: { page: number }) => ({ list: Array.from({ length: 100 }, (_, index) => collectionRow(page * 1000 + index)), total: 20_000 }));
    const { rows, total } = await readCollections({ status: 1 }, read as never);
    expect(rows).toHaveLength(EXPORT_ROW_LIMIT);
    expect(total).toBe(20_000);
    expect(read).toHaveBeenCalledTimes(EXPORT_ROW_LIMIT / 100);
    expect(read).toHaveBeenLastCalledWith({ status: 1, page: 100, pageSize: 100 });
  });

  it('names the file by the merchant day', () => {
    expect(collectionsFileName(8, new Date('2026-11-22T20:00:00Z'))).toBe('collections-20261123.csv');
    expect(collectionsFileName(-5, new Date('2026-11-22T02:00:00Z'))).toBe('collections-20261121.csv');
  });
});
