import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataTableColumn } from 'mantine-datatable';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ColumnChoice, withHidden } from './column-choice';

type Row = { id: number; refNo: string; location: string; qty: number };
const COLUMNS: DataTableColumn<Row>[] = [
  { accessor: 'refNo', title: 'Ref. No' },
  { accessor: 'location', title: 'Location' },
  { accessor: 'qty', title: 'Quantity' },
  { accessor: 'action', title: 'Action' },
];
const ACTIONS = ['action'];

describe('choosing the columns of a list', () => {
  it('offers every titled column but the actions, and names the columns put away, in the table’s order', async () => {
    const onHiddenChange = vi.fn();
    renderWithApp(<ColumnChoice columns={COLUMNS} hidden={['qty']} onHiddenChange={onHiddenChange} actions={ACTIONS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Columns (1 hidden)' }));
    const group = await screen.findByRole('group', { name: 'Columns shown' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['refNo', 'location', 'qty']);
    expect(within(group).getByRole('checkbox', { name: 'Quantity' })).not.toBeChecked();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Ref. No' }));
    expect(onHiddenChange).toHaveBeenLastCalledWith(['refNo', 'qty']);
    await userEvent.click(screen.getByRole('button', { name: 'Show all columns' }));
    expect(onHiddenChange).toHaveBeenLastCalledWith([]);
  });

  it('never puts the last column shown away', async () => {
    const onHiddenChange = vi.fn();
    renderWithApp(<ColumnChoice columns={COLUMNS} hidden={['refNo', 'qty']} onHiddenChange={onHiddenChange} actions={ACTIONS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Columns (2 hidden)' }));
    const last = await screen.findByRole('checkbox', { name: 'Location' });
    expect(last).toBeDisabled();
    await userEvent.click(last);
    expect(onHiddenChange).not.toHaveBeenCalled();
  });

  it('hides the columns named, never the actions, and ignores names the table has not', () => {
    const shown = withHidden(COLUMNS, ['location', 'action', 'password'], ACTIONS);
    expect(shown.map((column) => [column.accessor, column.hidden === true])).toEqual([
      ['refNo', false],
      ['location', true],
      ['qty', false],
      ['action', false],
    ]);
  });
});
