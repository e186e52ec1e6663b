/** Money shown as the domain groups it (domain/money-words.ts). */
export { formatMoney } from '@domain/money-words';
