import i18n from '@/locales';
import { ApiError, CODE_NETWORK, handleResponse, httpClient, type Envelope } from '@/utils/request';
import { toast } from '@/utils/feedback';
import type { OrderFilters } from './orders';

// The order exports (docs/api.md "Order exports"): the server streams every row the filter
// selects as CSV; the console saves the answer as it came, under the server's file name.

export type ExportPath = '/api/partner/deposit/export' | '/api/partner/withdraw/export' | '/api/partner/user/tx/export';

export interface ExportedFile {
  fileName: string;
  /** Data lines (the header not counted). */
  rows: number;
  blob: Blob;
}

/** `attachment; filename="deposits-20261116-20261122.csv"` -> the name; `fallback` when absent. */
export function fileNameOf(disposition: string | undefined | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
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
 * Asks for the export of `filters`. A refusal comes as the usual envelope and is toasted (and
 * rejected) by the request layer; no time limit: a large file takes as long as it takes.
 */
export async function fetchExport(path: ExportPath, filters: OrderFilters & { type?: number }, fallbackName: string): Promise<ExportedFile> {
  const http = await httpClient();
  let response;
  try {
    response = await http.post<Blob>(path, filters, { responseType: 'blob', timeout: 0 });
  } catch (error) {
    const text = error instanceof Error && error.message ? error.message : i18n.t('network_error');
    toast.error(text);
    throw new ApiError(CODE_NETWORK, text);
  }
  const type = String(response.headers['content-type'] ?? '');
  if (response.status !== 200 || !type.startsWith('text/csv')) {
    // Not a file: the envelope of a refusal (or something else answered).
    let envelope: Envelope<unknown> | null = null;
    try {
      envelope = JSON.parse(await response.data.text()) as Envelope<unknown>;
    } catch {
      envelope = null;
    }
    handleResponse({ ...response, data: envelope } as Parameters<typeof handleResponse>[0], false);
    throw new ApiError(CODE_NETWORK, i18n.t('network_error'));
  }
  const blob = response.data;
  return { fileName: fileNameOf(response.headers['content-disposition'] as string | undefined, fallbackName), rows: dataLines(await blob.text()), blob };
}

/** Saves a blob as a file through a temporary link (the browser's download). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
