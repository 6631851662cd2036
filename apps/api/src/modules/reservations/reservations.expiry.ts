import type { Logger } from 'pino';
import type { JobHandler } from '../../infra/jobs';
import type { ReservationsService } from './reservations.service';

/**
 * The reservation-expiry queue's job (every minute): releases holds whose time is up, e-mails both
 * sides, and tells every node that public pages changed ('Reserved until' goes away).
 */
export function reservationExpiryJob(deps: {
  reservations: Pick<ReservationsService, 'releaseExpired'>;
  publish: () => Promise<void>;
  logger?: Logger;
}): JobHandler {
  return async () => {
    const released = await deps.reservations.releaseExpired();
    if (released) {
      await deps.publish();
      deps.logger?.info({ released }, 'expired reservations released');
    }
  };
}
