// The landing page's health light: /health (the process answers) and /ready (its store answers),
// checked now and every 15 seconds.
import { $ } from '../lib/dom.js';

async function check() {
  const light = $('#health');
  try {
    const ready = await fetch('/ready', { cache: 'no-store', signal: AbortSignal.timeout(5_000) });
    const body = await ready.json().catch(() => ({}));
    light.dataset.state = ready.ok ? 'live' : 'offline';
    light.textContent = ready.ok
      ? `Server running · ${body.store ?? 'store'} store ready`
      : 'Server running, but its store does not answer';
  } catch {
    light.dataset.state = 'offline';
    light.textContent = 'The server does not answer';
  }
}

void check();
setInterval(() => void check(), 15_000);
