// The Shogun map has no coordinates in its data, so this table places each province's centre by
// hand, roughly where it lies in Japan (Honshu turned ~20° so the island runs across a wide
// screen; Shikoku below it). `label` says where the name goes when below would collide.

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
  Iwami: "above", Tajima: "above", Wakasa: "above", Echizen: "above", Etchu: "above",
  Kozuke: "above", Shimotsuke: "above",
};

export const MARGIN = 50;
