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
