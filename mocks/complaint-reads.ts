import { contractRef, contracts, organizations, type FixtureComplaint } from '@fixtures';
import type { MockDbState } from './db';
import { problem } from './problem';

// How the mock reads complaints, as server/repositories/complaints.ts joins them.

/** The complaint, or the 404 answer thrown. */
export function requireComplaint(db: Readonly<MockDbState>, id: number): FixtureComplaint {
  const found = db.complaints.find((complaint) => complaint.id === id);
  if (!found) throw problem(404, 'Not found', 'Complaint not found.');
  return found;
}

/** As the server reads a complaint: people and offence types by their names of today. */
export function presentComplaint(
  db: Readonly<MockDbState>,
  complaint: FixtureComplaint,
): FixtureComplaint {
  const person = ({ id, fullName }: { id: number; fullName: string }) => ({
    id,
    fullName: db.accounts.find((account) => account.id === id)?.fullName ?? fullName,
  });
  return {
    ...complaint,
    typeOfOffence: offenceRef(db, complaint.typeOfOffence.id) ?? complaint.typeOfOffence,
    createdBy: person(complaint.createdBy),
    statusHistory: complaint.statusHistory.map((entry) => ({
      ...entry,
      changedBy: person(entry.changedBy),
    })),
  };
}

export function offenceRef(db: Readonly<MockDbState>, id: number) {
  const found = db.typeOfOffences.find((type) => type.id === id);
  return found && { id: found.id, name: found.name };
}

export function organizationRef(id: number) {
  const { name } = organizations.find((organization) => organization.id === id)!;
  return { id, name };
}

/** What the complaint form offers: active offence types, and contractors with their contracts. */
export function complaintFormOptions(db: Readonly<MockDbState>) {
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const typeOfOffences = db.typeOfOffences
    .filter((type) => type.isActive)
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => byCodePoint(a.name, b.name));
  const withContracts = organizations
    .map(({ id, name }) => ({
      id,
      name,
      contracts: contracts
        .filter((contract) => contract.organizationId === id)
        .map(contractRef)
        .sort((a, b) => byCodePoint(a.contractNo, b.contractNo)),
    }))
    .filter((organization) => organization.contracts.length > 0)
    .sort((a, b) => byCodePoint(a.name, b.name));
  return { typeOfOffences, organizations: withContracts };
}
