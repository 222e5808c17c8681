import i18n from '@/locales';
import { toast } from '@/utils/feedback';
import { ApiError, CODE_NETWORK, handleResponse, httpClient, type Envelope } from '@/utils/request';

// The one way the console fetches a file the server builds (the order exports, the data
// reports' CSV): POST the query, take a CSV answer as the file under the server's name, and
// treat anything else as the usual envelope (a refusal is shown as every call's).

/** A file the server built, with the name it gave. */
export interface DownloadedFile {
  fileName: string;
  blob: Blob;
}

/** A blob's text (FileReader: jsdom's Blob has no text()). */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const FILENAME = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/** The name of an attachment (Content-Disposition `filename` or `filename*`), or `fallback`. */
export function attachmentName(disposition: string | null | undefined, fallback: string): string {
  const match = FILENAME.exec(disposition ?? '');
  if (!match) return fallback;
  try {
    return decodeURIComponent(match[1].trim());
  } catch {
    return match[1].trim();
  }
}

/** A failure the request layer did not already show: toasted here, then rejected. */
function networkFailure(text: string): never {
  toast.error(text);
  throw new ApiError(CODE_NETWORK, text);
}

/**
 * POSTs `body` and takes the answer as a file. No time limit: a large export takes as long as
 * it takes (the caller's button shows it is under way).
 */
export async function postForFile(url: string, body: object, fallbackName: string): Promise<DownloadedFile> {
  const http = await httpClient();
  const response = await http
    .request<Blob>({ url, method: 'POST', data: body, responseType: 'blob', timeout: 0 })
    .catch((error: unknown) => networkFailure(error instanceof Error && error.message ? error.message : i18n.t('network_error')));
  const type = String(response.headers['content-type'] ?? '');
  if (response.status === 200 && type.startsWith('text/csv')) {
    return { fileName: attachmentName(response.headers['content-disposition'] as string | undefined, fallbackName), blob: response.data };
  }
  // Not a file: the envelope of a refusal or of session expiry, handled as every call's.
  let envelope: Envelope<unknown> | null = null;
  try {
    envelope = JSON.parse(await blobText(response.data)) as Envelope<unknown>;
  } catch {
    envelope = null;
  }
  handleResponse({ ...response, data: envelope as Envelope<unknown> }, false);
  // A JSON success where a file was expected: nothing to save.
  return networkFailure(i18n.t('network_error'));
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
