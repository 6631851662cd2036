import type { TradeInStatus } from '@dealer/shared';

/** Query keys of trade-ins. Everything sits under ['trade-ins'], so a change refreshes every list. */
export const tradeInKeys = {
  all: ['trade-ins'] as const,
  mine: () => ['trade-ins', 'mine'] as const,
  admin: (status: TradeInStatus | '', page: number) => ['trade-ins', 'admin', status, page] as const,
  adminOne: (id: string) => ['trade-ins', 'admin', 'one', id] as const,
};
