import type { HttpExchange } from '../../../src/service/call/execute';

/** The answer's Content-Type header, or '' when it sent none. */
export function contentTypeOf(exchange: HttpExchange): string {
  return exchange.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
}
