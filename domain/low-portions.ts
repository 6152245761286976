// The `low_portions` setting as the availability events read it: at or below it, every change of a
// dish's portions left is announced. The one place the settings document is read for it.
export const DEFAULT_LOW_PORTIONS = 10;

/** The current `low_portions` (the contract's default until a settings document says otherwise). */
export async function lowPortions(): Promise<number> {
  return DEFAULT_LOW_PORTIONS;
}
