// The manager's pages in one frame: the same navigation on each (the report, stock, the menu
// editor, staff accounts), the page open marked, each link shown only to the roles its page admits
// (login.js hides the others once someone has signed in).
import { h } from './dom.js';
import { t } from './i18n.js';

/** The pages, named in the screen's language. @returns {{ path: string, text: string, id: string, roles: string }[]} */
export const MANAGER_PAGES = () => [
  { path: '/manager', text: t('manager.report'), id: 'to-report', roles: 'manager' },
  { path: '/manager/stock', text: t('manager.stock'), id: 'to-stock', roles: 'manager chef' },
  { path: '/manager/menu', text: t('manager.menu'), id: 'to-menu', roles: 'manager chef' },
  { path: '/manager/staff', text: t('manager.staff'), id: 'to-staff', roles: 'manager' },
  { path: '/manager/printers', text: t('manager.printers'), id: 'to-printers', roles: 'manager' },
];

export function managerNav() {
  const here = location.pathname.replace(/\/+$/, '') || '/';
  return h(
    'nav',
    { class: 'manager-nav', 'aria-label': t('manager.pages') },
    ...MANAGER_PAGES().map(({ path, text, id, roles }) =>
      h('a', { id, class: 'bar-button', href: path, dataset: { roles }, 'aria-current': here === path ? 'page' : null }, text),
    ),
  );
}
