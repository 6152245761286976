// The es catalogue as a module script, which lib/i18n.js also puts on the page to hold its load event.
import catalogue from '/boards/i18n/es.json' with { type: 'json' };

export default catalogue;
