import { describe, expect, it } from 'vitest';
import { amountInWords } from './money-words';

describe('amountInWords', () => {
  it.each([
    ['0.00', 'Ringgit Malaysia zero only', 'Ringgit Malaysia kosong sahaja'],
    ['1.00', 'Ringgit Malaysia one only', 'Ringgit Malaysia satu sahaja'],
    ['10.50', 'Ringgit Malaysia ten and fifty sen only', 'Ringgit Malaysia sepuluh dan lima puluh sen sahaja'],
    ['11.05', 'Ringgit Malaysia eleven and five sen only', 'Ringgit Malaysia sebelas dan lima sen sahaja'],
    [
      '19.99',
      'Ringgit Malaysia nineteen and ninety-nine sen only',
      'Ringgit Malaysia sembilan belas dan sembilan puluh sembilan sen sahaja',
    ],
    ['105.00', 'Ringgit Malaysia one hundred and five only', 'Ringgit Malaysia seratus lima sahaja'],
    ['300.00', 'Ringgit Malaysia three hundred only', 'Ringgit Malaysia tiga ratus sahaja'],
    ['1005.00', 'Ringgit Malaysia one thousand and five only', 'Ringgit Malaysia seribu lima sahaja'],
    [
      '1250.50',
      'Ringgit Malaysia one thousand two hundred and fifty and fifty sen only',
      'Ringgit Malaysia seribu dua ratus lima puluh dan lima puluh sen sahaja',
    ],
    ['21000.00', 'Ringgit Malaysia twenty-one thousand only', 'Ringgit Malaysia dua puluh satu ribu sahaja'],
    ['1000000.00', 'Ringgit Malaysia one million only', 'Ringgit Malaysia satu juta sahaja'],
    ['4800000.00', 'Ringgit Malaysia four million eight hundred thousand only', 'Ringgit Malaysia empat juta lapan ratus ribu sahaja'],
    ['2000001.10', 'Ringgit Malaysia two million and one and ten sen only', 'Ringgit Malaysia dua juta satu dan sepuluh sen sahaja'],
    [
      '999999999999.99',
      'Ringgit Malaysia nine hundred and ninety-nine billion nine hundred and ninety-nine million nine hundred and ninety-nine thousand nine hundred and ninety-nine and ninety-nine sen only',
      'Ringgit Malaysia sembilan ratus sembilan puluh sembilan bilion sembilan ratus sembilan puluh sembilan juta sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan dan sembilan puluh sembilan sen sahaja',
    ],
  ])('%s', (amount, en, ms) => {
    expect(amountInWords(amount, 'en')).toBe(en);
    expect(amountInWords(amount, 'ms')).toBe(ms);
  });

  it('says nothing of what is not an amount', () => {
    for (const amount of ['-1.00', '1.005', 'abc', '', '1e3', '1000000000000.00']) expect(amountInWords(amount, 'en')).toBeNull();
  });
});
