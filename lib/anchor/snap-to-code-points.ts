/** An edit-distance match may cut a surrogate pair; widen [start, end) to whole code points. */
export function snapToCodePoints(text: string, start: number, end: number): { start: number; end: number } {
  const isLow = (offset: number) => {
    const code = text.charCodeAt(offset);
    return code >= 0xdc00 && code <= 0xdfff;
  };
  return {
    start: start > 0 && isLow(start) ? start - 1 : start,
    end: end < text.length && isLow(end) ? end + 1 : end,
  };
}
