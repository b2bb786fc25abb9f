/**
 * Runtime schemas of the shared words (terms.ts): what the message contract and the stored shapes
 * check before anything is used. Each schema's output is exactly its term's type.
 */
import * as v from 'valibot';
import {
  type ComposedCall,
  HTTP_METHODS,
  MAX_BODY,
  MAX_ROWS,
  MAX_TEXT,
  type NameValue,
} from './terms';

export const ShortTextSchema = v.pipe(v.string(), v.maxLength(MAX_TEXT));

export const NameValueSchema = v.strictObject({
  name: ShortTextSchema,
  value: ShortTextSchema,
}) satisfies v.GenericSchema<unknown, NameValue>;

export const ComposedCallSchema = v.strictObject({
  method: v.picklist(HTTP_METHODS),
  path: ShortTextSchema,
  query: v.pipe(v.array(NameValueSchema), v.maxLength(MAX_ROWS)),
  headers: v.pipe(v.array(NameValueSchema), v.maxLength(MAX_ROWS)),
  body: v.pipe(v.string(), v.maxLength(MAX_BODY)),
}) satisfies v.GenericSchema<unknown, ComposedCall>;
