import type { Vehicle } from '@dealer/shared';
import { ok, vehicle } from './factories';
import { mockApi, type RecordedRequest } from './render';

/** A fake API for the admin's listing screens: one listing the staff can review, approve, sell or reject. */

export const LISTING_ID = 'v0000000-0000-4000-8000-000000000001';

/** The listing these tests open: its id, title and description are what they look for. */
export const adminListing = (overrides: Partial<Vehicle> = {}) =>
  vehicle({ _id: LISTING_ID, title: '2019 Toyota Camry SE', description: 'A reliable family sedan.', ...overrides });

const UNKNOWN_BUYER = {
  status: 422,
  body: {
    status: 'ERROR',
    statusCode: 422,
    message: 'Validation failed',
    errors: { buyerId: 'No registered user has this id, e-mail or username' },
  },
};

/**
 * Serves `initial` at api/vehicles/:id and keeps what the staff change: a PATCH sets the status (the
 * buyer "ghost" is no registered user), a review sends the listing back to draft with its reason.
 * The audit trail is empty. Answers the recorded requests.
 */
export function serveListing(initial: Vehicle): RecordedRequest[] {
  let current = initial;
  return mockApi((r) => {
    if (r.url.pathname === '/api/admin/audit') return ok([]);
    if (r.url.pathname === `/api/vehicles/${LISTING_ID}/review` && r.method === 'POST') {
      const body = r.body as { action: string; reason: string };
      current = { ...current, status: 'draft', reviewNote: body.reason };
      return ok(current);
    }
    if (r.url.pathname !== `/api/vehicles/${LISTING_ID}`) return undefined;
    if (r.method === 'PATCH') {
      const form = r.body as FormData;
      if (form.get('buyer') === 'ghost') return UNKNOWN_BUYER;
      current = { ...current, status: form.get('status') as Vehicle['status'] };
      return ok(current);
    }
    return ok(current);
  });
}
