/**
 * The Porter (1980) stemmer as Lucene's PorterStemFilter applies it: Porter's own reference
 * implementation (release 3), including its departures from the paper (`-bli` → `-ble`,
 * `-logi` → `-log`) and its bug fixes. Input is one lowercased token; words of one or two
 * characters are returned unchanged; any character other than a, e, i, o, u (and y after a
 * consonant) counts as a consonant, as in Lucene.
 */
export function stemPorter(word: string): string {
  if (word.length <= 2) return word;
  return new PorterWord(word).stem();
}

/** Mutable state of one stemming: `b[0..k]` is the current word, `j` marks a suffix's start. */
class PorterWord {
  private readonly b: string[];
  private k: number;
  private j = 0;

  constructor(word: string) {
    this.b = word.split("");
    this.k = word.length - 1;
  }

  stem(): string {
    this.step1();
    this.step2();
    this.step3();
    this.step4();
    this.step5();
    this.step6();
    return this.b.slice(0, this.k + 1).join("");
  }

  private at(index: number): string {
    return this.b[index] ?? "";
  }

  private isConsonant(index: number): boolean {
    switch (this.at(index)) {
      case "a":
      case "e":
      case "i":
      case "o":
      case "u":
        return false;
      case "y":
        return index === 0 ? true : !this.isConsonant(index - 1);
      default:
        return true;
    }
  }

  /** m(): the number of vowel–consonant sequences in b[0..j]. */
  private measure(): number {
    let count = 0;
    let index = 0;
    while (index <= this.j && this.isConsonant(index)) index++;
    while (index <= this.j) {
      while (index <= this.j && !this.isConsonant(index)) index++;
      if (index > this.j) return count;
      count++;
      while (index <= this.j && this.isConsonant(index)) index++;
    }
    return count;
  }

  private vowelInStem(): boolean {
    for (let index = 0; index <= this.j; index++) if (!this.isConsonant(index)) return true;
    return false;
  }

  private doubleConsonant(index: number): boolean {
    return index >= 1 && this.at(index) === this.at(index - 1) && this.isConsonant(index);
  }

  /** consonant–vowel–consonant ending at `index`, the last consonant not w, x or y. */
  private cvc(index: number): boolean {
    if (
      index < 2 ||
      !this.isConsonant(index) ||
      this.isConsonant(index - 1) ||
      !this.isConsonant(index - 2)
    ) {
      return false;
    }
    const last = this.at(index);
    return last !== "w" && last !== "x" && last !== "y";
  }

  /** Whether b[0..k] ends with `suffix`; if so, j is set just before it. */
  private ends(suffix: string): boolean {
    const offset = this.k - suffix.length + 1;
    if (offset < 0) return false;
    for (let index = 0; index < suffix.length; index++) {
      if (this.b[offset + index] !== suffix[index]) return false;
    }
    this.j = this.k - suffix.length;
    return true;
  }

  private setTo(replacement: string): void {
    for (let index = 0; index < replacement.length; index++)
      this.b[this.j + 1 + index] = replacement[index] ?? "";
    this.k = this.j + replacement.length;
  }

  private replaceIfMeasured(replacement: string): void {
    if (this.measure() > 0) this.setTo(replacement);
  }

  /** Plurals and -ed / -ing: caresses → caress, ponies → poni, hopping → hop, filing → file. */
  private step1(): void {
    if (this.at(this.k) === "s") {
      if (this.ends("sses")) this.k -= 2;
      else if (this.ends("ies")) this.setTo("i");
      else if (this.at(this.k - 1) !== "s") this.k--;
    }
    if (this.ends("eed")) {
      if (this.measure() > 0) this.k--;
    } else if ((this.ends("ed") || this.ends("ing")) && this.vowelInStem()) {
      this.k = this.j;
      if (this.ends("at")) this.setTo("ate");
      else if (this.ends("bl")) this.setTo("ble");
      else if (this.ends("iz")) this.setTo("ize");
      else if (this.doubleConsonant(this.k)) {
        const last = this.at(this.k);
        if (last !== "l" && last !== "s" && last !== "z") this.k--;
      } else if (this.measure() === 1 && this.cvc(this.k)) this.setTo("e");
    }
  }

  /** Terminal y → i when the stem has a vowel: happy → happi. */
  private step2(): void {
    if (this.ends("y") && this.vowelInStem()) this.b[this.k] = "i";
  }

  /** Double suffixes to single ones when m() > 0: relational → relate, generalization → generalize. */
  private step3(): void {
    if (this.k === 0) return;
    this.replaceFirst(STEP3_RULES[this.at(this.k - 1)]);
  }

  /** -ic-, -full, -ness: triplicate → triplic, hopeful → hope, goodness → good. */
  private step4(): void {
    this.replaceFirst(STEP4_RULES[this.at(this.k)]);
  }

  /** Drops -ant, -ence, -ment, … when m() > 1: adjustment → adjust. */
  private step5(): void {
    if (this.k === 0) return;
    const suffixes = STEP5_SUFFIXES[this.at(this.k - 1)];
    if (!suffixes) return;
    const found = suffixes.some((suffix) =>
      suffix === "ion"
        ? this.ends("ion") && this.j >= 0 && (this.at(this.j) === "s" || this.at(this.j) === "t")
        : this.ends(suffix),
    );
    if (found && this.measure() > 1) this.k = this.j;
  }

  /** Drops a final -e when m() > 1 (or m() = 1 and not cvc), and -ll → -l when m() > 1. */
  private step6(): void {
    this.j = this.k;
    if (this.at(this.k) === "e") {
      const measure = this.measure();
      if (measure > 1 || (measure === 1 && !this.cvc(this.k - 1))) this.k--;
    }
    if (this.at(this.k) === "l" && this.doubleConsonant(this.k) && this.measure() > 1) this.k--;
  }

  /** The first rule whose suffix matches decides, whether or not m() allows the replacement. */
  private replaceFirst(rules: readonly (readonly [string, string])[] | undefined): void {
    for (const [suffix, replacement] of rules ?? []) {
      if (this.ends(suffix)) {
        this.replaceIfMeasured(replacement);
        return;
      }
    }
  }
}

/** Keyed by the penultimate letter, in the reference implementation's order. */
// biome-ignore format: a rule table reads best one letter per line
const STEP3_RULES: Partial<Record<string, readonly (readonly [string, string])[]>> = {
  a: [["ational", "ate"], ["tional", "tion"]],
  c: [["enci", "ence"], ["anci", "ance"]],
  e: [["izer", "ize"]],
  l: [["bli", "ble"], ["alli", "al"], ["entli", "ent"], ["eli", "e"], ["ousli", "ous"]],
  o: [["ization", "ize"], ["ation", "ate"], ["ator", "ate"]],
  s: [["alism", "al"], ["iveness", "ive"], ["fulness", "ful"], ["ousness", "ous"]],
  t: [["aliti", "al"], ["iviti", "ive"], ["biliti", "ble"]],
  g: [["logi", "log"]],
};

/** Keyed by the last letter. */
// biome-ignore format: a rule table reads best one letter per line
const STEP4_RULES: Partial<Record<string, readonly (readonly [string, string])[]>> = {
  e: [["icate", "ic"], ["ative", ""], ["alize", "al"]],
  i: [["iciti", "ic"]],
  l: [["ical", "ic"], ["ful", ""]],
  s: [["ness", ""]],
};

/** Keyed by the penultimate letter; "ion" only after s or t. */
const STEP5_SUFFIXES: Partial<Record<string, readonly string[]>> = {
  a: ["al"],
  c: ["ance", "ence"],
  e: ["er"],
  i: ["ic"],
  l: ["able", "ible"],
  n: ["ant", "ement", "ment", "ent"],
  o: ["ion", "ou"],
  s: ["ism"],
  t: ["ate", "iti"],
  u: ["ous"],
  v: ["ive"],
  z: ["ize"],
};
