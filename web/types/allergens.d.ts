// The allergens' codes as the server serves them at /boards/shared/allergens.js, typed by their one home.
export const ALLERGENS: typeof import('../../models/allergens.js').ALLERGENS;
