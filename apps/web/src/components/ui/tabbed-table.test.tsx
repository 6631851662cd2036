import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PageMeta } from '@dealer/shared';
import { TabbedTable, statusTabs } from './tabbed-table';

type Row = { _id: string; name: string };
type Page = { data: Row[]; meta?: PageMeta };

const query = (state: Partial<UseQueryResult<Page>>) => ({ isPending: false, isError: false, ...state }) as UseQueryResult<Page>;

function renderTable(state: Partial<UseQueryResult<Page>>, extra: { errorTitle?: string; value?: string } = {}) {
  const url = { page: 1, update: vi.fn() };
  render(
    <TabbedTable
      url={url}
      tabs={{ label: 'Trade-in status', options: statusTabs(['Pending', 'Accepted']), value: extra.value }}
      query={query(state)}
      noun="trade-ins"
      errorTitle={extra.errorTitle}
      empty={{ title: 'No trade-ins here', text: 'Cars customers send for valuation appear here.' }}
      columns={[{ header: 'Name', cell: (row: Row) => row.name }]}
      rowKey={(row) => row._id}
    />,
  );
  return url;
}

describe('TabbedTable', () => {
  it('names its loading after the rows', () => {
    renderTable({ isPending: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading trade-ins...');
  });

  it('says when the list could not be loaded', () => {
    renderTable({ isError: true });
    expect(screen.getByText('The trade-ins could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Please try again in a moment.')).toBeInTheDocument();
  });

  it('takes a title of its own for the failure', () => {
    renderTable({ isError: true }, { errorTitle: 'The e-mail log could not be loaded' });
    expect(screen.getByText('The e-mail log could not be loaded')).toBeInTheDocument();
  });

  it('says when there are no rows', () => {
    renderTable({ data: { data: [] } });
    expect(screen.getByText('No trade-ins here')).toBeInTheDocument();
  });

  it('shows the rows with the pager, and puts the tab chosen in the URL ("All" is none)', async () => {
    const url = renderTable({ data: { data: [{ _id: '1', name: 'Civic' }], meta: { page: 1, pageCount: 1, itemCount: 3 } as PageMeta } }, { value: 'Pending' });
    const table = screen.getByRole('region', { name: 'Trade-ins' });
    expect(within(table).getByText('Civic')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 3 trade-ins')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(url.update).toHaveBeenLastCalledWith({ status: 'Accepted' });
    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(url.update).toHaveBeenLastCalledWith({ status: null });
  });
});
