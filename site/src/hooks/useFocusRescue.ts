import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps keyboard focus in `region` when the control that had it goes away: the connect button replaced by the address
 * once the wallet connects, the mint button disabled while minting, a new mint state rendered. Focus then moves to
 * `target()` (else the region itself, which needs tabIndex -1), never to <body>. The wallet modal opened from the
 * region counts as inside it, so closing the modal lands back here. Re-checks whenever `watch` changes.
 */
export function useFocusRescue(region: RefObject<HTMLElement | null>, target?: () => HTMLElement | null | undefined, watch?: unknown) {
  const check = useRef<() => void>(() => {});
  const pickTarget = useRef(target);
  pickTarget.current = target;

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    let owns = false;
    let queued = false;
    const onFocusIn = (event: FocusEvent) => {
      const focused = event.target as Node;
      if (element.contains(focused)) owns = true;
      else if (!(focused instanceof Element && focused.closest('mb-modal'))) owns = false;
    };
    // After the frame: the browser drops focus from a removed or disabled control during its rendering step.
    check.current = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() =>
        setTimeout(() => {
          queued = false;
          const active = document.activeElement;
          if (!owns || !element.isConnected || (active && active !== document.body)) return;
          (pickTarget.current?.() ?? element).focus({ preventScroll: true });
        }),
      );
    };
    const observer = new MutationObserver(() => check.current());
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    const onFocusOut = () => check.current();
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      check.current = () => {};
    };
  }, [region]);

  useEffect(() => check.current(), [watch]);
}
