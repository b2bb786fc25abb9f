/**
 * Asked before an OpenAPI import whose document has operations outside `/v1`: send them under
 * `/v1/` with their path (the default, as the Postman import does) or leave them out. The import
 * summary then says which was done. Focus starts on the default, so Enter imports as before.
 */
import { useEffect, useRef } from 'preact/hooks';

interface Props {
  count: number;
  onUnderV1: () => void;
  onLeaveOut: () => void;
  onCancel: () => void;
}

export function OutsideV1Choice({ count, onUnderV1, onLeaveOut, onCancel }: Props) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const one = count === 1;
  return (
    <div role="dialog" aria-label="Operations outside /v1" class="notice notice-warn">
      <p>
        {one ? 'One operation' : `${count} operations`} of this document {one ? 'is' : 'are'}{' '}
        outside /v1. Send {one ? 'it' : 'them'} under /v1/ with {one ? 'its' : 'their'} path, or
        leave {one ? 'it' : 'them'} out?
      </p>
      <div class="row">
        <button type="button" ref={first} onClick={onUnderV1}>
          Import under /v1/
        </button>
        <button type="button" onClick={onLeaveOut}>
          Leave them out
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
