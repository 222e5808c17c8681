import { describe, expect, it } from 'vitest';
import { collectionsFileName } from './collectionCsv';

describe('the collections file', () => {
  it('is named by the merchant day when the server gives no name', () => {
    expect(collectionsFileName(8, new Date('2026-11-22T20:00:00Z'))).toBe('collections-20261123.csv');
    expect(collectionsFileName(-5, new Date('2026-11-22T02:00:00Z'))).toBe('collections-20261121.csv');
  });
});
