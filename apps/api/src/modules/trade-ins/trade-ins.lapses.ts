import type { Logger } from 'pino';
import type { JobHandler } from '../../infra/jobs';
import type { TradeInsService } from './trade-ins.service';

/**
 * The trade-in-lapses queue's job (every five minutes): tells the customer and the sales team about
 * offers that expired unanswered, once each.
 */
export function tradeInLapsesJob(deps: { tradeIns: Pick<TradeInsService, 'noticeLapsedOffers'>; logger?: Logger }): JobHandler {
  return async () => {
    const told = await deps.tradeIns.noticeLapsedOffers();
    if (told) deps.logger?.info({ told }, 'lapsed trade-in offers told');
  };
}
