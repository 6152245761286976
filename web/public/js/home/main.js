// The landing page's health light: /health (the process answers) and /ready (its store answers),
// checked now and every 15 seconds.
import { $ } from '../lib/dom.js';
import { languagePicker, t, translate } from '../lib/i18n.js';

async function check() {
  const light = $('#health');
  try {
    const ready = await fetch('/ready', { cache: 'no-store', signal: AbortSignal.timeout(5_000) });
    const body = await ready.json().catch(() => ({}));
    light.dataset.state = ready.ok ? 'live' : 'offline';
    light.textContent = ready.ok ? t('home.ready', { store: body.store ?? '' }) : t('home.no-store');
  } catch {
    light.dataset.state = 'offline';
    light.textContent = t('home.down');
  }
}

translate();
$('#health').after(languagePicker());
void check();
setInterval(() => void check(), 15_000);
