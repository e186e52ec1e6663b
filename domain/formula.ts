import Big from 'big.js';
import jsep from 'jsep';

/**
 * Penalty formulas (PRODUCT.md "Contracts and money"): parsed by `jsep`, a parser only, and
 * evaluated here over an allow-list of node types, in decimals (`big.js`), never binary
 * floating point and never `eval` or `new Function`. The server, the mocks and the SPA's
 * live preview all ask these functions, so a formula means the same everywhere.
 */

export const FORMULA_VARIABLES = ['qty', 'rate', 'contractValue', 'repeatCount'] as const;
export type FormulaVariable = (typeof FORMULA_VARIABLES)[number];
/** Values as decimal strings ("150.00") or integers. */
export type FormulaValues = Readonly<Record<FormulaVariable, string | number>>;

export const FORMULA_FUNCTIONS = ['min', 'max', 'round', 'ceil', 'floor', 'if'] as const;
export type FormulaFunction = (typeof FORMULA_FUNCTIONS)[number];

export const FORMULA_MAX_LENGTH = 500;
const MAX_NESTING = 30;
const MAX_LITERAL_DIGITS = 15;
const MAX_ROUND_PLACES = 10;
/** This module's own decimals: division keeps 20 places, rounding half-up, before an amount is rounded to two. */
const Decimal = Big();
Decimal.DP = 20;
Decimal.RM = Big.roundHalfUp;

/** What the formula screen previews with, and what a saved formula must survive. */
export const PREVIEW_VALUES: FormulaValues = { qty: 2, rate: '150.00', contractValue: '4800000.00', repeatCount: 3 };

/** Why a formula is refused, at which character (0-based) of its text. */
export type FormulaErrorCode =
  | 'empty'
  | 'tooLong'
  | 'tooDeep'
  | 'syntax'
  | 'unknownVariable'
  | 'unknownFunction'
  | 'notAllowed'
  | 'operatorNotAllowed'
  | 'numberTooLong'
  | 'arity'
  | 'needsNumber'
  | 'needsComparison'
  | 'divisionByZero'
  | 'roundPlaces';

export interface FormulaError {
  code: FormulaErrorCode;
  /** The English message; clients word `code` with `params` in their own language. */
  message: string;
  position: number;
  params: Record<string, string | number>;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: FormulaError };

type Kind = 'number' | 'boolean';
type Node =
  | { t: 'num'; value: Big; pos: number }
  | { t: 'var'; name: FormulaVariable; pos: number }
  | { t: 'neg'; arg: Node; pos: number }
  | { t: 'arith'; op: '+' | '-' | '*' | '/'; left: Node; right: Node; pos: number }
  | { t: 'cmp'; op: '<' | '<=' | '>' | '>=' | '==' | '!='; left: Node; right: Node; pos: number }
  | { t: 'call'; fn: FormulaFunction; args: Node[]; pos: number };

/** A formula that parsed and checked: evaluate it as often as needed. */
export interface Formula {
  readonly text: string;
  readonly root: Node;
}

const ARITH = new Set(['+', '-', '*', '/']);
const COMPARE = new Set(['<', '<=', '>', '>=', '==', '!=']);
const SUGGEST: Record<string, string> = { '===': '==', '!==': '!=', '&&': 'if(…)', '||': 'if(…)', '**': '*', '%': 'floor(…)' };
const ARITY: Record<FormulaFunction, [min: number, max: number]> = {
  min: [1, 50],
  max: [1, 50],
  round: [1, 2],
  ceil: [1, 1],
  floor: [1, 1],
  if: [3, 3],
};

const MESSAGES: Record<FormulaErrorCode, (p: Record<string, string | number>) => string> = {
  empty: () => 'Enter an expression.',
  tooLong: (p) => `At most ${p.max} characters.`,
  tooDeep: (p) => `At most ${p.max} levels of parentheses.`,
  syntax: (p) => `${p.detail} at character ${Number(p.at) + 1}.`,
  unknownVariable: (p) => `Unknown variable “${p.name}”; use ${FORMULA_VARIABLES.join(', ')}.`,
  unknownFunction: (p) => `Unknown function “${p.name}”; use ${FORMULA_FUNCTIONS.join(', ')}.`,
  notAllowed: (p) => `${p.what} is not allowed in a formula.`,
  operatorNotAllowed: (p) =>
    p.instead ? `The operator ${p.op} is not allowed; use ${p.instead}.` : `The operator ${p.op} is not allowed.`,
  numberTooLong: (p) => `Write ${p.number} as a plain number of at most ${MAX_LITERAL_DIGITS} digits.`,
  arity: (p) =>
    p.min === p.max ? `${p.name}() takes ${p.min} ${p.min === 1 ? 'value' : 'values'}.` : `${p.name}() takes ${p.min} to ${p.max} values.`,
  needsNumber: () => 'A comparison cannot be calculated with; put it inside if(…).',
  needsComparison: () => 'The condition of if(…) must be a comparison, e.g. repeatCount >= 3.',
  divisionByZero: () => 'This division is by zero for the preview values.',
  roundPlaces: (p) => `round() keeps 0 to ${p.max} decimal places, not ${p.places}.`,
};

function fail<T>(code: FormulaErrorCode, position: number, params: Record<string, string | number> = {}): Outcome<T> {
  return { ok: false, error: { code, message: MESSAGES[code](params), position, params } };
}

/* Where each node of jsep's tree stands in the text. jsep 1.x keeps no positions, so the
   text is cut into tokens and the tree walked in reading order, taking tokens as it goes. */

type Token = { kind: 'id' | 'num' | 'op' | 'punc' | 'str'; text: string; pos: number };
const OPERATORS = [
  '>>>',
  '===',
  '!==',
  '**',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
  '??',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '~',
  '&',
  '|',
  '^',
];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (/[A-Za-z_$]/.test(c)) {
      while (i < text.length && /[\w$]/.test(text[i]!)) i++;
      tokens.push({ kind: 'id', text: text.slice(start, i), pos: start });
    } else if (/\d/.test(c) || (c === '.' && /\d/.test(text[i + 1] ?? ''))) {
      const match = /^(\d*\.?\d*)([eE][+-]?\d+)?/.exec(text.slice(i))!;
      i += Math.max(match[0].length, 1);
      tokens.push({ kind: 'num', text: text.slice(start, i), pos: start });
    } else if (c === '"' || c === "'" || c === '`') {
      i++;
      while (i < text.length && text[i] !== c) i += text[i] === '\\' ? 2 : 1;
      i++;
      tokens.push({ kind: 'str', text: text.slice(start, i), pos: start });
    } else {
      const op = OPERATORS.find((o) => text.startsWith(o, i));
      if (op) {
        i += op.length;
        tokens.push({ kind: 'op', text: op, pos: start });
      } else {
        i++;
        tokens.push({ kind: 'punc', text: c, pos: start });
      }
    }
  }
  return tokens;
}

class Cursor {
  private next = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly end: number,
  ) {}
  /** The position of the next token of this kind (and text), consumed. */
  take(kind: Token['kind'], text?: string | readonly string[]): number {
    for (let k = this.next; k < this.tokens.length; k++) {
      const token = this.tokens[k]!;
      if (token.kind === kind && (text === undefined || (typeof text === 'string' ? token.text === text : text.includes(token.text)))) {
        this.next = k + 1;
        return token.pos;
      }
    }
    return this.end;
  }
}

const isVariable = (name: string): name is FormulaVariable => (FORMULA_VARIABLES as readonly string[]).includes(name);
const isFunction = (name: string): name is FormulaFunction => (FORMULA_FUNCTIONS as readonly string[]).includes(name);

/** Turns jsep's tree into ours, refusing on the way whatever is not on the allow-list. */
function build(node: jsep.Expression, at: Cursor): Outcome<{ node: Node; kind: Kind }> {
  switch (node.type) {
    case 'Literal': {
      const literal = node as jsep.Literal;
      if (typeof literal.value !== 'number') {
        const pos = typeof literal.value === 'string' ? at.take('str') : at.take('id');
        return fail('notAllowed', pos, { what: typeof literal.value === 'string' ? 'Text' : `“${literal.raw}”` });
      }
      const pos = at.take('num');
      const raw = literal.raw;
      if (/[eE]/.test(raw) || raw.replace(/\D/g, '').length > MAX_LITERAL_DIGITS) return fail('numberTooLong', pos, { number: raw });
      return { ok: true, value: { node: { t: 'num', value: new Decimal(raw.startsWith('.') ? `0${raw}` : raw), pos }, kind: 'number' } };
    }
    case 'Identifier': {
      const { name } = node as jsep.Identifier;
      const pos = at.take('id', name);
      if (!isVariable(name)) return fail('unknownVariable', pos, { name });
      return { ok: true, value: { node: { t: 'var', name, pos }, kind: 'number' } };
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      const pos = at.take('op', unary.operator);
      if (unary.operator !== '-') return fail('operatorNotAllowed', pos, { op: unary.operator });
      const arg = build(unary.argument, at);
      if (!arg.ok) return arg;
      if (arg.value.kind !== 'number') return fail('needsNumber', pos);
      return { ok: true, value: { node: { t: 'neg', arg: arg.value.node, pos }, kind: 'number' } };
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      const left = build(binary.left, at);
      if (!left.ok) return left;
      const pos = at.take('op', binary.operator);
      const { operator: op } = binary;
      if (!ARITH.has(op) && !COMPARE.has(op))
        return fail('operatorNotAllowed', pos, { op, ...(SUGGEST[op] ? { instead: SUGGEST[op] } : {}) });
      const right = build(binary.right, at);
      if (!right.ok) return right;
      if (left.value.kind !== 'number') return fail('needsNumber', pos);
      if (right.value.kind !== 'number') return fail('needsNumber', pos);
      if (ARITH.has(op)) {
        return {
          ok: true,
          value: { node: { t: 'arith', op: op as '+', left: left.value.node, right: right.value.node, pos }, kind: 'number' },
        };
      }
      return {
        ok: true,
        value: { node: { t: 'cmp', op: op as '<', left: left.value.node, right: right.value.node, pos }, kind: 'boolean' },
      };
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      if (call.callee.type !== 'Identifier') {
        const inner = build(call.callee, at);
        return inner.ok ? fail('notAllowed', at.take('punc', '('), { what: 'Calling the result of an expression' }) : inner;
      }
      const { name } = call.callee as jsep.Identifier;
      const pos = at.take('id', name);
      if (!isFunction(name)) return fail('unknownFunction', pos, { name });
      const [min, max] = ARITY[name];
      if (call.arguments.length < min || call.arguments.length > max) return fail('arity', pos, { name, min, max });
      const args: Node[] = [];
      for (const [index, argument] of call.arguments.entries()) {
        const arg = build(argument, at);
        if (!arg.ok) return arg;
        const wanted: Kind = name === 'if' && index === 0 ? 'boolean' : 'number';
        if (arg.value.kind !== wanted) return fail(wanted === 'boolean' ? 'needsComparison' : 'needsNumber', pos);
        args.push(arg.value.node);
      }
      return { ok: true, value: { node: { t: 'call', fn: name, args, pos }, kind: 'number' } };
    }
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      const object = build(member.object, at);
      if (!object.ok && object.error.code !== 'unknownVariable') return object;
      return fail('notAllowed', at.take('punc', ['.', '[']), { what: 'Reading a property' });
    }
    case 'ThisExpression':
      return fail('notAllowed', at.take('id', 'this'), { what: '“this”' });
    case 'ArrayExpression':
      return fail('notAllowed', at.take('punc', '['), { what: 'A list' });
    case 'Compound':
    case 'SequenceExpression': {
      const parts = (node as jsep.Compound).body ?? (node as jsep.SequenceExpression).expressions;
      const first = parts[0] ? build(parts[0], at) : undefined;
      if (first && !first.ok) return first;
      return fail('notAllowed', at.take('punc', [',', ';']), { what: 'More than one expression' });
    }
    default:
      return fail('notAllowed', at.take('punc'), { what: `“${node.type}”` });
  }
}

/** Parses and checks a formula's text; no value is needed yet. */
export function parseFormula(text: string): Outcome<Formula> {
  if (text.trim() === '') return fail('empty', 0);
  if (text.length > FORMULA_MAX_LENGTH) return fail('tooLong', FORMULA_MAX_LENGTH, { max: FORMULA_MAX_LENGTH });
  const tokens = tokenize(text);
  let depth = 0;
  for (const token of tokens) {
    if (token.kind !== 'punc') continue;
    if (token.text === '(' || token.text === '[') depth++;
    if (token.text === ')' || token.text === ']') depth--;
    if (depth > MAX_NESTING) return fail('tooDeep', token.pos, { max: MAX_NESTING });
  }
  let tree: jsep.Expression;
  try {
    tree = jsep(text);
  } catch (error) {
    const { index, description } = error as { index?: number; description?: string };
    const at = Math.min(index ?? 0, text.length);
    return fail('syntax', at, { detail: description ?? 'Not a formula', at });
  }
  const built = build(tree, new Cursor(tokens, text.length));
  if (!built.ok) return built;
  if (built.value.kind !== 'number') return fail('needsNumber', 0);
  return { ok: true, value: { text, root: built.value.node } };
}

/** `everyBranch`: evaluate both sides of each if(…), to find every division by zero. */
function evaluate(node: Node, values: Readonly<Record<FormulaVariable, Big>>, everyBranch: boolean): Outcome<Big | boolean> {
  const number = (n: Node): Outcome<Big> => evaluate(n, values, everyBranch) as Outcome<Big>;
  switch (node.t) {
    case 'num':
      return { ok: true, value: node.value };
    case 'var':
      return { ok: true, value: values[node.name] };
    case 'neg': {
      const arg = number(node.arg);
      return arg.ok ? { ok: true, value: arg.value.neg() } : arg;
    }
    case 'arith':
    case 'cmp': {
      const left = number(node.left);
      if (!left.ok) return left;
      const right = number(node.right);
      if (!right.ok) return right;
      const [a, b] = [left.value, right.value];
      switch (node.op) {
        case '+':
          return { ok: true, value: a.plus(b) };
        case '-':
          return { ok: true, value: a.minus(b) };
        case '*':
          return { ok: true, value: a.times(b) };
        case '/':
          return b.eq(0) ? fail('divisionByZero', node.pos) : { ok: true, value: a.div(b) };
        case '<':
          return { ok: true, value: a.lt(b) };
        case '<=':
          return { ok: true, value: a.lte(b) };
        case '>':
          return { ok: true, value: a.gt(b) };
        case '>=':
          return { ok: true, value: a.gte(b) };
        case '==':
          return { ok: true, value: a.eq(b) };
        case '!=':
          return { ok: true, value: !a.eq(b) };
      }
      break;
    }
    case 'call': {
      if (node.fn === 'if') {
        const test = evaluate(node.args[0]!, values, everyBranch);
        if (!test.ok) return test;
        const chosen = test.value ? node.args[1]! : node.args[2]!;
        if (everyBranch) {
          const other = number(test.value ? node.args[2]! : node.args[1]!);
          if (!other.ok) return other;
        }
        return number(chosen);
      }
      const args: Big[] = [];
      for (const arg of node.args) {
        const value = number(arg);
        if (!value.ok) return value;
        args.push(value.value);
      }
      switch (node.fn) {
        case 'min':
          return { ok: true, value: args.reduce((a, b) => (b.lt(a) ? b : a)) };
        case 'max':
          return { ok: true, value: args.reduce((a, b) => (b.gt(a) ? b : a)) };
        case 'ceil':
          return { ok: true, value: ceil(args[0]!) };
        case 'floor':
          return { ok: true, value: floor(args[0]!) };
        case 'round': {
          const places = args[1] ?? new Decimal(0);
          if (!places.eq(places.round(0)) || places.lt(0) || places.gt(MAX_ROUND_PLACES)) {
            return fail('roundPlaces', node.pos, { places: places.toString(), max: MAX_ROUND_PLACES });
          }
          return { ok: true, value: args[0]!.round(places.toNumber(), Big.roundHalfUp) };
        }
      }
    }
  }
  throw new Error('unreachable');
}

/** Towards +∞ and −∞, whatever the sign (big.js rounds by magnitude). */
const ceil = (x: Big) => (x.gte(0) ? x.round(0, Big.roundUp) : x.round(0, Big.roundDown));
const floor = (x: Big) => (x.gte(0) ? x.round(0, Big.roundDown) : x.round(0, Big.roundUp));

function decimalsOf(values: FormulaValues): Readonly<Record<FormulaVariable, Big>> {
  return Object.fromEntries(FORMULA_VARIABLES.map((name) => [name, new Decimal(values[name])])) as Record<FormulaVariable, Big>;
}

/** An amount of money: rounded half-up to two places, as the API sends it ("1250.00"). */
export const toMoney = (value: Big | string | number): string => new Decimal(value).round(2, Big.roundHalfUp).toFixed(2);

/** A total of money: the sum of amounts already rounded, in decimals ("1250.50"). */
export const sumMoney = (amounts: readonly string[]): string => toMoney(amounts.reduce((sum, a) => sum.plus(a), new Decimal(0)));

/** What saving checks: it parses, and no division is by zero for the preview values. */
export function checkFormula(text: string, preview: FormulaValues = PREVIEW_VALUES): Outcome<Formula> {
  const parsed = parseFormula(text);
  if (!parsed.ok) return parsed;
  const evaluated = evaluate(parsed.value.root, decimalsOf(preview), true);
  return evaluated.ok ? parsed : evaluated;
}

/** The penalty a formula gives for these values, as money ("300.00"). */
export function formulaAmount(formula: Formula | string, values: FormulaValues): Outcome<string> {
  const parsed = typeof formula === 'string' ? parseFormula(formula) : { ok: true as const, value: formula };
  if (!parsed.ok) return parsed;
  const evaluated = evaluate(parsed.value.root, decimalsOf(values), false);
  return evaluated.ok ? { ok: true, value: toMoney(evaluated.value as Big) } : evaluated;
}
