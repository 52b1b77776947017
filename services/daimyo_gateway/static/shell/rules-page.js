// The entry script of a game's English rules page: under the pseudo-locale en-XA the page shows
// itself pseudo-localised (see rules-locale.js), like every other screen in that locale.

import { pseudoLocalize, wantsPseudo } from "./rules-locale.js";

if (wantsPseudo()) pseudoLocalize(document);
