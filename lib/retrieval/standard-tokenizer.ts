/**
 * Word tokenizer approximating Lucene's StandardTokenizer (Unicode UAX #29 word boundaries):
 * - runs of letters, digits, combining marks and connector punctuation (`_`) form a token, so
 *   letters and digits stay together (`450W`, `v2`);
 * - `.` `'` `’` `:` `·` join two letters (`e.g`, `don't`, `O'Neil`), and `.` `,` `;` `'` join two
 *   digits (`4.3.0`, `1,000.50`); anything else breaks, hyphens included (`E-4012` → `E`, `4012`);
 * - each Han or Hiragana character is a token of its own, as StandardTokenizer emits them;
 * - tokens longer than 255 UTF-16 units are cut into pieces of 255, as Lucene does.
 * Emoji and other symbols are dropped. Case is kept; see analyze-text.ts for the filters.
 */
export function standardTokenize(text: string): string[] {
  const tokens: string[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    const kind = classify(text, index);
    if (kind === CharKind.Ideograph) {
      const end = skipExtenders(text, index + unitWidth(text, index));
      pushToken(tokens, text.slice(index, end));
      index = end;
      continue;
    }
    if (kind !== CharKind.Letter && kind !== CharKind.Digit && kind !== CharKind.Connector) {
      index += unitWidth(text, index);
      continue;
    }
    const start = index;
    let last: CharKind = kind; // the last letter/digit/connector: what a joiner is judged against
    let hasWordCharacter = kind !== CharKind.Connector;
    index += unitWidth(text, index);
    while (index < length) {
      const next = classify(text, index);
      if (next === CharKind.Letter || next === CharKind.Digit || next === CharKind.Connector) {
        last = next;
        if (next !== CharKind.Connector) hasWordCharacter = true;
        index += unitWidth(text, index);
      } else if (next === CharKind.Extender) {
        index += unitWidth(text, index);
      } else if (isJoiner(next) && index + 1 < length) {
        const after = classify(text, index + 1);
        const joinsLetters = last === CharKind.Letter && after === CharKind.Letter && joinsLetter(next);
        const joinsDigits = last === CharKind.Digit && after === CharKind.Digit && joinsDigit(next);
        if (!joinsLetters && !joinsDigits) break;
        index += 1;
      } else {
        break;
      }
    }
    if (hasWordCharacter) pushToken(tokens, text.slice(start, index)); // a lone `___` is no word
  }
  return tokens;
}

const MAX_TOKEN_LENGTH = 255;

function pushToken(tokens: string[], token: string): void {
  for (let offset = 0; offset < token.length; offset += MAX_TOKEN_LENGTH) {
    tokens.push(token.slice(offset, offset + MAX_TOKEN_LENGTH));
  }
}

const CharKind = {
  Other: 0,
  Letter: 1,
  Digit: 2,
  Connector: 3, // UAX #29 ExtendNumLet: _ and other connector punctuation
  Extender: 4, // combining marks, format characters, ZWJ: invisible inside a word
  Ideograph: 5, // Han and Hiragana: one token per character
  MidLetter: 6, // : · and friends — join letters only
  MidNum: 7, // , ; and friends — join digits only
  MidNumLet: 8, // . ' ’ and friends — join letters or digits
} as const;
type CharKind = (typeof CharKind)[keyof typeof CharKind];

function isJoiner(kind: CharKind): boolean {
  return kind === CharKind.MidLetter || kind === CharKind.MidNum || kind === CharKind.MidNumLet;
}

function joinsLetter(kind: CharKind): boolean {
  return kind === CharKind.MidLetter || kind === CharKind.MidNumLet;
}

function joinsDigit(kind: CharKind): boolean {
  return kind === CharKind.MidNum || kind === CharKind.MidNumLet;
}

function skipExtenders(text: string, from: number): number {
  let index = from;
  while (index < text.length && classify(text, index) === CharKind.Extender) index += unitWidth(text, index);
  return index;
}

function unitWidth(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? 2 : 1;
}

const asciiKinds: CharKind[] = Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  if (/[A-Za-z]/.test(char)) return CharKind.Letter;
  if (/[0-9]/.test(char)) return CharKind.Digit;
  if (char === "_") return CharKind.Connector;
  if (char === ":") return CharKind.MidLetter;
  if (char === "," || char === ";") return CharKind.MidNum;
  if (char === "." || char === "'") return CharKind.MidNumLet;
  return CharKind.Other;
});

const MID_LETTER = new Set(["\u00b7", "\u0387", "\u055f", "\u05f4", "\u2027", "\ufe13", "\ufe55", "\uff1a"]);
const MID_NUM = new Set([
  "\u037e",
  "\u0589",
  "\u060c",
  "\u060d",
  "\u066c",
  "\u07f8",
  "\u2044",
  "\ufe10",
  "\ufe14",
  "\ufe50",
  "\ufe54",
  "\uff0c",
  "\uff1b",
]);
const MID_NUM_LET = new Set(["\u2018", "\u2019", "\u2024", "\ufe52", "\uff07", "\uff0e"]);
const ideograph = /[\p{Script=Han}\p{Script=Hiragana}]/u;
const letter = /[\p{L}]/u;
const digit = /[\p{N}]/u;
const extender = /[\p{M}\p{Cf}]/u;
const connector = /\p{Pc}/u;

/** ASCII from a table; everything else through Unicode property classes. */
function classify(text: string, index: number): CharKind {
  const code = text.charCodeAt(index);
  if (code < 128) return asciiKinds[code] ?? CharKind.Other;
  const char = String.fromCodePoint(text.codePointAt(index) ?? code);
  if (ideograph.test(char)) return CharKind.Ideograph;
  if (letter.test(char)) return CharKind.Letter;
  if (digit.test(char)) return CharKind.Digit;
  if (extender.test(char)) return CharKind.Extender;
  if (connector.test(char)) return CharKind.Connector;
  if (MID_NUM_LET.has(char)) return CharKind.MidNumLet;
  if (MID_LETTER.has(char)) return CharKind.MidLetter;
  if (MID_NUM.has(char)) return CharKind.MidNum;
  return CharKind.Other;
}
