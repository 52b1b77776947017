// @ts-check
// The shell's hash routes without the page: which screen a location's hash names, which screens
// a visitor may open without signing in, and where a queue ticket leads. app.js reads
// `location.hash` and draws; this module only reads strings, so node can test it.

/** @typedef {{ page: string | undefined, id: string | undefined }} Route  `#/<page>/<id>` */

// What a visitor (no session) may open: watching, the lists, replays and a table's invitation.
export const PUBLIC_PAGES = ["live", "finished", "leaders", "replay", "watch", "table"];

/**
 * The page and id of a hash such as `#/game/<id>`; anything after the id is ignored.
 * @param {string} hash
 * @returns {Route}
 */
export function parseRoute(hash) {
  const [, page, id] = hash.split("/");
  return { page, id };
}

/**
 * A leaderboard's id: the game, and after "@" the player count whose own board it is
 * ("<game>@3"); no count (or a malformed one) is the game's board over every count.
 * @param {string} id @returns {{ game: string, players: number | null }}
 */
export function leaderboardOf(id) {
  const [game, count] = id.split("@");
  const players = /^[1-9][0-9]?$/.test(count ?? "") ? Number(count) : null;
  return { game, players };
}

/**
 * Whether the page asks a visitor to sign in first.
 * @param {string | undefined} page
 * @param {boolean} signedIn
 */
export function needsSignIn(page, signedIn) {
  return !signedIn && !PUBLIC_PAGES.includes(page ?? "");
}

/**
 * Where a queue ticket leads: its game once matched, else the waiting screen.
 * @param {{ state?: string, game_id?: string | null, ticket_id?: string }} ticket
 */
export function ticketHash(ticket) {
  return ticket.state === "matched" && ticket.game_id ? `#/game/${ticket.game_id}` : `#/wait/${ticket.ticket_id}`;
}
