/** How a response is presented: human sizes and a pretty-printed body when it is JSON. */
import type { HttpExchange } from '../protocol/messages';
import { reindentJson } from './json-indent';

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

function isJsonContentType(headers: HttpExchange['headers']): boolean {
  const type = headers.find((header) => header.name.toLowerCase() === 'content-type')?.value ?? '';
  return /[/+]json\b/i.test(type);
}

/**
 * JSON bodies (by content type, or by shape when there is no content type) re-indented by two
 * spaces with every literal kept as sent; others exactly as sent.
 */
export function prettyBody(exchange: Pick<HttpExchange, 'bodyText' | 'headers' | 'truncated'>): {
  text: string;
  isJson: boolean;
} {
  const text = exchange.bodyText;
  const untyped = !exchange.headers.some((header) => header.name.toLowerCase() === 'content-type');
  const candidate = isJsonContentType(exchange.headers) || (untyped && /^\s*[[{]/.test(text));
  if (exchange.truncated || !candidate) return { text, isJson: false };
  const pretty = reindentJson(text);
  // Declared JSON that does not parse is shown exactly as received.
  return pretty === null ? { text, isJson: false } : { text: pretty, isJson: true };
}
