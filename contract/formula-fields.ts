/** Zod-free, so the SPA's URL parsing and forms can import it alone. */

/** Sortable formula fields; `-field` sorts descending. Unsorted, by name. */
export const FORMULA_SORT_FIELDS = ['name', 'active'] as const;
export type FormulaSortField = (typeof FORMULA_SORT_FIELDS)[number];

/** The limits of a formula's fields; formulas.ts enforces them, the form checks them as the user types. */
export const FORMULA_NAME_MAX = 120;
/** The schema stops only the absurd; the evaluator refuses anything past FORMULA_MAX_LENGTH with its place. */
export const FORMULA_EXPRESSION_MAX = 5000;
export const FORMULA_DESCRIPTION_MAX = 500;
/** The largest `repeatCount` a formula is evaluated with; its `qty` has the complaint's QTY_MAX. */
export const REPEAT_COUNT_MAX = 1_000_000;

/** Whole digits an amount of money may have. */
const MONEY_DIGITS = 12;
/** An amount as decimalStringSchema (formulas.ts) takes it: at most MONEY_DIGITS whole digits and two places. */
export const MONEY_PATTERN = new RegExp(`^-?\\d{1,${MONEY_DIGITS}}(\\.\\d{1,2})?$`);
/** The largest whole amount MONEY_PATTERN lets through, for a form's number input. */
export const MONEY_MAX = 10 ** MONEY_DIGITS - 1;
