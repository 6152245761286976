// Reads enough ESC/POS to see what a kitchen printer would print: text lines (with their size and
// inversion), cuts, and the status requests (DLE EOT) a printer answers at once. Fed in pieces, as
// bytes arrive from TCP; a command split between two pieces waits for the rest.

/** Code page 437 (the printer's default), bytes 0x80–0xFF. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

export interface DecodedLine {
  text: string;
  /** Printed in double width or height (GS ! or ESC ! with a size). */
  large: boolean;
  /** White on black (GS B 1). */
  inverted: boolean;
}

export interface DecodedChit {
  lines: DecodedLine[];
}

export interface DecoderEvents {
  /** A cut: the lines since the last one make a chit. */
  chit(chit: DecodedChit): void;
  /** DLE EOT n: the printer must answer with one status byte now. */
  status(n: number): void;
}

/** How many argument bytes follow ESC <byte> (commands not listed take none). */
const ESC_ARGS: Record<number, number> = {
  0x21: 1, // ! print mode
  0x2d: 1, // - underline
  0x33: 1, // 3 line spacing
  0x45: 1, // E bold
  0x47: 1, // G double strike
  0x4a: 1, // J feed
  0x4d: 1, // M font
  0x52: 1, // R character set
  0x56: 1, // V rotate
  0x61: 1, // a align
  0x64: 1, // d feed lines
  0x70: 3, // p pulse
  0x72: 1, // r colour
  0x74: 1, // t code page
  0x7b: 1, // { upside down
};
const GS_ARGS: Record<number, number> = {
  0x21: 1, // ! size
  0x42: 1, // B invert
  0x48: 1, // H HRI position
  0x4c: 2, // L left margin
  0x57: 2, // W print width
  0x61: 1, // a status back
  0x62: 1, // b smoothing
  0x66: 1, // f HRI font
  0x68: 1, // h barcode height
  0x77: 1, // w barcode width
};

export class EscPosDecoder {
  private pending = new Uint8Array(0);
  private line: number[] = [];
  private lineLarge = false;
  private lineInverted = false;
  private large = false;
  private inverted = false;
  private lines: DecodedLine[] = [];

  constructor(private readonly events: DecoderEvents) {}

  /** Lines received since the last cut (a job cut off before its end). */
  get torn(): DecodedLine[] {
    return this.line.length > 0 ? [...this.lines, this.current()] : [...this.lines];
  }

  feed(bytes: Uint8Array): void {
    const data = new Uint8Array(this.pending.length + bytes.length);
    data.set(this.pending);
    data.set(bytes, this.pending.length);
    let at = 0;
    while (at < data.length) {
      const used = this.command(data, at);
      if (used === 0) break;
      at += used;
    }
    this.pending = data.slice(at);
  }

  /** Consumes one command or character at `at`; 0 when it needs more bytes. */
  private command(data: Uint8Array, at: number): number {
    const byte = data[at]!;
    const next = data[at + 1];
    const need = (count: number) => (at + count <= data.length ? count : 0);
    switch (byte) {
      case 0x0a:
        this.endLine();
        return 1;
      case 0x10: {
        if (next === undefined || data[at + 2] === undefined) return 0;
        if (next === 0x04) this.events.status(data[at + 2]!);
        return 3;
      }
      case 0x1b: {
        if (next === undefined) return 0;
        const size = 2 + (ESC_ARGS[next] ?? 0);
        if (!need(size)) return 0;
        if (next === 0x40) this.setStyle(false, false);
        if (next === 0x21) this.setStyle((data[at + 2]! & 0x30) !== 0, this.inverted);
        if (next === 0x64) for (let n = 0; n < data[at + 2]!; n++) this.endLine();
        if (next === 0x69 || next === 0x6d) this.cut();
        return size;
      }
      case 0x1c:
        if (next === undefined) return 0;
        return next === 0x2e || next === 0x26 ? 2 : need(3);
      case 0x1d:
        return this.groupSeparator(data, at);
      default:
        if (byte < 0x20) return 1;
        this.line.push(byte);
        this.lineLarge ||= this.large;
        this.lineInverted ||= this.inverted;
        return 1;
    }
  }

  private groupSeparator(data: Uint8Array, at: number): number {
    const next = data[at + 1];
    if (next === undefined) return 0;
    if (next === 0x56) {
      const mode = data[at + 2];
      if (mode === undefined) return 0;
      const size = mode === 65 || mode === 66 ? 4 : 3;
      if (at + size > data.length) return 0;
      this.cut();
      return size;
    }
    if (next === 0x28) {
      // GS ( fn pL pH data: a function with its own length.
      if (at + 5 > data.length) return 0;
      const size = 5 + data[at + 3]! + data[at + 4]! * 256;
      return at + size <= data.length ? size : 0;
    }
    const size = 2 + (GS_ARGS[next] ?? 0);
    if (at + size > data.length) return 0;
    if (next === 0x21) this.setStyle(data[at + 2]! !== 0, this.inverted);
    if (next === 0x42) this.setStyle(this.large, data[at + 2]! !== 0);
    return size;
  }

  private setStyle(large: boolean, inverted: boolean): void {
    this.large = large;
    this.inverted = inverted;
  }

  private current(): DecodedLine {
    const text = this.line.map((byte) => (byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80]!)).join('');
    return { text: text.trimEnd(), large: this.lineLarge, inverted: this.lineInverted };
  }

  private endLine(): void {
    this.lines.push(this.current());
    this.line = [];
    this.lineLarge = false;
    this.lineInverted = false;
  }

  private cut(): void {
    if (this.line.length > 0) this.endLine();
    // The feed before the cut leaves blank lines at the end: they are paper, not content.
    while (this.lines.length > 0 && this.lines.at(-1)!.text === '') this.lines.pop();
    this.events.chit({ lines: this.lines });
    this.lines = [];
  }
}

/** A chit as plain text, large lines marked, for a terminal or a test's failure message. */
export function chitText(chit: DecodedChit): string {
  return chit.lines.map((line) => (line.large ? `## ${line.text}` : line.text)).join('\n');
}
