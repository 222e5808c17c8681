import { blobText, postForFile, type DownloadedFile } from './download';

// The list exports (docs/api.md "Order exports", "Collect"): the server streams every row the
// filter selects as CSV; the console saves the answer as it came, under the server's file name.

export type ExportPath = '/api/partner/deposit/export' | '/api/partner/withdraw/export' | '/api/partner/user/tx/export' | '/api/partner/collect/export' | '/api/partner/points/export' | '/api/v2/exchange/export';

export interface ExportedFile extends DownloadedFile {
  /** Data lines (the header not counted). */
  rows: number;
}

/** Lines after the header of a CSV (every line ends in CRLF; a quoted cell may hold line breaks). */
export function dataLines(text: string): number {
  let lines = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) lines += 1;
  }
  return Math.max(0, lines - 1);
}

/**
 * The export of `filters`: the server's file (postForFile: a refusal is shown and rejected) and
 * how many rows it holds.
 */
export async function exportList(path: ExportPath, filters: object, fallbackName: string): Promise<ExportedFile> {
  const file = await postForFile(path, filters, fallbackName);
  return { ...file, rows: dataLines(await blobText(file.blob)) };
}
