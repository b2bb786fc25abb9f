/** What an HTTP status means, in a few words, for the response summary. */

const MEANINGS: Record<number, string> = {
  200: 'OK: the request succeeded',
  201: 'Created: a new resource was made',
  202: 'Accepted: queued for processing',
  204: 'No Content: succeeded, nothing to return',
  301: 'Moved Permanently',
  302: 'Found: redirected',
  304: 'Not Modified',
  400: 'Bad Request: the server refused the request as malformed',
  401: 'Unauthorized: missing, invalid or expired credentials',
  403: 'Forbidden: authenticated, but not allowed',
  404: 'Not Found: no such resource (or path)',
  405: 'Method Not Allowed for this path',
  409: 'Conflict with the current state',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable: the content was understood but refused',
  429: 'Too Many Requests: slow down (rate limit)',
  500: 'Internal Server Error',
  502: 'Bad Gateway: the gateway got no valid answer upstream',
  503: 'Service Unavailable: overloaded or down',
  504: 'Gateway Timeout: upstream did not answer in time',
};

const CLASSES = ['', 'Informational', 'Success', 'Redirect', 'Client error', 'Server error'];

export function statusMeaning(status: number): string {
  return MEANINGS[status] ?? CLASSES[Math.floor(status / 100)] ?? 'Unknown status';
}
