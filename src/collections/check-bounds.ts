/**
 * The bounds of a request's checks, on their own so that the panel's first paint reads them
 * without the model's lists or the schemas (collection-schema.ts re-exports them).
 */
/** Assertions, and answer variables, a request may have. */
export const MAX_CHECKS = 100;
/** The longest expression (`res.body.items[0].id`) an assertion or answer variable may have. */
export const MAX_EXPRESSION = 512;
/** A name `{{name}}` can use (the alphabet of src/service/call/variables.ts), at most 64 long. */
export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
