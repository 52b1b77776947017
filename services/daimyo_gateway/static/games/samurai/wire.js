// The shapes the gateway sends for Samurai (the board's geometry, a seat's view, its legal moves,
// the effects of a move), written down for the type checker: JSDoc only, nothing runs here and
// nothing imports this file at run time.

/**
 * @typedef {{ id: string, col: number, row: number, kind: string }} Hex
 * @typedef {{ id: string, kind: string }} Settlement
 * @typedef {{ hexes: Hex[], settlements: Settlement[] }} Geometry
 * @typedef {Record<string, number>} FigureCounts   per figure type: buddha, rice, castle
 * @typedef {{ tile: string, seat: number }} PlacedTile
 * @typedef {{ settlement: string, figure: string }} FigureSpot
 */

/**
 * The moves a seat may make now; each key is there only when that move is.
 * @typedef {object} Legal
 * @property {Record<string, string[]>} [place]            tile -> hexes it may go on
 * @property {Record<string, string[]>} [tile_swap]        from hex -> empty hexes it may move to
 * @property {[string, string, string, string][]} [figure_swap]  settlement, figure, settlement, figure
 * @property {Record<string, string[]>} [place_figure]     settlement -> figures it may take (setup)
 * @property {{ from: string[], count: number }} [choose_hand]
 * @property {boolean} [end_turn]
 * @property {boolean} [pass]
 */

/**
 * The final scoring, once the game is over.
 * @typedef {object} Outcome
 * @property {Record<string, FigureCounts>} captured
 * @property {Record<string, number | null>} leaders      figure -> the seat leading it, if one does
 * @property {number[]} winners
 * @property {number[] | null} [ranking]
 * @property {string} reason
 */

/**
 * A seat's (or a spectator's) view of the game.
 * @typedef {object} View
 * @property {number} players
 * @property {string} [phase]
 * @property {boolean} [finished]
 * @property {number[]} to_act
 * @property {Record<string, FigureCounts>} [captured]      the captures this viewer may see
 * @property {number[]} captured_totals
 * @property {number[]} hand_sizes
 * @property {number[]} stack_sizes
 * @property {FigureCounts} set_aside
 * @property {FigureCounts} supply
 * @property {Record<string, PlacedTile>} [tiles]            hex -> tile on it
 * @property {Record<string, string[]>} [figures]            settlement -> figures left on it
 * @property {{ placed_any: boolean }} turn
 * @property {string[]} [hand]
 * @property {(string[] | null)[]} [hands]                   every hand, in a replay that reveals all
 * @property {Legal} [legal]
 * @property {Outcome | null} [outcome]
 */

/**
 * One effect of a move, as the log tells it (the fields present depend on `type`).
 * @typedef {object} Effect
 * @property {string} type
 * @property {number} [seat]
 * @property {string} [tile]
 * @property {string} [hex]
 * @property {string} [from]
 * @property {string} [to]
 * @property {FigureSpot} [a]
 * @property {FigureSpot} [b]
 * @property {string} [figure]
 * @property {string} [settlement]
 * @property {number[]} [influence]
 * @property {string[] | number} [drew]
 * @property {string} [reason]
 */

/** @typedef {Effect[] | { public: Effect[] } | null | undefined} Effects */

/** @typedef {{ text: string, capture?: boolean }} LogLine */

export {};
