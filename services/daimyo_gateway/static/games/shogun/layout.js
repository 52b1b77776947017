// The Shogun map has no coordinates in its data, so this table places each province's centre by
// hand, roughly where it lies in Japan (Honshu turned ~20° so the island runs across a wide
// screen; Shikoku below it). `LABELS` says where the name goes when below would collide, and
// `NUDGES` moves a long name a little further off a neighbour (tests/e2e/test_shogun_labels_in_browser.py
// measures every name against the other names and pieces at 3, 4 and 5 players).

/** @type {Record<string, [number, number]>} */
export const CENTRES = {
  Iwami: [70, 282], Aki: [92, 360], Izumo: [160, 244], Bingo: [172, 338], Hoki: [250, 262],
  Bitchu: [238, 356], Mimasaka: [300, 306], Bizen: [296, 380], Harima: [368, 362], Tajima: [380, 284],
  Tamba: [448, 334], Settsu: [432, 418], Wakasa: [500, 292], Omi: [526, 376], Yamato: [482, 470],
  Kii: [430, 548], Ise: [560, 470], Shima: [594, 546], Echizen: [572, 300], Kaga: [632, 240],
  Noto: [690, 156], Etchu: [716, 236], Hida: [676, 316], Mino: [620, 378], Owari: [636, 448],
  Mikawa: [690, 484], Totomi: [752, 512], Shinano: [782, 372], Kai: [838, 450], Suruga: [804, 536],
  Izu: [862, 592], Sagami: [904, 516], Musashi: [930, 440], Kozuke: [884, 344], Echigo: [900, 226],
  Shimotsuke: [980, 336], Mutsu: [1040, 214], Hitachi: [1058, 356], Shimosa: [1032, 438],
  Kazusa: [1040, 520], "Awa-Boso": [994, 592],
  Sanuki: [286, 474], "Awa-Shikoku": [318, 552], Iyo: [156, 500], Tosa: [226, 580],
};

// name placement: "below" (default), "above", "left", "right"
/** @type {Record<string, "below" | "above" | "left" | "right">} */
export const LABELS = {
  Noto: "above", Mutsu: "above", Echigo: "above", Izumo: "above", Hoki: "above", Kaga: "above",
  Iwami: "above", Tajima: "above", Wakasa: "above", Etchu: "above", Totomi: "above",
  Shimotsuke: "above", Mimasaka: "left", Settsu: "left",
};

// a name's shift from its placement, in map units: [right, down]
/** @type {Record<string, [number, number]>} */
export const NUDGES = { Mimasaka: [2, -10], Owari: [-2, 0], Suruga: [-2, 0] };

export const MARGIN = 50;
