// The shapes the gateway sends for Shogun (the board's facts, a seat's view, its menu of choices,
// the effects of a move), written down for the type checker: JSDoc only, nothing runs here and
// nothing imports this file at run time.

/**
 * The board: provinces with their facts, borders (sea lanes marked), action and special cards,
 * event cards.
 * @typedef {{ name: string, tax: number, rice: number, sites: number, in_play?: boolean, regions: Record<string, string> }} ProvinceFacts
 * @typedef {{ a: string, b: string, sea?: boolean }} Border
 * @typedef {object} Board
 * @property {ProvinceFacts[]} provinces
 * @property {Border[]} borders
 * @property {{ key: string, cost: number }[]} actions
 * @property {{ key: string, text: string }[]} specials
 * @property {{ card: number, text: string }[]} events
 */

/**
 * @typedef {Record<string, number>} Cubes   seat (or "peasant") -> cubes
 * @typedef {{ owner?: number | null, armies?: number, buildings?: string[], revolt_markers?: number, in_play?: boolean }} ProvinceState
 * @typedef {{ vp: number, chests: number, rice: number, province_cards: string[], supply: number,
 *   bid: string | null, planned?: boolean, special?: string | null }} SeatState
 * @typedef {{ actions: Record<string, string | null>, bid: string | null }} Plan
 */

/**
 * The choices a seat has now (the view's `legal`), one shape per stage.
 * @typedef {{ type: "plan", actions: Record<string, string[]>, chest_cards: string[], bids: (string | null)[] }} PlanMenu
 * @typedef {{ type: "pick_special", cards: string[] }} PickMenu
 * @typedef {{ type: "move", from: string, action: string, targets: { to: string, battle?: boolean }[], max_armies: number }} MoveMenu
 * @typedef {{ type: "draft", take: string[], armies: number[] }} DraftMenu
 * @typedef {PlanMenu | PickMenu | MoveMenu | DraftMenu} Menu
 */

/**
 * A seat's (or a spectator's) view of the game.
 * @typedef {object} View
 * @property {number} players
 * @property {string} side
 * @property {number} year
 * @property {string} season
 * @property {string} stage
 * @property {number[]} to_act
 * @property {boolean} [finished]
 * @property {number[]} winners
 * @property {Record<string, ProvinceState>} provinces
 * @property {Record<string, SeatState>} seats
 * @property {{ action: string, from: string, seat: number } | null} [decision]
 * @property {(string | null)[]} [action_cards]
 * @property {string[]} specials
 * @property {{ current?: number | null }} [events]
 * @property {number[]} [turn_order]
 * @property {{ tray?: Cubes, stuck?: Cubes[] | null, shelves?: number }} [tower]
 * @property {number} peasant_supply
 * @property {Menu} [legal]
 * @property {Plan | null} [your_plan]
 * @property {Record<string, Plan | null>} [plans]
 * @property {{ face_up: string[], deck_size: number }} [draft]
 */

/**
 * One effect of a move. Shogun's effects are many and wide (battles, winter, chance draws), so
 * each is read as the JSON it is, by its `type`.
 * @typedef {{ type: string } & Record<string, any>} Effect
 * @typedef {Effect[] | { public: Effect[] } | null | undefined} Effects
 * @typedef {{ text: string, strong?: boolean }} LogLine
 */

export {};
