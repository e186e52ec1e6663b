import { describe, expect, it } from 'vitest';
import { checkFormula, formulaAmount, parseFormula, PREVIEW_VALUES, toMoney, type FormulaValues } from './formula';

const values = (over: Partial<Record<keyof FormulaValues, string | number>> = {}): FormulaValues => ({
  qty: 2,
  rate: '150.00',
  contractValue: '4800000.00',
  repeatCount: 0,
  ...over,
});
const amount = (text: string, over: Partial<Record<keyof FormulaValues, string | number>> = {}) => {
  const outcome = formulaAmount(text, values(over));
  if (!outcome.ok) throw new Error(`refused: ${outcome.error.message}`);
  return outcome.value;
};
const refusal = (text: string) => {
  const outcome = checkFormula(text);
  if (outcome.ok) throw new Error(`"${text}" was accepted`);
  return outcome.error;
};

describe('formula evaluation', () => {
  it('knows the variables, precedence, unary minus and parentheses', () => {
    expect(amount('rate * qty')).toBe('300.00');
    expect(amount('1 + 2 * 3')).toBe('7.00');
    expect(amount('(1 + 2) * 3')).toBe('9.00');
    expect(amount('10 - 4 - 3')).toBe('3.00');
    expect(amount('24 / 4 / 2')).toBe('3.00');
    expect(amount('-qty + 5')).toBe('3.00');
    expect(amount('- -3')).toBe('3.00');
    expect(amount('contractValue * 0.0001')).toBe('480.00');
    expect(amount('.5 * rate')).toBe('75.00');
  });

  it('computes in decimals, never binary floating point', () => {
    expect(amount('0.1 + 0.2')).toBe('0.30');
    expect(formulaAmount('(0.1 + 0.2) * 10 == 3', values()).ok).toBe(false); // a comparison is not an amount
    expect(amount('if(0.1 + 0.2 == 0.3, 1, 0)')).toBe('1.00');
    expect(amount('1.005 * 1000')).toBe('1005.00');
    expect(amount('rate', { rate: '0.015' })).toBe('0.02'); // half-up, where a float would give 0.01
    expect(amount('rate', { rate: '2.675' })).toBe('2.68'); // 2.675 is 2.67499… in binary
    expect(amount('10 / 3')).toBe('3.33');
    expect(amount('20 / 3')).toBe('6.67');
    expect(amount('10 / 3 * 3')).toBe('10.00');
    expect(toMoney('-0.005')).toBe('-0.01');
  });

  it('has min, max, round, ceil, floor and if', () => {
    expect(amount('min(qty, 5, 1.5) * rate')).toBe('225.00');
    expect(amount('max(qty, 1) * rate', { qty: 0 })).toBe('150.00');
    expect(amount('round(10 / 3, 1)')).toBe('3.30');
    expect(amount('round(2.5)')).toBe('3.00');
    expect(amount('round(-2.5)')).toBe('-3.00');
    expect(amount('ceil(2.1) + floor(2.9)')).toBe('5.00');
    expect(amount('ceil(-2.1)')).toBe('-2.00');
    expect(amount('floor(-2.1)')).toBe('-3.00');
    const escalation = 'if(repeatCount >= 3, 2, 1) * rate * max(qty, 1)';
    expect(amount(escalation, { repeatCount: 2 })).toBe('300.00');
    expect(amount(escalation, { repeatCount: 3 })).toBe('600.00');
    expect(amount('if(qty != 0, rate / qty, rate)', { qty: 0 })).toBe('150.00'); // the other branch is not taken
    for (const [text, expected] of [
      ['if(qty < 2, 1, 0)', '0.00'],
      ['if(qty <= 2, 1, 0)', '1.00'],
      ['if(qty > 2, 1, 0)', '0.00'],
      ['if(qty == 2, 1, 0)', '1.00'],
    ] as const) {
      expect(amount(text)).toBe(expected);
    }
  });

  it('reuses one parse for many evaluations', () => {
    const parsed = parseFormula('rate * qty');
    if (!parsed.ok) throw new Error('refused');
    expect(formulaAmount(parsed.value, values({ qty: 3 }))).toEqual({ ok: true, value: '450.00' });
    expect(formulaAmount(parsed.value, values({ qty: 4 }))).toEqual({ ok: true, value: '600.00' });
  });
});

describe('formula refusals point at the place in the text', () => {
  it.each([
    ['rate * qtty', 'unknownVariable', 7],
    ['rate * sqrt(qty)', 'unknownFunction', 7],
    ['rate * (qty + 1', 'syntax', 15],
    ['rate ** 2', 'operatorNotAllowed', 5],
    ['rate % 2', 'operatorNotAllowed', 5],
    ['qty === 1', 'operatorNotAllowed', 4],
    ['if(qty > 1 && rate > 1, 1, 2)', 'operatorNotAllowed', 11],
    ['!qty', 'operatorNotAllowed', 0],
    ['rate / (qty - 2)', 'divisionByZero', 5],
    ['if(qty > 5, rate / 0, rate)', 'divisionByZero', 17],
    ['round(rate, 1.5)', 'roundPlaces', 0],
    ['round(rate, 11)', 'roundPlaces', 0],
    ['if(qty, 1, 2)', 'needsComparison', 0],
    ['(qty > 1) * rate', 'needsNumber', 10],
    ['qty > 1', 'needsNumber', 0],
    ['min()', 'arity', 0],
    ['ceil(1, 2)', 'arity', 0],
    ['if(qty > 1, 2)', 'arity', 0],
    ['1e400 * rate', 'numberTooLong', 0],
    ['1234567890123456 * rate', 'numberTooLong', 0],
    ['', 'empty', 0],
    ['   ', 'empty', 0],
  ])('%j: %s at %i', (text, code, position) => {
    const error = refusal(text);
    expect(error.code).toBe(code);
    expect(error.position).toBe(position);
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('words what it refuses', () => {
    expect(refusal('rate * qtty').message).toBe('Unknown variable “qtty”; use qty, rate, contractValue, repeatCount.');
    expect(refusal('qty === 1').message).toBe('The operator === is not allowed; use ==.');
    expect(refusal('rate * (qty + 1').message).toMatch(/at character 16\.$/);
    expect(refusal('rate / (qty - 2)').message).toBe('This division is by zero for the preview values.');
  });

  it('checks division by zero with the preview values, in every branch', () => {
    expect(PREVIEW_VALUES.qty).toBe(2);
    expect(checkFormula('rate / (qty - 1)').ok).toBe(true);
    expect(checkFormula('rate / (qty - 1)', { ...PREVIEW_VALUES, qty: 1 }).ok).toBe(false);
  });
});

describe('hostile formulas are refused, quickly', () => {
  it.each([
    ['constructor', 'unknownVariable'],
    ['__proto__', 'unknownVariable'],
    ['toString', 'unknownVariable'],
    ['hasOwnProperty', 'unknownVariable'],
    ['this', 'notAllowed'],
    ['rate.constructor', 'notAllowed'],
    ['qty["constructor"]', 'notAllowed'],
    ['(1).constructor', 'notAllowed'],
    ['constructor.constructor("return process")()', 'notAllowed'],
    ['min.call(null, 1)', 'notAllowed'],
    ['max(1)(2)', 'notAllowed'],
    ['"a" + 1', 'notAllowed'],
    ['`x`', 'syntax'],
    ['[1, 2]', 'notAllowed'],
    ['true', 'notAllowed'],
    ['null * 2', 'notAllowed'],
    ['qty, rate', 'notAllowed'],
    ['qty; rate', 'notAllowed'],
    ['qty ? 1 : 2', 'notAllowed'],
    ['eval("1")', 'unknownFunction'],
    ['Function("return 1")()', 'unknownFunction'],
    ['globalThis', 'unknownVariable'],
    ['qty = 3', 'syntax'],
    ['rate | 0', 'operatorNotAllowed'],
    ['~qty', 'operatorNotAllowed'],
  ])('%j: %s', (text, code) => {
    expect(refusal(text).code).toBe(code);
  });

  it('refuses very long and very deep input at once', () => {
    const long = `${'qty + '.repeat(200)}qty`;
    expect(refusal(long)).toMatchObject({ code: 'tooLong', position: 500 });
    const deep = `${'('.repeat(5000)}qty${')'.repeat(5000)}`;
    expect(refusal(deep).code).toBe('tooLong');
    const nested = `${'('.repeat(40)}qty${')'.repeat(40)}`;
    expect(refusal(nested)).toMatchObject({ code: 'tooDeep', position: 30 });
    const calls = `${'max('.repeat(31)}1${')'.repeat(31)}`;
    expect(refusal(calls).code).toBe('tooDeep');
    const unary = `${'-'.repeat(490)}qty`;
    expect(checkFormula(unary).ok).toBe(true);
  });

  it('keeps huge intermediate results exact without running away', () => {
    expect(amount('999999999999999 * 999999999999999 / 999999999999999')).toBe('999999999999999.00');
  });
});
