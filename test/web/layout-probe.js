// Runs in the page (test/web/guest-layout.test.ts evaluates it there): measures the guest screens'
// layout at the current viewport. Plain browser JavaScript, so the server's type check (no DOM
// library) never sees it.
/* exported measureLayout */

/**
 * @param {string[]} names the dishes' image file names, which must never show as text
 */
function measureLayout(names) {
  const width = innerWidth;
  const height = innerHeight;
  const label = (element) => element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
  const cards = [...document.querySelectorAll('.dish')];
  const boxes = cards.map((card) => card.getBoundingClientRect());
  const overlaps = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b, k) => {
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 0.5 && y > 0.5)
        overlaps.push(`${label(cards[i].querySelector('.dish-title'))} / ${label(cards[i + 1 + k].querySelector('.dish-title'))}`);
    }),
  );
  // A card holds its text and buttons: no descendant reaches past its edges.
  const spills = cards.flatMap((card, i) =>
    [...card.querySelectorAll('*')]
      .filter((part) => {
        const box = part.getBoundingClientRect();
        return box.width > 0 && (box.left < boxes[i].left - 0.5 || box.right > boxes[i].right + 0.5 || box.bottom > boxes[i].bottom + 0.5);
      })
      .map((part) => `${part.className} in ${label(card.querySelector('.dish-title'))}`),
  );
  const text = document.body.innerText;
  const visible = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const adds = [...document.querySelectorAll('button.add')];
  const addOutside = [];
  const addCovered = [];
  for (const add of adds) {
    const before = add.getBoundingClientRect();
    if (before.left < 0 || before.right > width) addOutside.push(label(add));
    add.scrollIntoView({ block: 'center', inline: 'nearest' });
    const box = add.getBoundingClientRect();
    if (box.top < 0 || box.bottom > height) addOutside.push(`${label(add)} (vertical)`);
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !(hit === add || add.contains(hit))) addCovered.push(`${label(add)} under ${hit?.className || hit?.tagName}`);
  }
  scrollTo(0, 0);
  // A check box or radio button is tapped through its label: the label is the target.
  const targetOf = (control) => ((control.type === 'checkbox' || control.type === 'radio') && control.closest('label')) || control;
  const smallTargets = [...new Set([...document.querySelectorAll('button, input, textarea, select, summary')].map(targetOf))]
    .filter(visible)
    .filter((target) => {
      const box = target.getBoundingClientRect();
      return box.width < 44 || box.height < 44;
    })
    .map((target) => {
      const box = target.getBoundingClientRect();
      return `${label(target) || target.getAttribute('name')} ${Math.round(box.width)}×${Math.round(box.height)}`;
    });
  // Inside a box that scrolls sideways (a wide table in its panel, with its shades) an element is
  // reached by scrolling that box: off the screen only if the box itself is.
  const scrolledWithin = (element) => {
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) return true;
    }
    return false;
  };
  const offScreen = [...document.body.querySelectorAll('*')]
    .filter(visible)
    .filter((element) => !scrolledWithin(element))
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < -0.5 || box.right > width + 0.5);
    })
    .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`);
  return {
    overflow: document.documentElement.scrollWidth - width,
    offScreen,
    overlaps,
    spills,
    fileNamesShown: names.filter((name) => text.includes(name) || text.includes(name.slice(0, 30))),
    placeholders: cards.filter((card) => {
      const photo = card.querySelector('.dish-photo');
      return photo !== null && visible(photo) && photo.getBoundingClientRect().width >= 40 && (photo.textContent ?? '') === '';
    }).length,
    dishes: cards.length,
    addButtons: adds.length,
    addOutside,
    addCovered,
    smallTargets,
  };
}
