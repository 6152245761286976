// The pace a station works at, in a cook's words, for the station's strip.

/**
 * "cooking at 1.2× the menu, 3 cooks"; the menu's times as they are read "cooking at the menu's times".
 * @param {{ speed: number, cooks: number }} pace
 */
export function paceLine({ speed, cooks }) {
  const at = Math.abs(speed - 1) < 0.05 ? "the menu's times" : `${speed.toFixed(1)}× the menu`;
  return `cooking at ${at}, ${cooks} ${cooks === 1 ? 'cook' : 'cooks'}`;
}
