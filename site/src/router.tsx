import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

const listeners = new Set<() => void>();

/** The path being prerendered (set by the server entry); in a browser the location is the truth. */
let serverPathname = '/';

/** Sets the path that `usePathname` reports while a page is rendered to HTML at build time. */
export function setServerPathname(pathname: string): void {
  serverPathname = pathname;
}

function currentPathname(): string {
  return typeof window === 'undefined' ? serverPathname : window.location.pathname;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** Goes to a path of the site without reloading the page. */
export function navigate(to: string): void {
  if (to === window.location.pathname + window.location.search + window.location.hash) return;
  window.history.pushState(null, '', to);
  for (const listener of listeners) listener();
}

/**
 * The current path; re-renders on navigation and on back/forward. Hydration reads the same path the page was
 * prerendered for (the browser's location), so /terms hydrates as /terms.
 */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, currentPathname, currentPathname);
}

/** An in-site link: a plain anchor that navigates without reloading (modified clicks behave as usual). */
export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={handleClick} {...rest} />;
}
