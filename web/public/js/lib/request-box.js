// A guest's special request as the kitchen reads it: in full, never clamped (a cook must not tap to
// learn "well done; no pickles"), its allergy words marked where they concern the dishes in front of
// the reader, and the box red with "Allergy" when any is (the stylesheet shows its label, in the screen's language from
// data-label, so the box's text is the request's).
import { requestRuns } from './allergy.js';
import { h } from './dom.js';
import { t } from './i18n.js';

/**
 * @param {string | null | undefined} request
 * @param {Set<string> | null} allergens the allergens of the dishes this screen shows for the order (null: mark every allergy word)
 * @param {string} className the box's class on this board
 */
export function requestBox(request, allergens, className) {
  if (!request) return null;
  const runs = requestRuns(request, allergens);
  const allergy = runs.some((run) => run.allergy);
  return h(
    'p',
    {
      class: `${className} request-box${allergy ? ' has-allergy' : ''}`,
      role: allergy ? 'note' : null,
      dataset: { label: t('ticket.allergy') },
    },
    ...runs.map((run) => (run.allergy ? h('mark', { class: 'allergy-word' }, run.text) : run.text)),
  );
}
