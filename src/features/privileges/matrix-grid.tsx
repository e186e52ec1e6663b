import { Checkbox, Table, Text, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivilegeAction, PrivilegeMatrix } from '@contract';
import type { Rows } from './api';

type Item = PrivilegeMatrix['groups'][number]['items'][number];

/** A row's actions after one box changes: another action brings view with it; no view, no row. */
export function toggled(
  actions: readonly PrivilegeAction[],
  action: PrivilegeAction,
  on: boolean,
  order: readonly PrivilegeAction[],
): PrivilegeAction[] {
  if (action === 'view' && !on) return [];
  const next = new Set(actions);
  if (on) next.add(action).add('view');
  else next.delete(action);
  return order.filter((a) => next.has(a));
}

interface MatrixGridProps {
  matrix: PrivilegeMatrix;
  rows: Rows;
  onChange: (rows: Rows) => void;
  /** What the item's name says in the user's language. */
  itemLabel: (item: Item) => string;
  groupLabel: (name: string) => string;
  disabled?: boolean;
  /** Cells the user may not untick here (their own access to this screen), shown ticked and disabled. */
  locked?: (item: Item, action: PrivilegeAction) => boolean;
}

/**
 * One user type's privileges: menu items (by group) × actions. A box per row and per column
 * selects all it can (indeterminate when partly set); cells an item does not support are
 * disabled. View is implied by any other action, and clearing view clears the row.
 */
export function MatrixGrid({ matrix, rows, onChange, itemLabel, groupLabel, disabled = false, locked = () => false }: MatrixGridProps) {
  const { t } = useTranslation();
  const items = matrix.groups.flatMap((g) => g.items);
  const has = (item: Item, action: PrivilegeAction) => rows[String(item.id)]?.includes(action) ?? false;
  const set = (item: Item, actions: PrivilegeAction[]) => {
    const next = { ...rows };
    if (actions.length) next[String(item.id)] = actions;
    else delete next[String(item.id)];
    return next;
  };

  const column = (action: PrivilegeAction) => {
    const able = items.filter((i) => i.supports.includes(action));
    const on = able.filter((i) => has(i, action)).length;
    return { able, checked: able.length > 0 && on === able.length, indeterminate: on > 0 && on < able.length };
  };
  const toggleColumn = (action: PrivilegeAction, on: boolean) => {
    let next = rows;
    for (const item of column(action).able) {
      const current = next[String(item.id)] ?? [];
      const actions = toggled(current, action, on, matrix.actions);
      next = { ...next, [String(item.id)]: actions };
      if (!actions.length) delete next[String(item.id)];
    }
    onChange(next);
  };
  const rowState = (item: Item) => {
    const on = item.supports.filter((a) => has(item, a)).length;
    return { checked: on === item.supports.length, indeterminate: on > 0 && on < item.supports.length };
  };

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder withColumnBorders striped highlightOnHover verticalSpacing={6} aria-label={t('matrix.gridLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('matrix.item')}</Table.Th>
            {matrix.actions.map((action) => {
              const state = column(action);
              return (
                <Table.Th key={action} ta="center">
                  <Checkbox
                    label={t(`matrix.actions.${action}`)}
                    aria-label={t('matrix.allOfAction', { action: t(`matrix.actions.${action}`) })}
                    checked={state.checked}
                    indeterminate={state.indeterminate}
                    disabled={disabled || state.able.length === 0}
                    onChange={(e) => toggleColumn(action, e.currentTarget.checked)}
                    styles={{
                      body: { justifyContent: 'center', flexDirection: 'column', alignItems: 'center', gap: 4 },
                      labelWrapper: { order: -1 },
                      label: { padding: 0, fontWeight: 600 },
                    }}
                  />
                </Table.Th>
              );
            })}
            <Table.Th ta="center">{t('matrix.wholeRow')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matrix.groups.map((group) => (
            <Fragment key={group.id}>
              <Table.Tr>
                <Table.Th colSpan={matrix.actions.length + 2} scope="colgroup" bg="var(--mantine-color-default-hover)">
                  <Text fw={700} size="sm">
                    {groupLabel(group.name)}
                  </Text>
                </Table.Th>
              </Table.Tr>
              {group.items.map((item) => {
                const label = itemLabel(item);
                const row = rowState(item);
                return (
                  <Table.Tr key={item.id}>
                    <Table.Th scope="row" fw={500}>
                      {label}
                    </Table.Th>
                    {matrix.actions.map((action) => (
                      <Table.Td key={action} ta="center">
                        {item.supports.includes(action) && locked(item, action) ? (
                          <Tooltip label={t('matrix.ownAccess')}>
                            <Checkbox
                              aria-label={t('matrix.cellLocked', { item: label, action: t(`matrix.actions.${action}`) })}
                              checked
                              disabled
                              readOnly
                              styles={{ body: { justifyContent: 'center' } }}
                            />
                          </Tooltip>
                        ) : item.supports.includes(action) ? (
                          <Checkbox
                            aria-label={t('matrix.cell', { item: label, action: t(`matrix.actions.${action}`) })}
                            checked={has(item, action)}
                            disabled={disabled}
                            onChange={(e) =>
                              onChange(set(item, toggled(rows[String(item.id)] ?? [], action, e.currentTarget.checked, matrix.actions)))
                            }
                            styles={{ body: { justifyContent: 'center' } }}
                          />
                        ) : (
                          <Tooltip label={t('matrix.notSupported')}>
                            <Checkbox
                              aria-label={t('matrix.cellNotSupported', { item: label, action: t(`matrix.actions.${action}`) })}
                              checked={false}
                              disabled
                              readOnly
                              styles={{ body: { justifyContent: 'center' } }}
                            />
                          </Tooltip>
                        )}
                      </Table.Td>
                    ))}
                    <Table.Td ta="center">
                      <Checkbox
                        aria-label={t('matrix.allOfItem', { item: label })}
                        checked={row.checked}
                        indeterminate={row.indeterminate}
                        disabled={disabled}
                        onChange={(e) => onChange(set(item, e.currentTarget.checked ? [...item.supports] : []))}
                        styles={{ body: { justifyContent: 'center' } }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
