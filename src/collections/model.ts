/**
 * The collection model: saved requests, organised in folders, that a team can share. A collection
 * refers to authentication by method and by variable names only (`{{apiKey}}`, `{{clientId}}`,
 * `{{clientSecret}}`, …), never by value: no secret is ever part of a collection.
 */
import type { AuthMethod, HttpMethod, NameValue } from '../vocabulary/terms';

export interface SavedRequest {
  kind: 'request';
  id: string;
  name: string;
  method: HttpMethod;
  /** The part after `/v1/`, `{{variables}}` kept. */
  path: string;
  query: NameValue[];
  headers: NameValue[];
  body: string;
  /** Checks on the answer (absent: none). */
  assertions?: Assertion[];
  /** Values taken from the answer for the calls after it (absent: none). */
  answerVariables?: AnswerVariable[];
  /** The response schemas of the OpenAPI operation it was imported from (absent: none). */
  responseSchemas?: ResponseSchemas;
}

/** The OpenAPI versions whose schemas a request can keep: 2.0 and 3.0 read as draft 4. */
export const SCHEMA_DIALECTS = ['openapi-2.0', 'openapi-3.0', 'openapi-3.1'] as const;

/**
 * What an answer is checked against: the operation's documented responses, each a status key
 * ("200", "2XX", "default") and the JSON body's schema as JSON text ('' when that response
 * describes no JSON body). Text, not a nested value: schemas nest deeper than a stored collection
 * may, and are read only to check an answer.
 */
export interface ResponseSchemas {
  /** The operation in the document it came from ("GET /v1/orders/{orderId}"). */
  operation: string;
  dialect: (typeof SCHEMA_DIALECTS)[number];
  responses: { status: string; schema: string }[];
}

/** The operators that take no value (their value is ''). */
const UNARY = [
  'isNumber',
  'isString',
  'isBoolean',
  'isJson',
  'isNull',
  'isUndefined',
  'isDefined',
  'isEmpty',
  'isNotEmpty',
  'isTruthy',
  'isFalsy',
] as const;

/** Bruno's assertion operators, in the order the Tests tab lists them. */
export const ASSERTION_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'notIn',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'matches',
  'notMatches',
  'length',
  ...UNARY,
  'between',
] as const;
export type AssertionOperator = (typeof ASSERTION_OPERATORS)[number];

export const UNARY_OPERATORS: ReadonlySet<AssertionOperator> = new Set<AssertionOperator>(UNARY);

/** A check on an answer, Bruno's vocabulary: `res.status eq 200`, `res.body.items[0].id isDefined`. */
export interface Assertion {
  expression: string;
  operator: AssertionOperator;
  value: string;
  enabled: boolean;
}

/** A value carried forward: after the answer, `name` = the value of `expression` (e.g. res.body.id). */
export interface AnswerVariable {
  name: string;
  expression: string;
  enabled: boolean;
}

export interface Folder {
  kind: 'folder';
  id: string;
  name: string;
  items: CollectionItem[];
}

export type CollectionItem = SavedRequest | Folder;

export interface CollectionAuth {
  method: AuthMethod;
  /** OAuth (Basic header) only: RFC 6749 form-encoding of the credentials. */
  formEncodeCredentials: boolean;
}

export interface Collection {
  id: string;
  name: string;
  auth: CollectionAuth;
  /** Non-secret variables shared with the collection (e.g. an order id used in paths). */
  variables: NameValue[];
  items: CollectionItem[];
}

/**
 * The names by which exports refer to a profile's settings and secrets. Secret ones are always
 * exported empty; a user fills them in their own tool (Postman environment, shell variables).
 */
export const AUTH_VARIABLES = {
  baseUrl: 'baseUrl',
  authUrl: 'authUrl',
  companyId: 'companyId',
  apiKey: 'apiKey',
  clientId: 'clientId',
  clientSecret: 'clientSecret',
} as const;

export const SECRET_VARIABLES: readonly string[] = [
  AUTH_VARIABLES.apiKey,
  AUTH_VARIABLES.clientSecret,
];
