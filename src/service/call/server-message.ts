/**
 * Reads an error answer in the shapes OAuth servers and Apigee gateways use: an OAuth error
 * (`{error, error_description}`), an Apigee policy fault (`{fault: {faultstring, detail}}`), an
 * Apigee token endpoint error (`{ErrorCode, Error}`), an HTML page, or other text. Invariant: only
 * the body's own fields are read (never inherited ones), and every text is cut to a short excerpt.
 */

export type ServerMessage =
  | { kind: 'oauth'; code: string; message: string | null }
  | { kind: 'apigee_fault'; code: string | null; message: string }
  | { kind: 'apigee_error'; code: string; message: string | null }
  | { kind: 'html'; title: string | null }
  | { kind: 'text'; excerpt: string }
  | { kind: 'none' };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, 500) : null;
}

/** Reads the error body in the shapes OAuth servers and Apigee use. */
export function readServerMessage(bodyText: string, contentType: string): ServerMessage {
  const trimmed = bodyText.trim();
  if (trimmed === '') return { kind: 'none' };
  if (/html/i.test(contentType) || /^<(!doctype|html)/i.test(trimmed)) {
    const title = /<title[^>]*>([^<]{0,200})<\/title>/i.exec(trimmed)?.[1]?.trim() ?? null;
    return { kind: 'html', title };
  }
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return { kind: 'text', excerpt: trimmed.slice(0, 300) };
  }
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const body = json as Record<string, unknown>;
    const oauth = text(body.error);
    if (oauth !== null)
      return { kind: 'oauth', code: oauth, message: text(body.error_description) };
    const fault = body.fault;
    if (fault !== null && typeof fault === 'object') {
      const f = fault as Record<string, unknown>;
      const detail =
        f.detail !== null && typeof f.detail === 'object'
          ? (f.detail as Record<string, unknown>)
          : {};
      return {
        kind: 'apigee_fault',
        code: text(detail.errorcode),
        message: text(f.faultstring) ?? 'fault without faultstring',
      };
    }
    const apigee = text(body.ErrorCode);
    if (apigee !== null) return { kind: 'apigee_error', code: apigee, message: text(body.Error) };
  }
  return { kind: 'text', excerpt: trimmed.slice(0, 300) };
}
