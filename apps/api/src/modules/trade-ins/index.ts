// 'Value my trade-in': a customer's car, the sales team's offer, as the composition root sees it.
export { createTradeInsService, type TradeInsDeps, type TradeInsService } from './trade-ins.service';
export { tradeInsRoutes } from './trade-ins.routes';
export { tradeInMailTemplates } from './trade-ins.messages';
export { tradeInLapsesJob } from './trade-ins.lapses';
