/**
 * A collection's OpenCollection `request.auth` as one of the service's three methods: an API key
 * (`type: apikey`), or OAuth 2.0 client credentials with the credentials in a Basic header
 * (variant A, `placement: basic_auth_header`) or in the body (variant B; Bruno reads a missing
 * placement so). Anything else is noted and the collection uses an API key.
 */
import type { CollectionAuth } from '../../collections/model';
import { type ImportNotes, quoteName } from '../importing/import-notes';
import { isObject } from '../importing/untrusted-json';
import { COLLECTION_FILE } from './opencollection-format';
import { textAt } from './opencollection-read-request';

const NOTE = {
  none: 'The collection had no authentication: it now uses an API key in x-apikey',
  other:
    'Authentication types this extension does not support were not imported; the collection uses an API key',
  otherKey: 'An API key sent elsewhere than the x-apikey header is now sent in x-apikey',
  otherFlow:
    'OAuth 2.0 flows other than client credentials were not imported; the collection uses an API key',
} as const;

const API_KEY: CollectionAuth = { method: 'apiKey', formEncodeCredentials: false };

export function readCollectionAuth(auth: unknown, notes: ImportNotes): CollectionAuth {
  const where = quoteName(COLLECTION_FILE);
  if (!isObject(auth)) {
    notes.add(NOTE.none, where);
    return API_KEY;
  }
  const type = textAt(auth.type);
  if (type === 'apikey') {
    const key = textAt(auth.key).trim().toLowerCase();
    const placement = textAt(auth.placement) || 'header';
    if (key !== 'x-apikey' || placement !== 'header')
      notes.add(NOTE.otherKey, quoteName(textAt(auth.key)));
    return API_KEY;
  }
  if (type === 'oauth2') {
    if (textAt(auth.flow) !== 'client_credentials') {
      notes.add(NOTE.otherFlow, quoteName(textAt(auth.flow)));
      return API_KEY;
    }
    const credentials = isObject(auth.credentials) ? auth.credentials : {};
    const basic = textAt(credentials.placement) === 'basic_auth_header';
    return { method: basic ? 'oauthBasic' : 'oauthBody', formEncodeCredentials: false };
  }
  if (type === '' || type === 'none') notes.add(NOTE.none, where);
  else notes.add(NOTE.other, quoteName(type));
  return API_KEY;
}
