/**
 * An in-panel modal dialog on the native <dialog> element: it takes focus when it opens (the first
 * field, or the element marked `autofocus`), Escape closes it, the rest of the panel is inert
 * meanwhile, and focus goes back to whatever opened it (or to `returnFocus`) when it closes.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

interface Props {
  /** The dialog's heading and accessible name. */
  title: string;
  onClose: () => void;
  /** Where focus goes on close when the opener is gone (e.g. a deleted row). */
  returnFocus?: () => HTMLElement | null;
  class?: string;
  children: ComponentChildren;
}

export function Dialog({ title, onClose, returnFocus, class: className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const latest = useRef(returnFocus);
  latest.current = returnFocus;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.showModal();
    return () => {
      const target = opener?.isConnected ? opener : (latest.current?.() ?? null);
      // After the dialog element is gone, so the browser's own focus fix-up does not win.
      queueMicrotask(() => target?.focus());
    };
  }, []);

  return (
    <dialog
      ref={ref}
      class={`dialog ${className ?? ''}`}
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={headingId} class="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
