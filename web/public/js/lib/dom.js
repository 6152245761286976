// A tiny element builder: text goes in through textContent only, so no data is ever parsed as HTML.

/**
 * @param {string} tag
 * @param {Record<string, unknown>} [props] `class`, `dataset`, `on` (event handlers) or any property
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') element.className = String(value);
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (name === 'on')
      for (const [type, handler] of Object.entries(/** @type {Record<string, EventListener>} */ (value)))
        element.addEventListener(type, handler);
    else if (name.startsWith('aria-') || name === 'role') element.setAttribute(name, String(value));
    else Reflect.set(element, name, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'object' ? child : String(child));
  }
  return element;
}

/** @param {string} selector @returns {HTMLElement} */
export function $(selector) {
  const element = document.querySelector(selector);
  if (!(element instanceof HTMLElement)) throw new Error(`The page has no ${selector}`);
  return element;
}

/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * A name set inside a sentence, isolated (FSI … PDI) when it holds right-to-left letters: the
 * sentence's commas and the next name keep their places around it, as `bdi` does for a name in an
 * element of its own. Other names go in as they are.
 * @param {string} name
 */
export function isolated(name) {
  return RIGHT_TO_LEFT.test(name) ? `\u2068${name}\u2069` : name;
}
