/**
 * Where JSON text first stops being valid, and why, as a 1-based line and column (UTF-16
 * units). JSON.parse does not always give a position ("Unexpected token 'x', … is not valid
 * JSON"), and a person fixing a file by hand needs one. Returns null for valid JSON. Only
 * called after JSON.parse failed, so it favours clarity over speed.
 */
export function locateJsonSyntaxError(text: string): { line: number; column: number; reason: string } | null {
  try {
    new JsonScanner(text).scanDocument();
    return null;
  } catch (error) {
    if (!(error instanceof SyntaxAt)) throw error;
    const before = text.slice(0, error.offset);
    const line = before.split("\n").length;
    const column = error.offset - before.lastIndexOf("\n");
    return { line, column, reason: error.reason };
  }
}

class SyntaxAt {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

const MAX_DEPTH = 1000;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

class JsonScanner {
  private position = 0;

  constructor(private readonly text: string) {}

  scanDocument(): void {
    this.scanValue(0);
    this.skipWhitespace();
    if (this.position < this.text.length) this.fail(`${this.found()} after the end of the JSON value`);
  }

  private scanValue(depth: number): void {
    if (depth > MAX_DEPTH) this.fail(`nested more than ${MAX_DEPTH} levels deep`);
    this.skipWhitespace();
    const char = this.text[this.position];
    if (char === "{") this.scanContainer("}", () => this.scanMember(depth));
    else if (char === "[") this.scanContainer("]", () => this.scanValue(depth + 1));
    else if (char === '"') this.scanString();
    else if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) this.scanNumber();
    else this.scanLiteral();
  }

  private scanLiteral(): void {
    const literal = ["true", "false", "null"].find((word) => this.text.startsWith(word, this.position));
    if (literal === undefined) this.fail(`${this.found()}, expected a value`);
    this.position += literal.length;
  }

  private scanContainer(close: "}" | "]", scanItem: () => void): void {
    this.position += 1;
    this.skipWhitespace();
    if (this.text[this.position] === close) {
      this.position += 1;
      return;
    }
    for (;;) {
      scanItem();
      this.skipWhitespace();
      const char = this.text[this.position];
      if (char === close) {
        this.position += 1;
        return;
      }
      if (char !== ",") this.fail(`${this.found()}, expected ',' or '${close}'`);
      this.position += 1;
      this.skipWhitespace();
      if (this.text[this.position] === close) this.fail(`trailing comma before '${close}'`);
    }
  }

  private scanMember(depth: number): void {
    this.skipWhitespace();
    if (this.text[this.position] !== '"')
      this.fail(`${this.found()}, expected a property name in double quotes`);
    this.scanString();
    this.skipWhitespace();
    if (this.text[this.position] !== ":") this.fail(`${this.found()}, expected ':' after the property name`);
    this.position += 1;
    this.scanValue(depth + 1);
  }

  private scanString(): void {
    const start = this.position;
    this.position += 1;
    for (;;) {
      const char = this.text[this.position];
      if (char === undefined) this.fail("unterminated string", start);
      if (char === '"') {
        this.position += 1;
        return;
      }
      if (char === "\\") {
        const escaped = this.text[this.position + 1];
        if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) this.position += 2;
        else if (escaped === "u" && HEX4.test(this.text.slice(this.position + 2, this.position + 6)))
          this.position += 6;
        else this.fail("invalid escape sequence in a string");
      } else if (char.charCodeAt(0) < 0x20) {
        this.fail("raw control character (a line break or tab?) inside a string — escape it as \\n or \\t");
      } else {
        this.position += 1;
      }
    }
  }

  private scanNumber(): void {
    NUMBER.lastIndex = this.position;
    const match = NUMBER.exec(this.text);
    if (match === null) this.fail("invalid number");
    this.position += match[0].length;
  }

  private skipWhitespace(): void {
    while (this.position < this.text.length && " \t\n\r".includes(this.text[this.position]!))
      this.position += 1;
  }

  private found(): string {
    const char = this.text[this.position];
    if (char === undefined) return "unexpected end of the file";
    const shown = char < " " ? JSON.stringify(char) : char === "'" ? `"'"` : `'${char}'`;
    return `unexpected character ${shown}`;
  }

  private fail(reason: string, offset = this.position): never {
    throw new SyntaxAt(offset, reason);
  }
}
