// A stock quantity as the screens show it: up to three decimals, with the ingredient's unit beside
// it ("55 bunch", "2.5 kg"; bare when the ingredient has none).

export const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });

/** @param {number} value @param {string | null | undefined} unit */
export const amount = (value, unit) => `${quantity.format(value)}${unit ? ` ${unit}` : ''}`;
