// Small view helpers of the ordering app: focus that survives a re-render, messages that are only
// announced when they change, and the order's request body from the checkout form.

/** Re-renders without losing the keyboard's place: the focused control is found again by its key. @param {() => void} render */
export function keepingFocus(render) {
  const key = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.focusKey : undefined;
  render();
  if (!key) return;
  const again = document.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (again instanceof HTMLElement && !again.matches(':disabled')) again.focus();
}

/** Sets a live region's text only when it changes, so screen readers do not repeat it. @param {HTMLElement} element @param {string} text */
export function say(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/**
 * The pacing goes with a table order only. The guest's allergies go with the order (only when there are any); `allergy_confirmed` only when
 * the guest ticked "Order it anyway" for a dish that meets them.
 * The dishes go as `items`: each with its quantity, and its options and note when it has them.
 * @param {HTMLFormElement} form @param {{ dish_id: string, quantity: number, option_ids?: string[], note?: string }[]} items
 * @param {ReadonlySet<string>} allergies
 */
export function orderBody(form, items, allergies) {
  const data = new FormData(form);
  /** @param {string} name */
  const text = (name) => String(data.get(name) ?? '').trim();
  const table = text('table_number');
  const later = text('scheduled_at');
  return {
    name: text('name'),
    items,
    table_number: table === '' ? null : Number(table),
    special_requests: text('special_requests') || null,
    scheduled_at: later === '' ? null : new Date(later).toISOString(),
    // How the kitchen serves a table order, when the guest chose; takeaway takes the restaurant's default.
    ...(table !== '' && data.get('pacing') ? { pacing: String(data.get('pacing')) } : {}),
    ...(allergies.size > 0 ? { allergies: [...allergies] } : {}),
    ...(allergies.size > 0 && data.get('allergy_confirmed') ? { allergy_confirmed: true } : {}),
  };
}
