import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it.each([
    ['0.00', '0.00'],
    ['150.00', '150.00'],
    ['4800000.00', '4,800,000.00'],
    ['-1234.5', '-1,234.50'],
    ['999999999999.99', '999,999,999,999.99'],
    ['12', '12.00'],
    ['not money', 'not money'],
  ])('%s → %s', (amount, shown) => {
    expect(formatMoney(amount)).toBe(shown);
  });
});
