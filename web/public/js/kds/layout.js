// Roomy cards for a quiet service, compact ones for volume. "Auto" (the default) turns compact past
// eight open tickets; the Layout button cycles Auto → Compact → Roomy, remembered on this tablet.
import { t } from '../lib/i18n.js';
import { $ } from '../lib/dom.js';

const KEY = 'pos.kds.layout';
/** @typedef {'auto' | 'compact' | 'roomy'} Mode */
/** @type {Mode[]} */
const MODES = ['auto', 'compact', 'roomy'];
export const COMPACT_FROM = 9;

/** @param {() => void} onChange */
export function wireLayout(onChange) {
  const button = $('#compact');
  const stored = localStorage.getItem(KEY);
  /** @type {Mode} */
  let mode = MODES.find((each) => each === stored) ?? 'auto';
  const label = () => (button.textContent = t(`kds.layout-${mode}`));
  button.addEventListener('click', () => {
    mode = MODES[(MODES.indexOf(mode) + 1) % MODES.length] ?? 'auto';
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
