// Generated from fivehundred_tutor/locale by `python -m fivehundred_tutor.bookbuild.catalogs compile`:
// edit the .po catalogs, not this file (tests/quality/test_catalogs.py checks it is current).

export const WORDS = {
  "en": {
    "card": "{rank} of {suit}",
    "joker": "Joker",
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
