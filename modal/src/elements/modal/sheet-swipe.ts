/** How far (CSS px) the sheet's header is dragged down before letting go closes it; a shorter drag snaps back. */
export const SHEET_CLOSE_DISTANCE = 80;

/** The bottom sheet's width range (the modal's styles turn the dialog into a sheet below 600 px). */
const SHEET_MEDIA = '(max-width: 599.98px)';

/**
 * Drags the bottom sheet by its header (a pointer pressed on `event.currentTarget`, not on one of its buttons): the
 * sheet follows the pointer down; let go past `SHEET_CLOSE_DISTANCE` it asks `close`, else (or when closing is
 * refused) it slides back, at once under reduced motion (the duration token is 0 there).
 */
export function dragSheet(event: PointerEvent, dialog: HTMLElement, close: () => boolean): void {
  const handle = event.currentTarget as HTMLElement;
  if (!matchMedia(SHEET_MEDIA).matches || event.button !== 0 || (event.target as Element).closest('mb-button')) return;
  const startY = event.clientY;
  let distance = 0;
  dialog.classList.add('dragging');
  const move = (e: PointerEvent) => {
    if (e.pointerId !== event.pointerId) return;
    distance = Math.max(0, e.clientY - startY);
    dialog.style.transform = distance > 0 ? `translateY(${distance}px)` : '';
  };
  const end = (e: PointerEvent) => {
    if (e.pointerId !== event.pointerId) return;
    removeEventListener('pointermove', move);
    removeEventListener('pointerup', end);
    removeEventListener('pointercancel', end);
    dialog.classList.remove('dragging');
    if (e.type === 'pointerup' && distance >= SHEET_CLOSE_DISTANCE) close();
    dialog.style.transform = '';
  };
  // On the window: the pointer may leave the header while it drags (a captured pointer's events bubble there too).
  addEventListener('pointermove', move);
  addEventListener('pointerup', end);
  addEventListener('pointercancel', end);
  try {
    handle.setPointerCapture(event.pointerId);
  } catch {
    // A pointer the browser does not track (a synthetic one) cannot be captured; the window still hears it.
  }
}
