/**
 * The sandbox's demo credentials. They are fixed so that a profile saved against one run of the
 * sandbox keeps working on the next, and they are printed at start-up: they open nothing but this
 * local emulator, so they are demo values, never real ones.
 */

export interface SandboxCredentials {
  clientId: string;
  clientSecret: string;
  apiKey: string;
  companyId: string;
}

export const DEMO_CREDENTIALS: SandboxCredentials = Object.freeze({
  clientId: 'MXLeYTBwKhtZugZkoY0HNMIZ9XfdMr92',
  clientSecret: 'E7G6hm0JopDGWLgQq57ojyhTHojhwpHtTHRzk1qDcbf3wqOeFfzgFdJZvWiHoKHO',
  apiKey: 'LJCMGDDriuA4GnuABmm7dWsBQElOqm9F27siBWi4',
  companyId: 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee',
});

/** The shape spec 4.2 asks of `companyId`: a UUID, 8-4-4-4-12 hex digits (any version). */
export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
