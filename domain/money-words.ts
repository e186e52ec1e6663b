/**
 * An amount of money in words, as an invoice states it beside the figures (issue 12):
 * "Ringgit Malaysia one thousand two hundred and fifty and fifty sen only", and in Malay
 * "Ringgit Malaysia seribu dua ratus lima puluh dan lima puluh sen sahaja". Amounts are the
 * API's decimal strings ("1250.50"), up to 999,999,999,999.99; worked on as digits, never floats.
 */

const EN_UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion'];

/** 0–999 in British English ("one hundred and five"). */
function englishHundreds(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const restWords =
    rest === 0 ? '' : rest < 20 ? EN_UNITS[rest]! : EN_TENS[Math.floor(rest / 10)]! + (rest % 10 ? `-${EN_UNITS[rest % 10]}` : '');
  if (hundreds === 0) return restWords;
  return `${EN_UNITS[hundreds]} hundred${restWords ? ` and ${restWords}` : ''}`;
}

function englishNumber(n: number): string {
  if (n === 0) return 'zero';
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words = groups
    .map((group, scale) => (group === 0 ? '' : `${englishHundreds(group)}${EN_SCALES[scale] ? ` ${EN_SCALES[scale]}` : ''}`))
    .reverse()
    .filter(Boolean);
  // "one thousand and five": the last group joins with "and" when it has no hundreds of its own.
  const last = groups[0]!;
  if (words.length > 1 && last > 0 && last < 100) words[words.length - 1] = `and ${words.at(-1)}`;
  return words.join(' ');
}

const MS_UNITS = ['kosong', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'lapan', 'sembilan'];
const MS_SCALES = ['', 'ribu', 'juta', 'bilion'];

/** 0–999 in Malay ("seratus lima puluh"). */
function malayHundreds(n: number): string {
  const hundreds = Math.floor(n / 100);
  const tens = Math.floor((n % 100) / 10);
  const units = n % 10;
  const parts: string[] = [];
  if (hundreds) parts.push(hundreds === 1 ? 'seratus' : `${MS_UNITS[hundreds]} ratus`);
  const rest = n % 100;
  if (rest >= 10 && rest < 20) parts.push(rest === 10 ? 'sepuluh' : rest === 11 ? 'sebelas' : `${MS_UNITS[units]} belas`);
  else {
    if (tens) parts.push(`${MS_UNITS[tens]} puluh`);
    if (units) parts.push(MS_UNITS[units]!);
  }
  return parts.join(' ');
}

function malayNumber(n: number): string {
  if (n === 0) return 'kosong';
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  return groups
    .map((group, scale) => {
      if (group === 0) return '';
      // "seribu", not "satu ribu"; but "satu juta".
      if (scale === 1 && group === 1) return 'seribu';
      return `${malayHundreds(group)}${MS_SCALES[scale] ? ` ${MS_SCALES[scale]}` : ''}`;
    })
    .reverse()
    .filter(Boolean)
    .join(' ');
}

/** The amount in words in `lang`, or null when it is not an amount of money this can say. */
export function amountInWords(amount: string, lang: 'en' | 'ms'): string | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const ringgit = Number(match[1]);
  const sen = Number((match[2] ?? '0').padEnd(2, '0'));
  if (lang === 'en') {
    const words = `Ringgit Malaysia ${englishNumber(ringgit)}${sen ? ` and ${englishNumber(sen)} sen` : ''} only`;
    return words;
  }
  return `Ringgit Malaysia ${malayNumber(ringgit)}${sen ? ` dan ${malayNumber(sen)} sen` : ''} sahaja`;
}

/**
 * Money as the API sends it, a decimal string ("4800000.00"), shown with thousands grouped
 * ("4,800,000.00") without passing through binary floating point.
 */
export function formatMoney(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${fraction.padEnd(2, '0')}`;
}
