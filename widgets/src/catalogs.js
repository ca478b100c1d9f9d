// Generated from fivehundred_tutor/locale by `python -m fivehundred_tutor.bookbuild.catalogs compile`:
// edit the .po catalogs, not this file (tests/quality/test_catalogs.py checks it is current).

export const WORDS = {
  "en": {
    "card": "{rank} of {suit}",
    "joker": "Joker",
    "messages": {},
    "plurals": {},
    "ranks": {
      "11": "Eleven",
      "12": "Twelve",
      "13": "Thirteen",
      "2": "Two",
      "3": "Three",
      "4": "Four",
      "5": "Five",
      "6": "Six",
      "7": "Seven",
      "8": "Eight",
      "9": "Nine",
      "A": "Ace",
      "J": "Jack",
      "K": "King",
      "Q": "Queen",
      "T": "Ten"
    },
    "suits": {
      "C": "clubs",
      "D": "diamonds",
      "H": "hearts",
      "S": "spades"
    }
  },
  "it": {
    "card": "{rank} di {suit}",
    "joker": "Jolly",
    "messages": {
      "Re-run the cell that made it (the saved data may be from an older version).": "Esegui di nuovo la cella che lo ha creato (i dati salvati potrebbero venire da una versione precedente).",
      "This widget cannot be shown.": "Questo widget non può essere mostrato.",
      "a face-down card": "una carta coperta",
      "no cards": "nessuna carta"
    },
    "plurals": {},
    "ranks": {
      "11": "Undici",
      "12": "Dodici",
      "13": "Tredici",
      "2": "Due",
      "3": "Tre",
      "4": "Quattro",
      "5": "Cinque",
      "6": "Sei",
      "7": "Sette",
      "8": "Otto",
      "9": "Nove",
      "A": "Asso",
      "J": "Fante",
      "K": "Re",
      "Q": "Regina",
      "T": "Dieci"
    },
    "suits": {
      "C": "fiori",
      "D": "quadri",
      "H": "cuori",
      "S": "picche"
    }
  },
  "pl": {
    "card": "{rank} {suit}",
    "joker": "Dżoker",
    "messages": {
      "Re-run the cell that made it (the saved data may be from an older version).": "Uruchom ponownie komórkę, która go utworzyła (zapisane dane mogą pochodzić ze starszej wersji).",
      "This widget cannot be shown.": "Nie można wyświetlić tego widżetu.",
      "a face-down card": "zakryta karta",
      "no cards": "brak kart"
    },
    "plurals": {},
    "ranks": {
      "11": "Jedenastka",
      "12": "Dwunastka",
      "13": "Trzynastka",
      "2": "Dwójka",
      "3": "Trójka",
      "4": "Czwórka",
      "5": "Piątka",
      "6": "Szóstka",
      "7": "Siódemka",
      "8": "Ósemka",
      "9": "Dziewiątka",
      "A": "As",
      "J": "Walet",
      "K": "Król",
      "Q": "Dama",
      "T": "Dziesiątka"
    },
    "suits": {
      "C": "trefl",
      "D": "karo",
      "H": "kier",
      "S": "pik"
    }
  }
};

/** Which plural form a count takes, per language (from the catalogs' Plural-Forms). */
export const PLURAL = {
  en: (n) => (n === 1 ? 0 : 1),
  it: (n) => Number((n != 1)),
  pl: (n) => Number((n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2)),
};
