import { describe, expect, it } from 'vitest';
import { STATUS_LIST_URL_KEYS, statusListParams } from './status-list';
import { readUrlParams } from './use-url-params';

const STATUSES = ['Unpaid', 'Paid'] as const;
const paramsOf = (search: string) => statusListParams(STATUSES, readUrlParams(new URLSearchParams(search), STATUS_LIST_URL_KEYS));

describe('statusListParams', () => {
  it('reads the status and the page the URL names', () => {
    expect(paramsOf('status=Paid&page=3')).toEqual({ status: 'Paid', page: 3 });
  });

  it('reads an unknown or missing status as every status', () => {
    expect(paramsOf('status=paid')).toEqual({ status: '', page: 1 });
    expect(paramsOf('')).toEqual({ status: '', page: 1 });
  });
});
