import { allow, problems, refuse, type Decision } from './problems';

/** Names are unique whatever their case. */
export const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function decideOffenceTypeName(name: string | undefined, taken: boolean): Decision {
  return name !== undefined && taken ? refuse(problems.offenceTypeNameTaken()) : allow();
}

/** A type that complaints or contracts use is never deleted, only deactivated. */
export function decideOffenceTypeDelete(inUse: boolean): Decision {
  return inUse ? refuse(problems.offenceTypeInUse()) : allow();
}
