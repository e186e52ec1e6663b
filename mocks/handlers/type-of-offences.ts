import {
  apiPaths,
  idParamsSchema,
  listQuerySchema,
  TYPE_OF_OFFENCE_SORT_FIELDS,
  typeOfOffenceInputSchema,
  typeOfOffenceListResponseSchema,
  typeOfOffenceResponseSchema,
  typeOfOffenceUpdateSchema,
  type TypeOfOffence,
} from '@contract';
import { contracts } from '@fixtures';
import {
  decideOffenceTypeDelete,
  decideOffenceTypeName,
  guards,
  LIST_RULES,
  listOrder,
  matchesSearch,
  orThrow,
  pageRows,
  parseSort,
  problems,
  sameName,
} from '@domain';
import { mockDb, updateMockDb, type MockDbState } from '../db';
import { noContent, readBody, readParams, readQuery, respond, route } from '../http';
import { requirePrivilege } from '../session';

const nameTaken = (db: Readonly<MockDbState>, name: string | undefined, exceptId?: number) =>
  name !== undefined && db.typeOfOffences.some((t) => t.id !== exceptId && sameName(t.name, name));

function find(db: Readonly<MockDbState>, id: number): TypeOfOffence {
  const found = db.typeOfOffences.find((t) => t.id === id);
  if (!found) throw problems.notFound('Type of offence');
  return found;
}

const inUse = (db: Readonly<MockDbState>, id: number) =>
  db.complaints.some((c) => c.typeOfOffenceId === id) || contracts.some((c) => c.rates.some((r) => r.typeOfOffenceId === id));

export const typeOfOffenceHandlers = [
  route('get', apiPaths.typeOfOffences, ({ request }) => {
    requirePrivilege(request, guards.typeOfOffenceList);
    const query = readQuery(request, listQuerySchema);
    const sort = parseSort(query.sort, TYPE_OF_OFFENCE_SORT_FIELDS) ?? LIST_RULES.typeOfOffences.first;
    const rows = mockDb()
      .typeOfOffences.filter((t) => matchesSearch(query.q, LIST_RULES.typeOfOffences.searchIn, t))
      .sort(listOrder(sort, (t, field) => t[field]));
    return respond(typeOfOffenceListResponseSchema, { data: pageRows(rows, query) });
  }),

  route('post', apiPaths.typeOfOffences, async ({ request }) => {
    requirePrivilege(request, guards.typeOfOffenceCreate);
    const input = await readBody(request, typeOfOffenceInputSchema);
    const created = updateMockDb((db) => {
      orThrow(decideOffenceTypeName(input.name, nameTaken(db, input.name)));
      const row: TypeOfOffence = { id: Math.max(0, ...db.typeOfOffences.map((t) => t.id)) + 1, ...input };
      db.typeOfOffences.push(row);
      return row;
    });
    return respond(typeOfOffenceResponseSchema, { data: created }, 201);
  }),

  route('patch', apiPaths.typeOfOffence(':id'), async ({ request, params }) => {
    requirePrivilege(request, guards.typeOfOffenceUpdate);
    const { id } = readParams(params, idParamsSchema);
    const changes = await readBody(request, typeOfOffenceUpdateSchema);
    const changed = updateMockDb((db) => {
      const row = find(db, id);
      orThrow(decideOffenceTypeName(changes.name, nameTaken(db, changes.name, id)));
      // Complaints show a type by its name of today, as the server's joins do.
      return { ...Object.assign(row, changes) };
    });
    return respond(typeOfOffenceResponseSchema, { data: changed });
  }),

  route('delete', apiPaths.typeOfOffence(':id'), ({ request, params }) => {
    requirePrivilege(request, guards.typeOfOffenceDelete);
    const { id } = readParams(params, idParamsSchema);
    updateMockDb((db) => {
      find(db, id);
      orThrow(decideOffenceTypeDelete(inUse(db, id)));
      db.typeOfOffences = db.typeOfOffences.filter((t) => t.id !== id);
    });
    return noContent();
  }),
];
