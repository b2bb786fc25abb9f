/**
 * Where the document's operations live, and which of them are `/v1` calls. The server URL is
 * OpenAPI 3's first `servers` entry (its `{variables}` filled with their defaults), or Swagger
 * 2.0's scheme + `host` + `basePath`. A collection keeps only the part after `/v1/`: the profile's
 * Base URL supplies the origin and any path before `/v1` (the server URL's own prefix), so an
 * operation is taken when its full path (server path + operation path) has a `/v1` segment right
 * after that prefix. No `new URL`: templates such as `{region}` would be mangled.
 */
import { isObject, type JsonObject } from '../importing/untrusted-json';

export interface ServerLocation {
  /** The server URL as the document gives it (variables filled in), or null when it has none. */
  url: string | null;
  /** `https://api.example.com` when the URL is absolute (never with user:password@), else null. */
  origin: string | null;
  /** The path segments of the server URL, without empty ones. */
  segments: string[];
}

const NO_SERVER: ServerLocation = { url: null, origin: null, segments: [] };
const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** Splits a server URL into its origin and path segments; query and fragment are dropped. */
export function locateServer(url: string): ServerLocation {
  const trimmed = url.trim();
  const found = ORIGIN.exec(trimmed)?.[0] ?? null;
  const rest = found === null ? trimmed : trimmed.slice(found.length);
  // Credentials in the authority (user:password@) are never kept.
  const origin = found === null ? null : found.replace(/\/\/[^/]*@/, '//');
  const path = rest.replace(/[?#].*$/s, '');
  return { url: trimmed, origin, segments: path.split('/').filter((segment) => segment !== '') };
}

/** `{name}` in a server URL replaced by its variable's default (its first enum value if none). */
function fillServerVariables(url: string, variables: unknown): string {
  if (!isObject(variables)) return url;
  return url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (!isObject(variable)) return whole;
    const value = variable.default ?? (Array.isArray(variable.enum) ? variable.enum[0] : undefined);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** The first entry of an OpenAPI 3 `servers` list, or null. */
export function firstServer(servers: unknown): ServerLocation | null {
  if (!Array.isArray(servers)) return null;
  const [first] = servers;
  if (!isObject(first) || typeof first.url !== 'string') return null;
  return locateServer(fillServerVariables(first.url, first.variables));
}

/** The other server URLs of a `servers` list, for the summary. */
export function otherServerUrls(servers: unknown): string[] {
  if (!Array.isArray(servers)) return [];
  return servers
    .slice(1)
    .filter(isObject)
    .map((server) =>
      typeof server.url === 'string' ? fillServerVariables(server.url, server.variables) : '',
    )
    .filter((url) => url !== '');
}

/** Swagger 2.0: `https` when the document allows it, else its first scheme, else `https`. */
function swaggerServer(root: JsonObject): ServerLocation {
  const basePath = typeof root.basePath === 'string' ? root.basePath : '';
  const host = typeof root.host === 'string' ? root.host.trim() : '';
  if (host === '') return basePath === '' ? NO_SERVER : locateServer(basePath);
  const schemes = Array.isArray(root.schemes)
    ? root.schemes.filter((scheme): scheme is string => typeof scheme === 'string')
    : [];
  const scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? 'https');
  return locateServer(`${scheme}://${host}${basePath}`);
}

export function documentServer(root: JsonObject, swagger: boolean): ServerLocation {
  return swagger ? swaggerServer(root) : (firstServer(root.servers) ?? NO_SERVER);
}

/**
 * The path after `/v1/` of an operation at `template` (`/v1/pets/{petId}`) under `server`, or
 * null when it is not a `/v1` call. A `/v1` in the server URL counts (`https://host/api/v1` with
 * `/pets`); a path that repeats the server's prefix does not.
 */
export function pathUnderV1(server: ServerLocation, template: string): string | null {
  const operation = template.replace(/^\/+/, '').split('/');
  const inServer = server.segments.indexOf('v1');
  if (inServer >= 0) {
    const rest = [...server.segments.slice(inServer + 1), ...operation];
    return rest.join('/');
  }
  if (operation[0] !== 'v1') return null;
  return operation.slice(1).join('/');
}

/** What the profile's Base URL should be: the origin and the server path before `/v1`. */
export function suggestedBaseUrl(server: ServerLocation): string | null {
  if (server.origin === null || /[{}]/.test(server.origin)) return null;
  const inServer = server.segments.indexOf('v1');
  const prefix = inServer >= 0 ? server.segments.slice(0, inServer) : server.segments;
  return prefix.length === 0 ? server.origin : `${server.origin}/${prefix.join('/')}`;
}
