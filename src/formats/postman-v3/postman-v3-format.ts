/**
 * The words of Postman's collection schema v3 (Postman 12's git-native folders) that this folder
 * writes and reads: where the files go (`postman/collections/<Collection>/…`,
 * `.resources/definition.yaml` for the collection and each folder, `<name>.request.yaml` per
 * request, `postman/environments/<Name>.environment.yaml`), the `$kind` of each file, and the gap
 * Postman leaves between `order` numbers. The spelling follows what `postman collection migrate`
 * writes (maps for headers, query and variables, an `auth` list, `|-` scripts), so that a file we
 * write and one Postman writes look alike in a diff.
 */

export const POSTMAN_DIR = 'postman';
export const COLLECTIONS_DIR = 'collections';
export const ENVIRONMENTS_DIR = 'environments';
/** The folder of a collection's or a folder's own settings; no request may sit inside it. */
export const RESOURCES_DIR = '.resources';
export const DEFINITION_FILE = 'definition.yaml';
export const REQUEST_SUFFIX = '.request.yaml';
/** Postman accepts `.yml` too; it writes `.yaml`, and so do we. */
export const REQUEST_SUFFIX_YML = '.request.yml';
export const ENVIRONMENT_SUFFIX = '.environment.yaml';

export const KIND_COLLECTION = 'collection';
export const KIND_REQUEST = 'http-request';

/** Postman numbers siblings 1000, 2000, …, leaving room to insert between them. */
export const ORDER_STEP = 1000;

export const SCRIPT_LANGUAGE = 'text/javascript';
/** Script types: a request's own, and a collection's or folder's (which runs for every request). */
export const SCRIPT_BEFORE = 'beforeRequest';
export const SCRIPT_AFTER = 'afterResponse';
export const SCRIPT_HTTP_BEFORE = 'http:beforeRequest';
export const SCRIPT_HTTP_AFTER = 'http:afterResponse';

/** A request or folder nested deeper than this is not read: a bound for a hostile archive. */
export const MAX_READ_DEPTH = 24;
