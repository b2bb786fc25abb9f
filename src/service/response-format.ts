/** How a response is presented: human sizes and a pretty-printed body when it is JSON. */
import type { HttpExchange } from '../protocol/messages';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
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

function isJsonContentType(headers: HttpExchange['headers']): boolean {
  const type = headers.find((header) => header.name.toLowerCase() === 'content-type')?.value ?? '';
  return /[/+]json\b/i.test(type);
}

/** JSON bodies (by content type, or by shape when untyped) indented by two spaces; others as sent. */
export function prettyBody(exchange: Pick<HttpExchange, 'bodyText' | 'headers' | 'truncated'>): {
  text: string;
  isJson: boolean;
} {
  const text = exchange.bodyText;
  const looksJson = /^\s*[[{]/.test(text);
  if (exchange.truncated || !(isJsonContentType(exchange.headers) || looksJson)) {
    return { text, isJson: false };
  }
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), isJson: true };
  } catch {
    return { text, isJson: false }; // declared JSON that does not parse is shown exactly as received
  }
}
