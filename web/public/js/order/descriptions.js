// A dish's description may be 2000 characters: on the ordering app's menu it keeps to four lines, so
// one dish cannot fill a phone's screen and push its price and Add button screens down. Where it was
// cut, "More" opens the whole text in place, and the dish stays open through the live re-renders.
import { t } from '../lib/i18n.js';
import { isCut } from '../lib/clamp.js';
import { h } from '../lib/dom.js';

/** The dishes whose whole description the guest opened. @type {Set<string>} */
const opened = new Set();

/**
 * Marks the opened dishes in `menu`, then gives every cut or opened description its More or Less
 * button (all marks first, then all measures: one layout for the whole menu).
 * @param {HTMLElement} menu @param {() => void} rerender
 */
export function offerWholeDescriptions(menu, rerender) {
  const dishes = /** @type {HTMLElement[]} */ ([...menu.querySelectorAll('.dish')]);
  for (const dish of dishes) dish.classList.toggle('open', opened.has(dish.dataset.dishId ?? ''));
  const toOffer = dishes.filter((dish) => {
    const text = /** @type {HTMLElement | null} */ (dish.querySelector('.dish-description'));
    return text !== null && (dish.classList.contains('open') || isCut(text));
  });
  for (const dish of toOffer) {
    const id = dish.dataset.dishId ?? '';
    const open = opened.has(id);
    const name = dish.querySelector('.dish-title')?.textContent ?? '';
    const toggle = () => {
      if (open) opened.delete(id);
      else opened.add(id);
      rerender();
    };
    dish.querySelector('.dish-description')?.after(
      h(
        'button',
        {
          type: 'button',
          class: 'dish-more',
          'aria-expanded': String(open),
          // Named for its dish like every button here ("Add Steak"): a screen reader lists many Mores.
          'aria-label': open ? t('order.less-about', { dish: name }) : t('order.more-about', { dish: name }),
          dataset: { focusKey: `description-${id}` },
          on: { click: toggle },
        },
        open ? t('order.less') : t('order.more'),
      ),
    );
  }
}
