import { describe, expect, it } from 'vitest';
import { CSV_BOM, buildCsv, csvField } from './csv';

describe('csv', () => {
  it('writes plain values as they are, exact decimal strings included', () => {
    expect(csvField('25')).toBe('25');
    expect(csvField('0.000000000000000001')).toBe('0.000000000000000001');
    expect(csvField('123456789012345678901234567890.123456')).toBe('123456789012345678901234567890.123456');
    expect(csvField(7)).toBe('7');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('链上确认中')).toBe('链上确认中');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('{"code":0,"msg":"ok"}')).toBe('"{""code"":0,""msg"":""ok""}"');
  });

  it('keeps formula-like text as text, but not numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+123abc')).toBe("'+123abc");
    expect(csvField('@user')).toBe("'@user");
    expect(csvField('-1.5')).toBe('-1.5');
  });

  it('starts with the UTF-8 BOM and ends every line with CRLF', () => {
    const text = buildCsv(['Order number', '数量'], [
      ['D1', '25'],
      ['D2', 'a,b'],
    ]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toBe('\uFEFFOrder number,数量\r\nD1,25\r\nD2,"a,b"\r\n');
    // The BOM is the UTF-8 byte sequence EF BB BF once encoded.
    expect(Array.from(new TextEncoder().encode(text).slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });
});
