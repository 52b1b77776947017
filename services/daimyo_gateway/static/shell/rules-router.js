// The entry script of games/<game>/howto.html: replace it with the game's rules page in the
// reader's language (see rules-locale.js), so every "How to play" link opens the right language.

import { currentLocale, rulesPage } from "./rules-locale.js";

location.replace(rulesPage(location.href, currentLocale()) + location.hash);
