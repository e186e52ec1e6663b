import { beforeEach, describe, expect, it } from 'vitest';
import { auditListResponseSchema } from '../contract/audit';
import { formulaEvaluateResponseSchema, formulaListResponseSchema, formulaResponseSchema } from '../contract/formulas';
import { contracts, FORMULA_ID, formulas } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';

const api = connectApi();
beforeEach(() => api.reset());

const list = async (query = '') =>
  readAs(formulaListResponseSchema, await api.call('GET', `api/v1/formulas?limit=1000&${query}`, { as: 'admin' })).data;
const create = (body: Record<string, unknown>) => api.call('POST', 'api/v1/formulas', { as: 'admin', body });
const evaluate = (
  expression: string,
  variables: Record<string, unknown> = { qty: 2, rate: '150.00', contractValue: '4800000.00', repeatCount: 0 },
  as: 'admin' | 'officer' | 'contractor' = 'admin',
) => api.call('POST', 'api/v1/formulas/evaluate', { as, body: { expression, variables } });

describe('formulas', () => {
  it('are listed by name, searched in name, description and expression, filtered by active', async () => {
    const all = await list();
    expect(all.items.map((f) => f.name)).toEqual(formulas.map((f) => f.name).sort());
    expect((await list('q=repeatCount')).items.map((f) => f.id).sort()).toEqual(
      formulas
        .filter((f) => f.expression.includes('repeatCount'))
        .map((f) => f.id)
        .sort(),
    );
    expect((await list('active=false')).items.map((f) => f.id)).toEqual(formulas.filter((f) => !f.active).map((f) => f.id));
    const csv = await api.call('GET', 'api/v1/formulas.csv?sort=name', { as: 'admin' });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('"if(repeatCount >= 3, 2, 1) * rate * max(qty, 1)"');
  });

  it('are saved only with an expression that checks; a refusal says what and where, and writes nothing', async () => {
    const before = (await list()).pagination.totalRow;
    const typo = expectProblem(await create({ name: 'Typo', expression: 'rate * qtty' }), 400);
    expect(typo.code).toBe('formulaInvalid');
    expect(typo.errors?.expression).toEqual(['Unknown variable “qtty”; use qty, rate, contractValue, repeatCount.']);
    expect(typo.position).toBe(7);
    expect(expectProblem(await create({ name: 'Open', expression: 'rate * (qty + 1' }), 400).position).toBe(15);
    expect(expectProblem(await create({ name: 'Zero', expression: 'rate / (qty - 2)' }), 400).errors?.expression).toEqual([
      'This division is by zero for the preview values.',
    ]);
    expect(expectProblem(await create({ name: 'Member', expression: 'rate.constructor' }), 400).code).toBe('formulaInvalid');
    expect(expectProblem(await create({ name: 'Long', expression: 'qty + '.repeat(100) + 'qty' }), 400).errors?.expression).toEqual([
      'At most 500 characters.',
    ]);
    expectProblem(await create({ name: 'Nothing' }), 400);
    expectProblem(await create({ name: 'x'.repeat(121), expression: 'rate' }), 400);
    expect((await list()).pagination.totalRow).toBe(before);

    const made = readAs(formulaResponseSchema, await create({ name: ' Per item doubled ', expression: '2 * rate * qty' })).data;
    expect(made).toMatchObject({ name: 'Per item doubled', description: '', expression: '2 * rate * qty', active: true });
    const clash = expectProblem(await create({ name: 'PER ITEM DOUBLED', expression: 'rate' }), 409);
    expect(Object.keys(clash.errors ?? {})).toEqual(['name']);
  });

  it('are changed with the same check and leave an audit event each', async () => {
    const id = FORMULA_ID.perItem;
    expect(
      expectProblem(await api.call('PATCH', `api/v1/formulas/${id}`, { as: 'admin', body: { expression: 'sqrt(rate)' } }), 400).position,
    ).toBe(0);
    const changed = readAs(
      formulaResponseSchema,
      await api.call('PATCH', `api/v1/formulas/${id}`, { as: 'admin', body: { expression: 'round(rate * max(qty, 1), 0)' } }),
    ).data;
    expect(changed.expression).toBe('round(rate * max(qty, 1), 0)');
    const events = readAs(
      auditListResponseSchema,
      await api.call('GET', `api/v1/audit-events?entity=formula&entityId=${id}`, { as: 'admin' }),
    ).data.items;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'update',
      before: { expression: 'rate * max(qty, 1)' },
      after: { expression: 'round(rate * max(qty, 1), 0)' },
    });
  });

  it('in use by a contract are never deleted, only deactivated', async () => {
    const used = contracts.filter((c) => c.formulaId === FORMULA_ID.repeatOffender).length;
    const refused = expectProblem(await api.call('DELETE', `api/v1/formulas/${FORMULA_ID.repeatOffender}`, { as: 'admin' }), 409);
    expect(refused.detail).toBe(`${used} contract uses this formula; deactivate it instead.`);
    readAs(
      formulaResponseSchema,
      await api.call('PATCH', `api/v1/formulas/${FORMULA_ID.repeatOffender}`, { as: 'admin', body: { active: false } }),
    );
    const free = formulas.find((f) => !contracts.some((c) => c.formulaId === f.id))!;
    expect((await api.call('DELETE', `api/v1/formulas/${free.id}`, { as: 'admin' })).status).toBe(204);
    expectProblem(await api.call('GET', `api/v1/formulas/${free.id}`, { as: 'admin' }), 404);
  });

  it('preview: the amount in decimals, rounded half-up, the same evaluator as saving', async () => {
    const result = async (expression: string, variables?: Record<string, unknown>) =>
      readAs(formulaEvaluateResponseSchema, await evaluate(expression, variables)).data.result;
    expect(await result('if(repeatCount >= 3, 2, 1) * rate * max(qty, 1)')).toBe('300.00');
    expect(
      await result('if(repeatCount >= 3, 2, 1) * rate * max(qty, 1)', { qty: 0, rate: '150.00', contractValue: '0', repeatCount: 3 }),
    ).toBe('300.00');
    expect(await result('0.1 + 0.2')).toBe('0.30');
    expectProblem(await evaluate('rate', { qty: 1, rate: '0.015', contractValue: '0', repeatCount: 0 }), 400); // three places are not money
    expect(await result('rate / 3', { qty: 1, rate: '1.00', contractValue: '0', repeatCount: 0 })).toBe('0.33');
    expect(
      await result('min(rate * max(qty, 1), contractValue * 0.0001)', {
        qty: 4,
        rate: '150.00',
        contractValue: '2100000.00',
        repeatCount: 0,
      }),
    ).toBe('210.00');
    const zero = expectProblem(await evaluate('rate / qty', { qty: 0, rate: '1.00', contractValue: '0', repeatCount: 0 }), 400);
    expect(zero).toMatchObject({ code: 'formulaInvalid', position: 5 });
    expectProblem(await evaluate('rate', { qty: -1, rate: '1.00', contractValue: '0', repeatCount: 0 }), 400);
    expectProblem(await evaluate('rate', { qty: 1, rate: '1.00', contractValue: '0' }), 400);
  });

  it('are the administrators’: others may not write them; only officers (for the contracts they read) list them', async () => {
    expectProblem(await api.call('GET', 'api/v1/formulas', { as: 'verifier' }), 403);
    expectProblem(await api.call('POST', 'api/v1/formulas', { as: 'officer', body: { name: 'X', expression: 'rate' } }), 403);
    expectProblem(await api.call('POST', 'api/v1/formulas', { as: 'contractor', body: { name: 'X', expression: 'rate' } }), 403);
    expectProblem(await evaluate('rate', undefined, 'contractor'), 403);
    expectProblem(await api.call('POST', 'api/v1/formulas/evaluate', { body: { expression: 'rate', variables: {} } }), 401);
  });
});
