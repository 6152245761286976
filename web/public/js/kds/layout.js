// Roomy cards for a quiet service, compact ones for volume. "Auto" (the default) turns compact past
// eight open tickets; the Layout button cycles Auto → Compact → Roomy, remembered on this tablet.
import { $ } from '../lib/dom.js';

const KEY = 'pos.kds.layout';
const MODES = ['auto', 'compact', 'roomy'];
/** @type {Record<string, string>} */
const TEXT = { auto: 'Layout: auto', compact: 'Layout: compact', roomy: 'Layout: roomy' };
export const COMPACT_FROM = 9;

/** @param {() => void} onChange */
export function wireLayout(onChange) {
  const button = $('#compact');
  let mode = MODES.includes(localStorage.getItem(KEY) ?? '') ? localStorage.getItem(KEY) : 'auto';
  const label = () => (button.textContent = TEXT[mode ?? 'auto']);
  button.addEventListener('click', () => {
    mode = MODES[(MODES.indexOf(mode ?? 'auto') + 1) % MODES.length];
    localStorage.setItem(KEY, mode);
    label();
    onChange();
  });
  label();
  return {
    /** @param {number} open the open tickets now */
    apply(open) {
      const compact = mode === 'compact' || (mode === 'auto' && open >= COMPACT_FROM);
      document.body.classList.toggle('compact', compact);
      button.setAttribute('aria-pressed', String(compact));
    },
  };
}
