/**
 * What a header name may be made of (RFC 9110's token characters): the worker's check of a user's
 * header and the sandbox's header-naming switch ask the same. A module of its own, so that the
 * panel's start-up scripts, which carry terms.ts, do not carry it.
 */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function isHeaderName(name: string): boolean {
  return HEADER_NAME.test(name);
}
