// @ts-check
// The service worker (served at /sw.js, so its scope is the whole site): it shows the notices the
// notifier pushes while no Daimyo page is open, and a click opens that game (a friend's challenge:
// its private table, whose invitation code is the notice's game_id). The push carries codes only
// ({key, kind, game_id, game, version, locale}, and the host's name for a challenge); the words
// come from this folder's Fluent catalogue in the device's language (simple messages only:
// `id = text` with { $game }, { $host }), the tag
// is the notice's key so a notice sent twice shows once. A classic script (no import/export), so
// every browser runs it; node's tests read its pure helpers from globalThis.daimyoNotices.

const CATALOGUES = "/static/notices/locales/";
const LOCALES = ["en", "pt-BR", "es", "zh-Hans"];
const KINDS = ["your_turn", "game_found", "time_low", "game_ended", "vacation", "friend_challenge"];

/**
 * The simple messages of a Fluent text (id -> pattern); multi-line messages are skipped.
 * @param {string} text
 * @returns {Map<string, string>}
 */
function parseMessages(text) {
  /** @type {Map<string, string>} */
  const messages = new Map();
  for (const line of text.split("\n")) {
    const found = /^([a-z][a-z0-9_-]*)\s*=\s*(\S.*)$/.exec(line);
    if (found && !found[2].includes("->")) messages.set(found[1], found[2].trim());
  }
  return messages;
}

/**
 * A pattern with its { $name } placeables filled from `args`.
 * @param {string} pattern @param {Record<string, string>} args
 */
function fill(pattern, args) {
  return pattern.replace(/\{\s*\$([a-z_]+)\s*\}/g, (_, name) => args[name] ?? "");
}

/**
 * What to show for a pushed notice: title, body, tag and the page a click opens.
 * @param {Record<string, any>} notice @param {Map<string, string>} messages
 */
function noticeView(notice, messages) {
  const kind = KINDS.includes(notice.kind) ? notice.kind : "your_turn";
  const name = String(notice.game || "");
  const until = Number(notice.deadline_ms) > 0 ? dateText(Number(notice.deadline_ms), notice.locale) : "";
  const host = typeof notice.host === "string" ? notice.host.trim().slice(0, 40) : "";
  const args = { game: name.charAt(0).toUpperCase() + name.slice(1), until, host };
  const text = (/** @type {string} */ id) => fill(messages.get(id) ?? id, args);
  const body = kind === "friend_challenge" && !host ? "notices-push-friend_challenge-nameless-body"
    : `notices-push-${kind}-body`;
  return {
    title: text(`notices-push-${kind}-title`),
    body: text(body),
    tag: String(notice.key || `${notice.game_id}:${notice.version}:${kind}`),
    url: kind === "friend_challenge" ? tableUrl(notice.game_id) : gameUrl(notice.game_id),
  };
}

/** A date in the device's language. @param {number} ms @param {unknown} locale */
function dateText(ms, locale) {
  const tag = LOCALES.includes(String(locale)) ? String(locale) : "en";
  return new Intl.DateTimeFormat(tag, { dateStyle: "medium" }).format(new Date(ms));
}

/** @param {unknown} gameId */
function gameUrl(gameId) {
  return typeof gameId === "string" && /^[A-Za-z0-9_:-]+$/.test(gameId) ? `/#/game/${gameId}` : "/#/mine";
}

/** A private table's page, by its invitation code. @param {unknown} code */
function tableUrl(code) {
  return typeof code === "string" && /^[A-Za-z0-9_-]+$/.test(code) ? `/#/table/${code}` : "/#/mine";
}

/** @param {unknown} locale */
function catalogueUrl(locale) {
  return `${CATALOGUES}${LOCALES.includes(String(locale)) ? locale : "en"}.ftl`;
}

/** @param {unknown} locale */
async function messagesFor(locale) {
  try {
    const response = await fetch(catalogueUrl(locale));
    return parseMessages(response.ok ? await response.text() : "");
  } catch {
    return new Map();
  }
}

/** @param {any} worker */
function listen(worker) {
  worker.addEventListener("push", (/** @type {any} */ event) => {
    /** @type {Record<string, any>} */
    let notice = {};
    try { notice = event.data ? event.data.json() : {}; } catch { notice = {}; }
    event.waitUntil(messagesFor(notice.locale).then((messages) => {
      const view = noticeView(notice, messages);
      return worker.registration.showNotification(view.title, {
        body: view.body, tag: view.tag, data: { url: view.url }, icon: "/static/notices/icon.svg",
      });
    }));
  });
  worker.addEventListener("notificationclick", (/** @type {any} */ event) => {
    event.notification.close();
    const wanted = String(event.notification.data?.url || "");
    const url = /^\/#\/(game\/[A-Za-z0-9_:-]+|table\/[A-Za-z0-9_-]+|mine)$/.test(wanted) ? wanted : "/#/mine";
    event.waitUntil(openPage(worker, url));
  });
}

/** Focus a Daimyo tab on `url` if one is open, else open one. @param {any} worker @param {string} url */
async function openPage(worker, url) {
  const pages = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) {
    if ("focus" in page) {
      await page.navigate?.(url).catch(() => null);
      return page.focus();
    }
  }
  return worker.clients.openWindow(url);
}

/** @type {any} */
const scope = globalThis;
scope.daimyoNotices = { parseMessages, fill, noticeView, gameUrl, tableUrl, catalogueUrl, dateText };
if (scope.registration && typeof scope.skipWaiting === "function") {
  scope.addEventListener("install", () => scope.skipWaiting());
  scope.addEventListener("activate", (/** @type {any} */ event) => event.waitUntil(scope.clients.claim()));
  listen(scope);
}
