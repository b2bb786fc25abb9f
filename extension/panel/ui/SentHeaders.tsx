/**
 * The headers of a request in two views, each under its own name: "Headers we set" (what the
 * worker put on the call) and "As sent on the wire" (what left the browser after its own additions
 * and our header rules, as the browser reported it), with what that browser adds unseen. Both come
 * masked from the worker. When the browser reported nothing, the wire view says why instead of
 * showing an empty list. Self-contained, so a
 * layout can put it wherever the request is shown.
 */
import { useId } from 'preact/hooks';
import type { WireView } from '../../../src/service/wire/wire-headers';
import type { NameValue } from '../../../src/vocabulary/terms';
import { HeaderList } from './HeaderList';
import './SentHeaders.css';

interface Props {
  set: NameValue[];
  wire: WireView;
  /** The level of the two headings: one below the heading the views sit under. */
  level?: 4 | 5;
}

export function SentHeaders({ set, wire, level = 4 }: Props) {
  const id = useId();
  const Heading = level === 5 ? 'h5' : 'h4';
  return (
    <div class="sent-headers">
      <section aria-labelledby={`${id}-set`}>
        <Heading id={`${id}-set`}>Headers we set</Heading>
        <HeaderList headers={set} />
      </section>
      <section aria-labelledby={`${id}-wire`}>
        <Heading id={`${id}-wire`}>As sent on the wire</Heading>
        {wire.observed ? (
          <>
            <HeaderList headers={wire.headers} />
            <p class="muted">{wire.unseen}</p>
          </>
        ) : (
          <p class="muted">{wire.reason}</p>
        )}
      </section>
    </div>
  );
}
