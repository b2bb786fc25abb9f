import type { AppError } from '../../../src/vocabulary/errors';

/** A typed error as the user sees it: what happened, and what to do about it. */
export function ErrorNotice({ error }: { error: AppError }) {
  return (
    <div class="notice notice-error" role="alert" data-code={error.code}>
      <strong>{error.message}</strong>
      <p>{error.hint}</p>
    </div>
  );
}
