import type { ContactChannel } from '@dealer/shared';

/**
 * POST api/vehicles/:id/contact-clicks as a beacon: it outlives the page the phone or WhatsApp link
 * leaves, needs no answer, and a lost one costs nothing.
 */
export function countContactClick(vehicleId: string, channel: ContactChannel): void {
  const url = `/api/vehicles/${encodeURIComponent(vehicleId)}/contact-clicks`;
  const body = JSON.stringify({ channel });
  try {
    if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
    void fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true, credentials: 'omit' }).catch(() => {});
  } catch {
    // Counting is best effort: the visitor's call or message goes ahead.
  }
}
