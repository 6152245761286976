// The kitchen displays' picker (/kds): its words in the screen's language.
import { translate } from '../lib/i18n.js';

translate();
