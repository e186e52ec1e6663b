import {
  apiPaths,
  idParamsSchema,
  listQuerySchema,
  TYPE_OF_OFFENCE_SORT_FIELDS,
  typeOfOffenceExportQuerySchema,
  typeOfOffenceInputSchema,
  typeOfOffenceListResponseSchema,
  typeOfOffenceResponseSchema,
  typeOfOffenceUpdateSchema,
  type TypeOfOffence,
} from '@contract';
import { contracts } from '@fixtures';
import {
  checkTimeZone,
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
  typeOfOffenceCsv,
} from '@domain';
import { mockDb, updateMockDb, type MockDbState } from '../db';
import { csvResponse, noContent, readBody, readParams, readQuery, respond, route } from '../http';
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

/** The types a list or export query matches, in the list's order. */
function listedTypes({ sort, q }: { sort?: string; q?: string }) {
  const order = parseSort(sort, TYPE_OF_OFFENCE_SORT_FIELDS) ?? LIST_RULES.typeOfOffences.first;
  return mockDb()
    .typeOfOffences.filter((t) => matchesSearch(q, LIST_RULES.typeOfOffences.searchIn, t))
    .sort(listOrder(order, (t, field) => t[field]));
}

export const typeOfOffenceHandlers = [
  route('get', apiPaths.typeOfOffences, ({ request }) => {
    requirePrivilege(request, guards.typeOfOffenceList);
    const { page, limit, ...query } = readQuery(request, listQuerySchema);
    return respond(typeOfOffenceListResponseSchema, { data: pageRows(listedTypes(query), { page, limit }) });
  }),

  route('get', apiPaths.typeOfOffencesCsv, ({ request }) => {
    requirePrivilege(request, guards.typeOfOffenceList);
    const { lang, tz, ...query } = readQuery(request, typeOfOffenceExportQuerySchema);
    checkTimeZone(tz);
    const lines = listedTypes(query).map((t) => typeOfOffenceCsv.line(t, lang));
    return csvResponse(typeOfOffenceCsv.fileName(), typeOfOffenceCsv.header(lang) + lines.join(''));
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
