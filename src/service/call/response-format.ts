/** How a response's size is presented: human units, and what was kept of a cut body. */
import type { HttpExchange } from './execute';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1023.95) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function describeSize(
  exchange: Pick<HttpExchange, 'bodyBytes' | 'totalBytes' | 'truncated'>,
): string {
  if (!exchange.truncated) return formatBytes(exchange.bodyBytes);
  return exchange.totalBytes === null
    ? `more than ${formatBytes(exchange.bodyBytes)}`
    : `${formatBytes(exchange.totalBytes)} (${formatBytes(exchange.bodyBytes)} kept)`;
}

const EXTENSIONS: [RegExp, string][] = [
  [/[/+]json\b/i, 'json'],
  [/html/i, 'html'],
  [/^image\/svg/i, 'svg'],
  [/[/+]xml\b/i, 'xml'],
  [/^image\/png/i, 'png'],
  [/^image\/jpe?g/i, 'jpg'],
  [/^image\/gif/i, 'gif'],
  [/^image\/webp/i, 'webp'],
  [/^text\/csv/i, 'csv'],
];

/** A file name for a saved response body: its status and the extension its type calls for. */
export function bodyFileName(status: number, contentType: string): string {
  const extension = EXTENSIONS.find(([pattern]) => pattern.test(contentType))?.[1] ?? 'txt';
  return `response-${status}.${extension}`;
}
