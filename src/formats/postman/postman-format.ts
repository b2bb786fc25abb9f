/**
 * The part of the Postman Collection v2.1 format that the export writes, as TypeScript types
 * (https://schema.getpostman.com/json/collection/v2.1.0/collection.json). The import reads the
 * wider v2.0/v2.1 format from `unknown` and does not use these types.
 */

export interface PostmanKeyValue {
  key: string;
  value: string | null;
  type?: 'string' | 'text';
}

export interface PostmanUrl {
  raw: string;
  host: string[];
  path: string[];
  query?: PostmanKeyValue[];
}

export interface PostmanBody {
  mode: 'raw';
  raw: string;
  options: { raw: { language: 'json' | 'text' } };
}

export interface PostmanRequest {
  method: string;
  header: PostmanKeyValue[];
  url: PostmanUrl;
  body?: PostmanBody;
}

export interface PostmanRequestItem {
  id: string;
  name: string;
  request: PostmanRequest;
  /** The request's test script (its assertions and answer variables), when it has checks. */
  event?: PostmanEvent[];
}

export interface PostmanFolder {
  id: string;
  name: string;
  item: PostmanItem[];
}

export type PostmanItem = PostmanRequestItem | PostmanFolder;

export type PostmanAuth = { type: 'noauth' } | { type: 'apikey'; apikey: PostmanKeyValue[] };

export interface PostmanEvent {
  listen: 'prerequest' | 'test';
  script: { type: 'text/javascript'; exec: string[] };
}

export interface PostmanCollectionJson {
  info: { _postman_id: string; name: string; description: string; schema: string };
  item: PostmanItem[];
  auth: PostmanAuth;
  event?: PostmanEvent[];
  variable: PostmanKeyValue[];
}
