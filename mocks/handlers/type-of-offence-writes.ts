import { http, HttpResponse } from 'msw';
import {
  apiPaths,
  typeOfOffenceInputSchema,
  typeOfOffenceResponseSchema,
  typeOfOffenceUpdateSchema,
  type TypeOfOffence,
} from '@contract';
import { contracts, menuItems } from '@fixtures';
import { apiRoute } from '../api-route';
import { mockDb, updateMockDb, type MockDbState } from '../db';
import { simulateLatency } from '../latency';
import { requirePrivilege } from '../privileges';
import { problem } from '../problem';
import { readId, readJsonBody, respond } from '../request-validation';

// Offence types as server/routes/type-of-offence-writes.ts rules them: unique names whatever
// their case, and one in use (by a complaint or a contract's rates) is never deleted.

const nameTaken = () =>
  problem(409, 'Name already used', 'Another type of offence has this name.', {
    name: ['Another type of offence has this name.'],
  });

function clashes(db: Readonly<MockDbState>, name: string, exceptId?: number) {
  return db.typeOfOffences.some((t) => t.id !== exceptId && t.name.toLowerCase() === name.toLowerCase());
}

function find(db: Readonly<MockDbState>, id: number): TypeOfOffence {
  const found = db.typeOfOffences.find((t) => t.id === id);
  if (!found) throw problem(404, 'Not found', 'Type of offence not found.');
  return found;
}

function inUse(db: Readonly<MockDbState>, id: number) {
  return db.complaints.some((c) => c.typeOfOffence.id === id) || contracts.some((c) => c.rates.some((r) => r.typeOfOffenceId === id));
}

export const typeOfOffenceWriteHandlers = [
  http.post(apiRoute(apiPaths.typeOfOffences), async ({ request }) => {
    await simulateLatency();
    requirePrivilege(request, [menuItems.typeOfOffence], 'create');
    const input = await readJsonBody(request, typeOfOffenceInputSchema);
    const created = updateMockDb((db) => {
      if (clashes(db, input.name)) throw nameTaken();
      const row: TypeOfOffence = { id: Math.max(0, ...db.typeOfOffences.map((t) => t.id)) + 1, ...input };
      db.typeOfOffences.push(row);
      return row;
    });
    return respond(typeOfOffenceResponseSchema, { data: created }, 201);
  }),

  http.patch(apiRoute(apiPaths.typeOfOffence(':id')), async ({ request, params }) => {
    await simulateLatency();
    requirePrivilege(request, [menuItems.typeOfOffence], 'update');
    const id = readId(params);
    const changes = await readJsonBody(request, typeOfOffenceUpdateSchema);
    const changed = updateMockDb((db) => {
      const row = find(db, id);
      if (changes.name !== undefined && clashes(db, changes.name, id)) throw nameTaken();
      Object.assign(row, changes);
      // A renamed type is shown under its new name wherever complaints show it, as the server's joins do.
      return { ...row };
    });
    return respond(typeOfOffenceResponseSchema, { data: changed });
  }),

  http.delete(apiRoute(apiPaths.typeOfOffence(':id')), async ({ request, params }) => {
    await simulateLatency();
    requirePrivilege(request, [menuItems.typeOfOffence], 'delete');
    const id = readId(params);
    find(mockDb(), id);
    if (inUse(mockDb(), id)) {
      return problem(409, 'In use', 'Complaints or contracts use this type of offence; deactivate it instead.');
    }
    updateMockDb((db) => {
      db.typeOfOffences = db.typeOfOffences.filter((t) => t.id !== id);
    });
    return new HttpResponse(null, { status: 204 });
  }),
];
