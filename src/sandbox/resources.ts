/**
 * What an authenticated `/v1` call answers: a few sample resources to try the panel on, and for
 * every other path and method a 200 echo. Every answer carries the echo; sample resources add
 * `data` (or `error`), shaped like an ordinary JSON API behind the gateway.
 *
 * Try: GET /v1/products, GET /v1/products/prd_1001, GET /v1/company, GET /v1/ping,
 *      POST /v1/orders with a JSON object body.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_CREDENTIALS } from './credentials';
import { buildEcho, type Echo, type V1Request } from './echo';
import { jsonReply, type Reply } from './reply';
import type { Caller } from './v1-auth';

export const SAMPLE_PRODUCTS = [
  { id: 'prd_1001', name: 'Freight quote', unitPrice: 12.5, currency: 'EUR', active: true },
  { id: 'prd_1002', name: 'Express pickup', unitPrice: 29.9, currency: 'EUR', active: true },
  { id: 'prd_1003', name: 'Customs paperwork', unitPrice: 45, currency: 'EUR', active: false },
] as const;

interface RouteInput {
  echo: Echo;
  caller: Caller;
  params: string[];
  now: number;
}

interface Route {
  method: string;
  pattern: RegExp;
  answer: (input: RouteInput) => Reply;
}

function notFound(echo: Echo, code: string, message: string): Reply {
  return jsonReply(404, { echo, error: { code, message } });
}

function companyProfile(companyId: string) {
  const isDemo = companyId.toLowerCase() === DEMO_CREDENTIALS.companyId;
  return {
    id: companyId,
    name: isDemo ? 'Demo Partner Company' : `Partner company ${companyId.slice(0, 8)}`,
    country: 'DE',
    status: 'active',
    contactEmail: 'partner-admin@example.com',
  };
}

function createOrder({ echo, now }: RouteInput): Reply {
  const order = echo.body;
  if (typeof order !== 'object' || order === null || Array.isArray(order)) {
    const message =
      'Send the order as a JSON object with Content-Type: application/json, e.g. {"sku":"A-1","qty":2}.';
    return jsonReply(400, { echo, error: { code: 'order.invalid', message } });
  }
  const id = `ord_${randomBytes(6).toString('hex')}`;
  // The caller's fields first, then the server's: a client cannot choose the id of a new order.
  const data = { ...order, id, status: 'created', createdAt: new Date(now).toISOString() };
  return jsonReply(201, { echo, data }, { location: `/v1/orders/${id}` });
}

const ROUTES: readonly Route[] = [
  {
    method: 'GET',
    pattern: /^\/v1\/products$/,
    answer: ({ echo }) =>
      jsonReply(200, { echo, data: { items: SAMPLE_PRODUCTS, total: SAMPLE_PRODUCTS.length } }),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/products\/([^/]+)$/,
    answer: ({ echo, params }) => {
      const product = SAMPLE_PRODUCTS.find((candidate) => candidate.id === params[0]);
      if (product !== undefined) return jsonReply(200, { echo, data: product });
      const ids = SAMPLE_PRODUCTS.map((candidate) => candidate.id).join(', ');
      return notFound(
        echo,
        'product.not_found',
        `No product with id "${String(params[0]).slice(0, 60)}". Known ids: ${ids}.`,
      );
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/company$/,
    answer: ({ echo, caller }) => jsonReply(200, { echo, data: companyProfile(caller.companyId) }),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/ping$/,
    answer: ({ echo, now }) =>
      jsonReply(200, { echo, data: { pong: true, time: new Date(now).toISOString() } }),
  },
  { method: 'POST', pattern: /^\/v1\/orders$/, answer: createOrder },
];

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed %-escape is matched as sent
  }
}

export function answerV1(request: V1Request, caller: Caller, now: number): Reply {
  const echo = buildEcho(request, caller.auth, caller.companyId);
  // HEAD answers what GET would, without the body; one trailing slash is tolerated.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const path =
    request.path.length > 4 && request.path.endsWith('/')
      ? request.path.slice(0, -1)
      : request.path;
  for (const route of ROUTES) {
    const match = route.method === method ? route.pattern.exec(path) : null;
    if (match !== null)
      return route.answer({ echo, caller, params: match.slice(1).map(decodeSegment), now });
  }
  return jsonReply(200, { echo });
}
