// CSV files the console builds for download (exports). RFC 4180: fields separated by commas,
// lines by CRLF; a field holding a comma, a quote, a CR or an LF is quoted, its quotes doubled.
// The file starts with a UTF-8 byte-order mark so Excel reads Chinese text correctly.

export type CsvValue = string | number | boolean | null | undefined;

export const CSV_BOM = '\uFEFF';

const NUMBER = /^-?\d+(\.\d+)?$/;
/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field as written. Values are written exactly as given (decimal strings keep every digit);
 * text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe,
 * numbers excepted, so an OpenID like "=HYPERLINK(...)" stays text.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, the header line, one line per row, CRLF after each line. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `${CSV_BOM}${lines.map((line) => `${line}\r\n`).join('')}`;
}

/** Saves text as a file through a temporary link (the browser's download). */
export function downloadText(filename: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
