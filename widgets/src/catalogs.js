// Generated from fivehundred_tutor/locale by `python -m fivehundred_tutor.bookbuild.catalogs compile`:
// edit the .po catalogs, not this file (tests/quality/test_catalogs.py checks it is current).

export const WORDS = {
  "en": {
    "card": "{rank} of {suit}",
    "joker": "Joker",
    "messages": {},
    "plurals": {
      "# answer": [
        "# answer",
        "# answers"
      ],
      "# bid outranks it": [
        "# bid outranks it",
        "# bids outrank it"
      ],
      "# card": [
        "# card",
        "# cards"
      ],
      "# card face down": [
        "# card face down",
        "# cards face down"
      ],
      "# chapter done": [
        "# chapter done",
        "# chapters done"
      ],
      "# day": [
        "# day",
        "# days"
      ],
      "# day in a row": [
        "# day in a row",
        "# days in a row"
      ],
      "# face-down card": [
        "# face-down card",
        "# face-down cards"
      ],
      "# is still empty": [
        "# is still empty",
        "# are still empty"
      ],
      "# more card": [
        "# more card",
        "# more cards"
      ],
      "# point": [
        "# point",
        "# points"
      ],
      "# puzzle": [
        "# puzzle",
        "# puzzles"
      ],
      "# question to review": [
        "# question to review",
        "# questions to review"
      ],
      "# question you missed in the chapters comes first.": [
        "# question you missed in the chapters comes first.",
        "# questions you missed in the chapters come first."
      ],
      "# quiz or widget": [
        "# quiz or widget",
        "# quizzes and widgets"
      ],
      "# trick": [
        "# trick",
        "# tricks"
      ],
      "Answer the skipped one": [
        "Answer the skipped one",
        "Answer the skipped ones"
      ],
      "Kitty: {n} card face down, for the winner of the auction.": [
        "Kitty: {n} card face down, for the winner of the auction.",
        "Kitty: {n} cards face down, for the winner of the auction."
      ],
      "Made the {n} question of {student}.": [
        "Made the {n} question of {student}.",
        "Made the {n} questions of {student}."
      ],
      "The hint you read": [
        "The hint you read",
        "The hints you read"
      ],
      "The one you missed": [
        "The one you missed",
        "The # you missed"
      ],
      "The one you skipped — answer it now, or start again:": [
        "The one you skipped — answer it now, or start again:",
        "The # you skipped — answer them now, or start again:"
      ],
      "Today: {n} answer, the day's goal reached": [
        "Today: {n} answer, the day's goal reached",
        "Today: {n} answers, the day's goal reached"
      ],
      "Today: {n} of {goal} answers": [
        "Today: {n} of {goal} answers",
        "Today: {n} of {goal} answers"
      ],
      "You took the kitty: discard {n} card, one at a time (a card you tap is discarded at once).": [
        "You took the kitty: discard {n} card, one at a time (a card you tap is discarded at once).",
        "You took the kitty: discard {n} cards, one at a time (a card you tap is discarded at once)."
      ],
      "Your hand stayed as it is; the other cards were dealt {n} time, and each deal was played out with every card in view, everyone playing perfectly (which favours the declarer a little).": [
        "Your hand stayed as it is; the other cards were dealt {n} time, and each deal was played out with every card in view, everyone playing perfectly (which favours the declarer a little).",
        "Your hand stayed as it is; the other cards were dealt {n} times, and each deal was played out with every card in view, everyone playing perfectly (which favours the declarer a little)."
      ],
      "Your test so far ({played} of {n} deal)": [
        "Your test so far ({played} of {n} deal)",
        "Your test so far ({played} of {n} deals)"
      ],
      "one trick": [
        "one trick",
        "# tricks"
      ],
      "{k} trick: {n} of {layouts} deals": [
        "{k} trick: {n} of {layouts} deals",
        "{k} tricks: {n} of {layouts} deals"
      ],
      "{n} answer a day": [
        "{n} answer a day",
        "{n} answers a day"
      ],
      "{n} more right at the first try masters this quiz ({need} of its questions).": [
        "{n} more right at the first try masters this quiz ({need} of its questions).",
        "{n} more right at the first try master this quiz ({need} of its questions)."
      ],
      "{n} of {need} picked": [
        "{n} of {need} picked",
        "{n} of {need} picked"
      ],
      "{n} picked": [
        "{n} picked",
        "{n} picked"
      ],
      "{student}: {n} question, {points} points — the same set \"fivehundred-tutor assign\" writes to {path}.": [
        "{student}: {n} question, {points} points — the same set \"fivehundred-tutor assign\" writes to {path}.",
        "{student}: {n} questions, {points} points — the same set \"fivehundred-tutor assign\" writes to {path}."
      ]
    },
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
      "\"{typed}\" is not a whole number: write digits, with a minus sign for a loss (e.g. -140).": "«{typed}» non è un numero intero: scrivi delle cifre, col segno meno per una perdita (es. -140).",
      "(from the kitty)": "(dal tallone)",
      "(the answer)": "(la risposta giusta)",
      "(the called card: you are the partner)": "(la carta chiamata: sei tu il partner)",
      "(the left bower, a trump)": "(il fante dello stesso colore della briscola, una briscola)",
      "(your answer)": "(la tua risposta)",
      "A chapter is done when its quiz is mastered: four in five of the quiz's questions right at your first try ({need} of 12). A question you missed counts once you get it right at the first try in a later round (“Practise the missed ones”). The final test has its own rule: it is done at its pass mark.": "Un capitolo è completato quando ne padroneggi il quiz: quattro domande su cinque giuste al primo tentativo ({need} su 12). Una domanda sbagliata conta quando, in un giro successivo, la azzecchi al primo tentativo («Esercitati su quelle sbagliate»). Il test finale ha una regola sua: è completato quando raggiungi la soglia di superamento.",
      "A deal of Five Hundred": "Una smazzata di Cinquecento",
      "A new deal dealt at random: not part of the lesson, no comments.": "Una nuova smazzata a caso: non fa parte della lezione, senza commenti.",
      "A new deal.": "Una nuova smazzata.",
      "A student's own questions": "Le domande di uno studente",
      "All right at the first try": "Tutto giusto al primo tentativo",
      "Also off: {list}.": "Sbagliate anche: {list}.",
      "Another hint": "Un altro suggerimento",
      "Answer": "Risposta",
      "Asking Python for a puzzle near your rating…": "Chiedo a Python un problema vicino al tuo punteggio…",
      "Assignment file (TOML)": "File del compito (TOML)",
      "Auction": "Asta",
      "Auction:": "Asta:",
      "Back to the lesson deal": "Torna alla smazzata della lezione",
      "Bid and play as well as you can: the bots are the stronger ones. Each card you choose is checked against perfect play (every hand in view); you see how you did when the deal ends.": "Dichiara e gioca meglio che puoi: i bot sono i più forti. Ogni carta che scegli viene confrontata con il gioco perfetto (tutte le mani in vista); vedi come è andata alla fine della smazzata.",
      "Bidding ladder": "Scala delle dichiarazioni",
      "Bidding ladder: {rules}": "Scala delle dichiarazioni: {rules}",
      "Bots' cards: each trick stays until Continue": "Carte dei bot: ogni presa resta fino a «Continua»",
      "Bots' cards: faster": "Carte dei bot: più veloci",
      "Bots' cards: one at a time": "Carte dei bot: una alla volta",
      "Bots: easy (rules of thumb)": "Bot: facili (regole pratiche)",
      "Bots: stronger (they weigh the unseen cards)": "Bot: più forti (valutano le carte non viste)",
      "Call a card to choose your partner": "Chiama una carta per scegliere il tuo partner",
      "Call a card, usually the best one you do not hold: whoever holds it becomes your partner for this deal.": "Chiama una carta, di solito la migliore che non hai: chi la tiene diventa il tuo partner per questa smazzata.",
      "Card": "Carta",
      "Cards": "Carte",
      "Cards on the table: {cards}": "Carte in tavola: {cards}",
      "Cards played to this trick": "Carte giocate in questa presa",
      "Changing the rules…": "Cambio delle regole…",
      "Chapter done: {title}.": "Capitolo completato: {title}.",
      "Check": "Verifica",
      "Check my play": "Verifica il mio gioco",
      "Checked again, this answer reads differently: see the explanation.": "Ricontrollata, questa risposta risulta diversa: vedi la spiegazione.",
      "Checking your play is taking a long time: it will show here when it is done.": "La verifica del tuo gioco richiede tempo: comparirà qui quando è pronta.",
      "Choose a card from {seat}'s hand below (Tab to the cards, arrows to move, Enter to choose).": "Scegli una carta dalla mano di {seat} qui sotto (Tab per le carte, frecce per muoverti, Invio per scegliere).",
      "Choose a card from {seat}'s hand or face-up table cards below (Tab to the cards, arrows to move, Enter to choose).": "Scegli una carta dalla mano di {seat} o dalle sue carte scoperte in tavola qui sotto (Tab per le carte, frecce per muoverti, Invio per scegliere).",
      "Click the cards from highest to lowest.": "Fai clic sulle carte dalla più alta alla più bassa.",
      "Come back tomorrow to make it {n}.": "Torna domani e saranno {n}.",
      "Continue": "Continua",
      "Continue goes on as in the deal, where {card} was played.": "«Continua» prosegue come nella smazzata, dove è stata giocata {card}.",
      "Continue goes on as in the deal.": "«Continua» prosegue come nella smazzata.",
      "Continue: {chapter}": "Continua: {chapter}",
      "Contract": "Contratto",
      "Contract {contract} by {seat}": "Contratto {contract} di {seat}",
      "Contract {contract}. You play {seat}.": "Contratto {contract}. Giochi come {seat}.",
      "Contract: {contract} by {seat}": "Contratto: {contract} di {seat}",
      "Daily goal:": "Obiettivo giornaliero:",
      "Deal {n} of {total}": "Smazzata {n} di {total}",
      "Deal {n} of {total}: how you did": "Smazzata {n} di {total}: come è andata",
      "Deal {n}: the bots have acted up to your turn.": "Smazzata {n}: i bot hanno giocato fino al tuo turno.",
      "Dealing a new hand…": "Distribuisco una nuova mano…",
      "Dealing the other cards for this hand stopped: {error}": "La distribuzione delle altre carte per questa mano si è fermata: {error}",
      "Dealing the other cards: {done} of {layouts} deals so far…": "Distribuisco le altre carte: finora {done} smazzate su {layouts}…",
      "Dealt by {seat}. Step forward to see the auction.": "Distribuisce {seat}. Vai avanti per vedere l'asta.",
      "Discard {cards}.": "Scarta {cards}.",
      "Discarded (out of play)": "Scartate (fuori gioco)",
      "Each card you chose, compared with the best card with every hand in view": "Ogni carta che hai scelto, confrontata con la carta migliore con tutte le mani in vista",
      "Each of your calls now gets a verdict by the book's bidding standard, under the buttons.": "Ora ogni tua dichiarazione riceve un giudizio secondo lo standard di dichiarazione del libro, sotto i pulsanti.",
      "Every chapter done. The review below keeps what you learned fresh.": "Tutti i capitoli completati. Il ripasso qui sotto tiene fresco quello che hai imparato.",
      "Every chapter, your goal and your progress file": "Tutti i capitoli, il tuo obiettivo e il file dei progressi",
      "Every deal is played": "Tutte le smazzate sono state giocate",
      "Every estimate is within a trick of the average. The best denomination is {den} (average {avg}).": "Ogni stima è entro una presa dalla media. Il seme migliore è {den} (media {avg}).",
      "Fill in all {all}: {empty}.": "Compila tutte le caselle ({all}): {empty}.",
      "Forget every chapter's results and this review?": "Dimenticare i risultati di tutti i capitoli e questo ripasso?",
      "Hand {n} of {total}": "Mano {n} di {total}",
      "Hint": "Suggerimento",
      "How fast the bots' cards appear": "Quanto in fretta compaiono le carte dei bot",
      "How strong the bots play": "Quanto forte giocano i bot",
      "How the best play goes from there": "Come prosegue il gioco migliore da qui",
      "How you did in the play test": "Come è andato il test di gioco",
      "In how many deals of the other cards each number of tricks was taken": "In quante smazzate delle altre carte è stato fatto ogni numero di prese",
      "In no trumps you said {value}: too high.": "Senza briscola hai detto {value}: troppo alto.",
      "In no trumps you said {value}: too low.": "Senza briscola hai detto {value}: troppo basso.",
      "Judge a hand": "Valuta una mano",
      "Judge my calls by the book's bidding standard": "Giudica le mie dichiarazioni secondo lo standard di dichiarazione del libro",
      "Judged well at the first try: {mastered} of {tried}": "Valutate bene al primo tentativo: {mastered} su {tried}",
      "Keep it": "Tienili",
      "Keep this card and continue": "Tieni questa carta e continua",
      "Kitty: {cards}": "Tallone: {cards}",
      "Last trick: {seat} won it": "Ultima presa: l'ha vinta {seat}",
      "Load progress from a file": "Carica i progressi da un file",
      "Look again at the last hint: {hint}": "Rileggi l'ultimo suggerimento: {hint}",
      "Lowest bid first. {placement}. Click a bid for its value and what outranks it.": "Prima la dichiarazione più bassa. {placement}. Fai clic su una dichiarazione per il suo valore e per ciò che la supera.",
      "Make this student's questions": "Crea le domande di questo studente",
      "Making a set needs the engine: run this notebook in JupyterLab, or open the live book.": "Per creare una serie serve il motore: esegui questo notebook in JupyterLab, o apri il libro dal vivo.",
      "Making the questions of {student}…": "Creo le domande di {student}…",
      "Mastered {mastered} of {total}": "Padroneggiate: {mastered} su {total}",
      "Mastered {mastered} of {total} in this quiz.": "Padroneggiate in questo quiz: {mastered} su {total}.",
      "Move between questions": "Spostati tra le domande",
      "New deal": "Nuova smazzata",
      "New question": "Nuova domanda",
      "Next question": "Domanda successiva",
      "Next: {chapter}": "Avanti: {chapter}",
      "Next: {title}": "Avanti: {title}",
      "No answer came: in JupyterLab, run this notebook's cells; in the online book, reload the page.": "Nessuna risposta: in JupyterLab esegui le celle di questo notebook; nel libro online ricarica la pagina.",
      "No answers yet": "Ancora nessuna risposta",
      "No calls yet: you call first.": "Ancora nessuna dichiarazione: dichiari per primo.",
      "No card on the table: the lead is yours.": "Nessuna carta in tavola: l'attacco è tuo.",
      "No cards on the table": "Nessuna carta in tavola",
      "No more hints": "Non ci sono altri suggerimenti",
      "No new hand came: try again in a moment.": "Nessuna nuova mano: riprova tra un momento.",
      "No streak yet: answer a question a day to start one": "Nessuna serie ancora: rispondi a una domanda al giorno per iniziarne una",
      "No trumps": "Senza briscola",
      "None answered yet; {skipped} skipped.": "Ancora nessuna risposta; saltate: {skipped}.",
      "North": "Nord",
      "Not possible": "Non possibile",
      "Not right yet: {fields}.": "Non ancora giusto: {fields}.",
      "Not yet": "Non ancora",
      "Note: {note}.": "Nota: {note}.",
      "Nothing outranks it: it is the top of the ladder.": "Nessuna la supera: è la cima della scala.",
      "Nothing to review yet.": "Per ora non c'è niente da ripassare.",
      "On average the deals give {avg} tricks, and {value} or more in {share} of them.": "In media le smazzate danno {avg} prese, e {value} o più nel {share} dei casi.",
      "Order this trick: {order}": "Ordine in questa presa: {order}",
      "Other ways to play": "Altri modi di giocare",
      "Play a deal against the bots": "Gioca una smazzata contro i bot",
      "Play problem": "Problema di gioco",
      "Play problem: {title}": "Problema di gioco: {title}",
      "Practise the missed ones": "Esercitati su quelle sbagliate",
      "Preview {student}'s questions, as the student sees them": "Anteprima delle domande di {student}, come le vede lo studente",
      "Previous": "Precedente",
      "Progress loaded from {name}: {widgets}, {review}, {days} of practice.": "Progressi caricati da {name}: {widgets}, {review}, {days} di esercizio.",
      "Python answers now: the next puzzle comes from the whole bank, near your rating.": "Ora Python risponde: il prossimo problema arriva dall'intera raccolta, vicino al tuo punteggio.",
      "Python has not answered yet (the first time it reads the whole puzzle bank). Here is a puzzle saved in the page; the trainer keeps asking Python.": "Python non ha ancora risposto (la prima volta legge l'intera raccolta di problemi). Ecco un problema salvato nella pagina; l'allenatore continua a chiedere a Python.",
      "Python is not answering: if it restarted, run the whole notebook again (Run → Run All Cells).": "Python non risponde: se è stato riavviato, esegui di nuovo tutto il notebook (Run → Run All Cells).",
      "Python restarted: run the whole notebook again (Run → Run All Cells).": "Python è stato riavviato: esegui di nuovo tutto il notebook (Run → Run All Cells).",
      "Question {n} of {total}": "Domanda {n} di {total}",
      "Questions from the chapters come back here, missed ones sooner than known ones.": "Le domande dei capitoli tornano qui, quelle sbagliate prima di quelle che sai.",
      "Questions you miss in any chapter come back here. Until then: questions from every chapter.": "Le domande che sbagli in un capitolo tornano qui. Fino ad allora: domande da tutti i capitoli.",
      "Quiz": "Quiz",
      "Quiz mastered": "Quiz padroneggiato",
      "Quiz mastered ({mastered} of {total})": "Quiz padroneggiato ({mastered} su {total})",
      "Quiz mastered.": "Quiz padroneggiato.",
      "Re-run the cell that made it (the saved data may be from an older version).": "Esegui di nuovo la cella che lo ha creato (i dati salvati potrebbero venire da una versione precedente).",
      "Read the question again: which rule decides it?": "Rileggi la domanda: quale regola la decide?",
      "Reset my progress": "Azzera i miei progressi",
      "Review": "Ripasso",
      "Review — from “{chapter}”": "Ripasso — da «{chapter}»",
      "Right": "Giusto",
      "Right at the first try: {right} of {answered}": "Giuste al primo tentativo: {right} su {answered}",
      "Round finished": "Giro finito",
      "Rules": "Regole",
      "Save my progress to a file": "Salva i miei progressi in un file",
      "Saved. Load that file in another browser, or in JupyterLab's Review, to carry on there.": "Salvato. Carica quel file in un altro browser, o nel Ripasso di JupyterLab, per continuare lì.",
      "Score: {scores}": "Punteggio: {scores}",
      "See how you did": "Guarda come è andata",
      "Show all hands": "Mostra tutte le mani",
      "Show me": "Mostrami",
      "Show the answer": "Mostra la risposta",
      "Show the card": "Mostra la carta",
      "Skip": "Salta",
      "Skip to the exercise": "Vai all'esercizio",
      "Skip to the game": "Vai alla partita",
      "Skip to the problem": "Vai al problema",
      "Skip to the quiz": "Vai al quiz",
      "Start again": "Ricomincia",
      "Start here: {chapter}": "Inizia da qui: {chapter}",
      "Step {at} of {end}": "Passo {at} di {end}",
      "Student id": "Id dello studente",
      "Take the play test again": "Rifai il test di gioco",
      "That card cannot be played": "Quella carta non si può giocare",
      "That file is too big to be a progress file from this book.": "Questo file è troppo grande per essere un file dei progressi di questo libro.",
      "That is not a progress file (it is not text).": "Questo non è un file dei progressi (non è testo).",
      "That is not a progress file from this book (choose the file Save my progress made).": "Questo non è un file dei progressi di questo libro (scegli il file creato da «Salva i miei progressi in un file»).",
      "That is not a progress file: it is not the JSON this book saves.": "Questo non è un file dei progressi: non è il JSON che salva questo libro.",
      "That progress file cannot be read: {problem}.": "Questo file dei progressi non si può leggere: {problem}.",
      "That progress file holds far more than this book ever saves.": "Questo file dei progressi contiene molto più di quanto questo libro salvi mai.",
      "That progress file holds no progress.": "Questo file dei progressi non contiene progressi.",
      "That progress file is of version {version}; this book reads version 2.": "Questo file dei progressi è della versione {version}; questo libro legge la versione 2.",
      "The answer:": "La risposta:",
      "The assignment: {title} (edit it to try your own)": "Il compito: {title} (modificalo per provarne uno tuo)",
      "The bots are bidding…": "I bot dichiarano…",
      "The bots are playing…": "I bot giocano…",
      "The bots now play by rules of thumb.": "Ora i bot giocano con regole pratiche.",
      "The bots now weigh many ways the cards could lie.": "Ora i bot valutano molte possibili distribuzioni delle carte.",
      "The card could not be taken back.": "Non è stato possibile riprendere la carta.",
      "The card played in the deal": "La carta giocata nella smazzata",
      "The cards marked “kitty” came from it.": "Le carte segnate «tallone» vengono da lì.",
      "The deal is over.": "La smazzata è finita.",
      "The hint is taking too long: play on without it (it will show here if it comes while it is still your turn).": "Il suggerimento tarda troppo: continua a giocare senza (comparirà qui se arriva mentre è ancora il tuo turno).",
      "The joker was led naming {suit}.": "Il jolly è stato giocato in attacco dichiarando {suit}.",
      "The play test is done": "Il test di gioco è finito",
      "The problem is finished.": "Il problema è finito.",
      "The trick so far": "La presa finora",
      "This browser keeps no progress here (private browsing, or storage turned off).": "Questo browser qui non conserva progressi (navigazione privata, o memoria disattivata).",
      "This browser's storage is full: part of the file was read, the rest could not be kept.": "La memoria di questo browser è piena: parte del file è stata letta, il resto non si è potuto conservare.",
      "This hand": "Questa mano",
      "This is taking longer than usual: the bots' answer will show here as soon as it comes.": "Ci vuole più del solito: la risposta dei bot comparirà qui appena arriva.",
      "This quiz has no questions.": "Questo quiz non ha domande.",
      "This trick": "Questa presa",
      "This widget cannot be shown.": "Questo widget non può essere mostrato.",
      "Today's goal reached": "Obiettivo di oggi raggiunto",
      "Today's goal reached: {answers}.": "Obiettivo di oggi raggiunto: {answers}.",
      "Trick {n}": "Presa {n}",
      "Trick {n}: {seat} wins": "Presa {n}: vince {seat}",
      "Tricks in no trumps": "Prese senza briscola",
      "Tricks so far: {tricks}.": "Prese finora: {tricks}.",
      "Tricks with {suit} as trumps": "Prese con {suit} come briscola",
      "Tricks:": "Prese:",
      "Try again": "Riprova",
      "Try again, or show the answer: what the deals gave.": "Riprova, o mostra la risposta: cosa hanno dato le smazzate.",
      "Try another hand": "Prova un'altra mano",
      "Undo": "Annulla",
      "Waiting for Python…": "In attesa di Python…",
      "Well judged": "Valutata bene",
      "What happened so far": "Cosa è successo finora",
      "What happened so far, from the deal on": "Cosa è successo finora, dalla distribuzione in poi",
      "With {suit} as trumps you said {value}: too high.": "Con {suit} come briscola hai detto {value}: troppo alto.",
      "With {suit} as trumps you said {value}: too low.": "Con {suit} come briscola hai detto {value}: troppo basso.",
      "Write a number in every box (0 if nothing).": "Scrivi un numero in ogni casella (0 se niente).",
      "Write a whole number of tricks from 0 to {max} for {den}.": "Scrivi un numero intero di prese da 0 a {max} per {den}.",
      "Write whole numbers only, like 280 or -140.": "Scrivi solo numeri interi, come 280 o -140.",
      "Yes, reset": "Sì, azzera",
      "You lead: choose a card.": "Attacchi tu: scegli una carta.",
      "You sit {seat}. How many tricks would this hand take with each of these as trumps?": "Sei {seat}. Quante prese farebbe questa mano con ciascuno di questi semi come briscola?",
      "You took the kitty: choose a card to discard.": "Hai preso il tallone: scegli una carta da scartare.",
      "Your call": "La tua dichiarazione",
      "Your call: bid or pass.": "Tocca a te: dichiara o passa.",
      "Your calls are no longer judged.": "Le tue dichiarazioni non vengono più giudicate.",
      "Your calls, by the book's bidding standard": "Le tue dichiarazioni secondo lo standard di dichiarazione del libro",
      "Your calls: judged by the book's bidding standard": "Le tue dichiarazioni: giudicate secondo lo standard di dichiarazione del libro",
      "Your calls: not judged": "Le tue dichiarazioni: non giudicate",
      "Your course": "Il tuo corso",
      "Your course in short": "Il tuo corso in breve",
      "Your estimates are in. Dealing the other cards: {done} of {layouts} deals…": "Stime registrate. Distribuisco le altre carte: {done} smazzate su {layouts}…",
      "Your hand": "La tua mano",
      "Your hand ({seat})": "La tua mano ({seat})",
      "Your order: {order}": "Il tuo ordine: {order}",
      "Your play, with every hand in view": "Il tuo gioco, con tutte le mani in vista",
      "Your progress is reset.": "I tuoi progressi sono stati azzerati.",
      "Your progress stays in this browser (nothing is sent anywhere); the book's notebooks in JupyterLab in your browser share it. To carry it to another device or browser, save it to a file and load the file there.": "I tuoi progressi restano in questo browser (nulla viene inviato da nessuna parte); i notebook del libro in JupyterLab nel tuo browser li condividono. Per portarli su un altro dispositivo o browser, salvali in un file e carica lì il file.",
      "Your progress stays in this browser. To carry it to another browser or device (or between the book and a JupyterLab of your own), save it to a file and load the file there.": "I tuoi progressi restano in questo browser. Per portarli su un altro browser o dispositivo (o tra il libro e un tuo JupyterLab), salvali in un file e carica lì il file.",
      "Your turn: choose a card.": "Tocca a te: scegli una carta.",
      "a face-down card": "una carta coperta",
      "a face-down card on top": "sopra una carta coperta",
      "bidding ladder and quiz": "scala delle dichiarazioni e quiz",
      "bids from lowest to highest": "dichiarazioni dalla più bassa alla più alta",
      "blunder": "errore grave",
      "brilliant move": "mossa brillante",
      "called": "chiamata",
      "calls you may make": "dichiarazioni che puoi fare",
      "cards played to the trick": "carte giocate nella presa",
      "cards played to the trick, in order": "carte giocate nella presa, in ordine",
      "deal replay": "replay della smazzata",
      "dealer": "mazziere",
      "declarer": "dichiarante",
      "done": "completato",
      "dubious move": "mossa dubbia",
      "from the hand": "dalla mano",
      "from the table": "dal tavolo",
      "good move": "buona mossa",
      "hand exposed": "mano scoperta",
      "in progress": "in corso",
      "in progress: {right} of {need} to master the quiz": "in corso: {right} su {need} per padroneggiare il quiz",
      "in progress: {right} of {need} to master “{quiz}”": "in corso: {right} su {need} per padroneggiare «{quiz}»",
      "interesting move": "mossa interessante",
      "it holds a number that is not finite": "contiene un numero non finito",
      "it holds a text far too long": "contiene un testo troppo lungo",
      "it holds something that is not data": "contiene qualcosa che non sono dati",
      "it nests too deeply": "ha troppi livelli annidati",
      "kitty": "tallone",
      "left bower": "fante dello stesso colore",
      "make a student's question set": "crea la serie di domande di uno studente",
      "mistake": "errore",
      "misère": "misère",
      "no calls yet": "ancora nessuna dichiarazione",
      "no cards": "nessuna carta",
      "no trumps": "senza briscola",
      "none yet": "ancora nessuna",
      "not started": "non iniziato",
      "open misère": "misère aperta",
      "partner": "partner",
      "play a deal": "gioca una smazzata",
      "replay controls": "comandi del replay",
      "sits out": "resta fuori",
      "sits out: hand laid aside": "resta fuori: mano messa da parte",
      "the auction so far": "l'asta finora",
      "the hint's call": "la dichiarazione del suggerimento",
      "to move": "di turno",
      "to play": "gioca",
      "untitled": "senza titolo",
      "won by {seat}": "presa da {seat}",
      "you": "tu",
      "you took {tricks}": "hai fatto {tricks}",
      "your turn": "tocca a te",
      "{bid} is worth {value}.": "{bid} vale {value}.",
      "{cards} and {last}": "{cards} e {last}",
      "{card} (the hint's card)": "{card} (la carta del suggerimento)",
      "{card} face up on top": "sopra, scoperta: {card}",
      "{card} from hand": "{card} dalla mano",
      "{card} from hand, naming {suit}": "{card} dalla mano, nominando {suit}",
      "{card} from the table": "{card} dal tavolo",
      "{card} from the table, naming {suit}": "{card} dal tavolo, nominando {suit}",
      "{card}, named in the comment": "{card}, nominata nel commento",
      "{card}, naming {suit}": "{card}, nominando {suit}",
      "{count}: {list}. The cheapest bid over it is {bid} ({value}).": "{count}: {list}. La dichiarazione più economica sopra di essa è {bid} ({value}).",
      "{days}: answer a question today to keep it": "{days}: rispondi a una domanda oggi per non interromperla",
      "{den} (you said {value}, average {avg})": "{den} (hai detto {value}, media {avg})",
      "{den}: average {mean} tricks in {layouts} deals of the other cards; {made}": "{den}: media {mean} prese in {layouts} smazzate delle altre carte; {made}",
      "{den}: average {mean} tricks in {layouts} deals of the other cards; {made}; you said {value}": "{den}: media {mean} prese in {layouts} smazzate delle altre carte; {made}; hai detto {value}",
      "{done} of {chapters}.": "{done} su {chapters}.",
      "{intro}: {line}.": "{intro}: {line}.",
      "{name}'s table piles": "le pile in tavola di {name}",
      "{own}; with your partner {tricks}": "{own}; con il tuo partner {tricks}",
      "{own}; your side ({side}) {tricks}": "{own}; la tua coppia ({side}) {tricks}",
      "{reason} Choose another card.": "{reason} Scegli un'altra carta.",
      "{right} of its questions right at your first try.": "Domande giuste al primo tentativo: {right}.",
      "{rules}. An estimate within {within} of the average over the deals is right.": "{rules}. Una stima entro {within} dalla media delle smazzate è giusta.",
      "{score} of {answered} answered right at the first try; {skipped} skipped.": "Giuste al primo tentativo: {score} su {answered} risposte; saltate: {skipped}.",
      "{score} of {total} right at the first try.": "Giuste al primo tentativo: {score} su {total}.",
      "{seat} has taken the kitty (its cards are marked) and discards {cards}: {so_far} so far.": "{seat} ha preso il tallone (le sue carte sono segnate) e scarta {cards}: finora {so_far}.",
      "{seat} has taken the kitty and discards {cards}: {so_far} so far.": "{seat} ha preso il tallone e scarta {cards}: finora {so_far}.",
      "{seat} has taken the kitty and is discarding.": "{seat} ha preso il tallone e sta scartando.",
      "{seat} leads.": "Attacca {seat}.",
      "{seat} played {card}": "{seat} ha giocato {card}",
      "{seat} played {card}, winning the trick": "{seat} ha giocato {card}, vincendo la presa",
      "{seat} wins the trick": "Vince la presa {seat}",
      "{seat}'s hand (laid aside): {cards}": "Mano di {seat} (messa da parte): {cards}",
      "{seat}'s hand: choose a card": "Mano di {seat}: scegli una carta",
      "{seat}'s hand: {cards}": "Mano di {seat}: {cards}",
      "{seat}: wins": "{seat}: vince",
      "{side} {total} (partner not known yet)": "{side} {total} (partner non ancora noto)",
      "{suit} are trumps": "briscola: {suit}",
      "{suit}: {cards} you may call": "{suit}: {cards} che puoi chiamare"
    },
    "plurals": {
      "# answer": [
        "# risposta",
        "# risposte"
      ],
      "# bid outranks it": [
        "# dichiarazione è più alta",
        "# dichiarazioni sono più alte"
      ],
      "# card": [
        "# carta",
        "# carte"
      ],
      "# card face down": [
        "# carta coperta",
        "# carte coperte"
      ],
      "# chapter done": [
        "# capitolo completato",
        "# capitoli completati"
      ],
      "# day": [
        "# giorno",
        "# giorni"
      ],
      "# day in a row": [
        "# giorno di fila",
        "# giorni di fila"
      ],
      "# face-down card": [
        "# carta coperta",
        "# carte coperte"
      ],
      "# is still empty": [
        "# è ancora vuoto",
        "# sono ancora vuoti"
      ],
      "# more card": [
        "ancora # carta",
        "ancora # carte"
      ],
      "# point": [
        "# punto",
        "# punti"
      ],
      "# puzzle": [
        "# problema",
        "# problemi"
      ],
      "# question to review": [
        "# domanda da ripassare",
        "# domande da ripassare"
      ],
      "# question you missed in the chapters comes first.": [
        "Prima # domanda che hai sbagliato nei capitoli.",
        "Prima le # domande che hai sbagliato nei capitoli."
      ],
      "# quiz or widget": [
        "# quiz o widget",
        "# quiz e widget"
      ],
      "# trick": [
        "# presa",
        "# prese"
      ],
      "Answer the skipped one": [
        "Rispondi a quella saltata",
        "Rispondi a quelle saltate"
      ],
      "Kitty: {n} card face down, for the winner of the auction.": [
        "Tallone: {n} carta coperta, per chi vince l'asta.",
        "Tallone: {n} carte coperte, per chi vince l'asta."
      ],
      "Made the {n} question of {student}.": [
        "Creata {n} domanda di {student}.",
        "Create le {n} domande di {student}."
      ],
      "The hint you read": [
        "Il suggerimento che hai letto",
        "I suggerimenti che hai letto"
      ],
      "The one you missed": [
        "Quella che hai sbagliato",
        "Le # che hai sbagliato"
      ],
      "The one you skipped — answer it now, or start again:": [
        "Quella che hai saltato — rispondi ora, o ricomincia:",
        "Le # che hai saltato — rispondi ora, o ricomincia:"
      ],
      "Today: {n} answer, the day's goal reached": [
        "Oggi: {n} risposta, obiettivo del giorno raggiunto",
        "Oggi: {n} risposte, obiettivo del giorno raggiunto"
      ],
      "Today: {n} of {goal} answers": [
        "Oggi: {n} risposta su {goal}",
        "Oggi: {n} risposte su {goal}"
      ],
      "You took the kitty: discard {n} card, one at a time (a card you tap is discarded at once).": [
        "Hai preso il tallone: scarta {n} carta, una alla volta (una carta che tocchi viene scartata subito).",
        "Hai preso il tallone: scarta {n} carte, una alla volta (una carta che tocchi viene scartata subito)."
      ],
      "Your hand stayed as it is; the other cards were dealt {n} time, and each deal was played out with every card in view, everyone playing perfectly (which favours the declarer a little).": [
        "La tua mano è rimasta com'è; le altre carte sono state distribuite {n} volta, e ogni smazzata è stata giocata a carte scoperte, tutti in modo perfetto (il che favorisce un po' il dichiarante).",
        "La tua mano è rimasta com'è; le altre carte sono state distribuite {n} volte, e ogni smazzata è stata giocata a carte scoperte, tutti in modo perfetto (il che favorisce un po' il dichiarante)."
      ],
      "Your test so far ({played} of {n} deal)": [
        "Il tuo test finora ({played} di {n} smazzata)",
        "Il tuo test finora ({played} di {n} smazzate)"
      ],
      "one trick": [
        "una presa",
        "# prese"
      ],
      "{k} trick: {n} of {layouts} deals": [
        "{k} presa: {n} smazzate su {layouts}",
        "{k} prese: {n} smazzate su {layouts}"
      ],
      "{n} answer a day": [
        "{n} risposta al giorno",
        "{n} risposte al giorno"
      ],
      "{n} more right at the first try masters this quiz ({need} of its questions).": [
        "Ancora {n} risposta giusta al primo tentativo e il quiz è padroneggiato ({need} delle sue domande).",
        "Ancora {n} risposte giuste al primo tentativo e il quiz è padroneggiato ({need} delle sue domande)."
      ],
      "{n} of {need} picked": [
        "{n} scelta su {need}",
        "{n} scelte su {need}"
      ],
      "{n} picked": [
        "{n} scelta",
        "{n} scelte"
      ],
      "{student}: {n} question, {points} points — the same set \"fivehundred-tutor assign\" writes to {path}.": [
        "{student}: {n} domanda, {points} punti — la stessa serie che «fivehundred-tutor assign» scrive in {path}.",
        "{student}: {n} domande, {points} punti — la stessa serie che «fivehundred-tutor assign» scrive in {path}."
      ]
    },
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
      "\"{typed}\" is not a whole number: write digits, with a minus sign for a loss (e.g. -140).": "„{typed}” to nie jest liczba całkowita: wpisz cyfry, a stratę poprzedź minusem (np. -140).",
      "(from the kitty)": "(z musika)",
      "(the answer)": "(właściwa odpowiedź)",
      "(the called card: you are the partner)": "(wywołana karta: jesteś partnerem)",
      "(the left bower, a trump)": "(lewy walet, atu)",
      "(your answer)": "(twoja odpowiedź)",
      "A chapter is done when its quiz is mastered: four in five of the quiz's questions right at your first try ({need} of 12). A question you missed counts once you get it right at the first try in a later round (“Practise the missed ones”). The final test has its own rule: it is done at its pass mark.": "Rozdział jest ukończony, gdy opanujesz jego quiz: cztery na pięć pytań quizu dobrze za pierwszym razem ({need} z 12). Pytanie, na które odpowiedziałeś źle, liczy się, gdy w kolejnej rundzie odpowiesz na nie dobrze za pierwszym razem („Przećwicz te z błędną odpowiedzią”). Test końcowy ma własną zasadę: jest zaliczony po osiągnięciu progu zaliczenia.",
      "A deal of Five Hundred": "Rozdanie w Pięćsetkę",
      "A new deal dealt at random: not part of the lesson, no comments.": "Nowe rozdanie, losowe: nie należy do lekcji, bez komentarzy.",
      "A new deal.": "Nowe rozdanie.",
      "A student's own questions": "Własne pytania ucznia",
      "All right at the first try": "Wszystko dobrze za pierwszym razem",
      "Also off: {list}.": "Też nietrafione: {list}.",
      "Another hint": "Kolejna podpowiedź",
      "Answer": "Odpowiedź",
      "Asking Python for a puzzle near your rating…": "Proszę Pythona o zadanie bliskie twojemu rankingowi…",
      "Assignment file (TOML)": "Plik zadania (TOML)",
      "Auction": "Licytacja",
      "Auction:": "Licytacja:",
      "Back to the lesson deal": "Wróć do rozdania z lekcji",
      "Bid and play as well as you can: the bots are the stronger ones. Each card you choose is checked against perfect play (every hand in view); you see how you did when the deal ends.": "Licytuj i rozgrywaj najlepiej, jak umiesz: boty są tu silniejsze. Każda wybrana przez ciebie karta jest porównywana z grą idealną (przy wszystkich kartach odkrytych); jak ci poszło, zobaczysz po zakończeniu rozdania.",
      "Bidding ladder": "Drabina odzywek",
      "Bidding ladder: {rules}": "Drabina odzywek: {rules}",
      "Bots' cards: each trick stays until Continue": "Karty botów: każda lewa zostaje do „Dalej”",
      "Bots' cards: faster": "Karty botów: szybciej",
      "Bots' cards: one at a time": "Karty botów: po jednej",
      "Bots: easy (rules of thumb)": "Boty: łatwe (proste reguły)",
      "Bots: stronger (they weigh the unseen cards)": "Boty: silniejsze (biorą pod uwagę niewidoczne karty)",
      "Call a card to choose your partner": "Wywołaj kartę, by wybrać partnera",
      "Call a card, usually the best one you do not hold: whoever holds it becomes your partner for this deal.": "Wywołaj kartę, zwykle najlepszą, której nie masz: kto ją ma, zostaje twoim partnerem w tym rozdaniu.",
      "Card": "Karta",
      "Cards": "Karty",
      "Cards on the table: {cards}": "Karty na stole: {cards}",
      "Cards played to this trick": "Karty zagrane do tej lewy",
      "Changing the rules…": "Zmiana zasad…",
      "Chapter done: {title}.": "Rozdział ukończony: {title}.",
      "Check": "Sprawdź",
      "Check my play": "Sprawdź moją rozgrywkę",
      "Checked again, this answer reads differently: see the explanation.": "Po ponownym sprawdzeniu ta odpowiedź wypada inaczej: zobacz wyjaśnienie.",
      "Checking your play is taking a long time: it will show here when it is done.": "Sprawdzanie twojej rozgrywki trwa długo: wynik pojawi się tutaj, gdy będzie gotowy.",
      "Choose a card from {seat}'s hand below (Tab to the cards, arrows to move, Enter to choose).": "Wybierz kartę z ręki gracza {seat} poniżej (Tab do kart, strzałki, by się przesuwać, Enter, by wybrać).",
      "Choose a card from {seat}'s hand or face-up table cards below (Tab to the cards, arrows to move, Enter to choose).": "Wybierz kartę z ręki gracza {seat} albo z jego odkrytych kart na stole poniżej (Tab do kart, strzałki, by się przesuwać, Enter, by wybrać).",
      "Click the cards from highest to lowest.": "Klikaj karty od najwyższej do najniższej.",
      "Come back tomorrow to make it {n}.": "Wróć jutro, a będzie ich {n}.",
      "Continue": "Dalej",
      "Continue goes on as in the deal, where {card} was played.": "„Dalej” prowadzi grę tak, jak toczyło się rozdanie, w którym zagrano: {card}.",
      "Continue goes on as in the deal.": "„Dalej” prowadzi grę tak, jak toczyło się rozdanie.",
      "Continue: {chapter}": "Kontynuuj: {chapter}",
      "Contract": "Kontrakt",
      "Contract {contract} by {seat}": "Kontrakt {contract}, gra {seat}",
      "Contract {contract}. You play {seat}.": "Kontrakt {contract}. Grasz jako {seat}.",
      "Contract: {contract} by {seat}": "Kontrakt: {contract}, gra {seat}",
      "Daily goal:": "Cel dzienny:",
      "Deal {n} of {total}": "Rozdanie {n} z {total}",
      "Deal {n} of {total}: how you did": "Rozdanie {n} z {total}: jak ci poszło",
      "Deal {n}: the bots have acted up to your turn.": "Rozdanie {n}: boty zagrały aż do twojego ruchu.",
      "Dealing a new hand…": "Rozdaję nową rękę…",
      "Dealing the other cards for this hand stopped: {error}": "Rozdawanie pozostałych kart dla tej ręki przerwane: {error}",
      "Dealing the other cards: {done} of {layouts} deals so far…": "Rozdaję pozostałe karty: na razie {done} z {layouts} rozdań…",
      "Dealt by {seat}. Step forward to see the auction.": "Rozdaje {seat}. Przejdź krok dalej, by zobaczyć licytację.",
      "Discard {cards}.": "Odrzuć {cards}.",
      "Discarded (out of play)": "Odrzucone (poza grą)",
      "Each card you chose, compared with the best card with every hand in view": "Każda wybrana przez ciebie karta porównana z najlepszą kartą przy wszystkich rękach odkrytych",
      "Each of your calls now gets a verdict by the book's bidding standard, under the buttons.": "Każda twoja odzywka dostaje teraz ocenę według standardu licytacji tej książki, pod przyciskami.",
      "Every chapter done. The review below keeps what you learned fresh.": "Wszystkie rozdziały ukończone. Powtórka poniżej pomoże ci nie zapomnieć tego, czego się nauczyłeś.",
      "Every chapter, your goal and your progress file": "Wszystkie rozdziały, twój cel i plik postępów",
      "Every deal is played": "Wszystkie rozdania rozegrane",
      "Every estimate is within a trick of the average. The best denomination is {den} (average {avg}).": "Każda ocena mieści się w jednej lewie od średniej. Najlepsze miano to {den} (średnio {avg}).",
      "Fill in all {all}: {empty}.": "Wypełnij wszystkie pola ({all}): {empty}.",
      "Forget every chapter's results and this review?": "Zapomnieć wyniki wszystkich rozdziałów i tę powtórkę?",
      "Hand {n} of {total}": "Ręka {n} z {total}",
      "Hint": "Podpowiedź",
      "How fast the bots' cards appear": "Jak szybko pojawiają się karty botów",
      "How strong the bots play": "Jak mocno grają boty",
      "How the best play goes from there": "Jak dalej idzie najlepsza rozgrywka",
      "How you did in the play test": "Jak ci poszło w teście rozgrywki",
      "In how many deals of the other cards each number of tricks was taken": "W ilu rozdaniach pozostałych kart wzięto każdą liczbę lew",
      "In no trumps you said {value}: too high.": "Bez atu: twoja ocena {value} jest za wysoka.",
      "In no trumps you said {value}: too low.": "Bez atu: twoja ocena {value} jest za niska.",
      "Judge a hand": "Oceń rękę",
      "Judge my calls by the book's bidding standard": "Oceniaj moje odzywki według standardu licytacji tej książki",
      "Judged well at the first try: {mastered} of {tried}": "Dobrze ocenione za pierwszym razem: {mastered} z {tried}",
      "Keep it": "Zostaw",
      "Keep this card and continue": "Zostaw tę kartę i graj dalej",
      "Kitty: {cards}": "Musik: {cards}",
      "Last trick: {seat} won it": "Ostatnią lewę wziął gracz: {seat}",
      "Load progress from a file": "Wczytaj postępy z pliku",
      "Look again at the last hint: {hint}": "Przeczytaj jeszcze raz ostatnią podpowiedź: {hint}",
      "Lowest bid first. {placement}. Click a bid for its value and what outranks it.": "Najniższa odzywka pierwsza. {placement}. Kliknij odzywkę, by zobaczyć jej wartość i to, co ją przebija.",
      "Make this student's questions": "Utwórz pytania tego ucznia",
      "Making a set needs the engine: run this notebook in JupyterLab, or open the live book.": "Do utworzenia zestawu potrzebny jest silnik: uruchom ten notatnik w JupyterLab albo otwórz książkę na żywo.",
      "Making the questions of {student}…": "Tworzę pytania dla: {student}…",
      "Mastered {mastered} of {total}": "Opanowane: {mastered} z {total}",
      "Mastered {mastered} of {total} in this quiz.": "Opanowane w tym quizie: {mastered} z {total}.",
      "Move between questions": "Przechodzenie między pytaniami",
      "New deal": "Nowe rozdanie",
      "New question": "Nowe pytanie",
      "Next question": "Następne pytanie",
      "Next: {chapter}": "Dalej: {chapter}",
      "Next: {title}": "Dalej: {title}",
      "No answer came: in JupyterLab, run this notebook's cells; in the online book, reload the page.": "Nie przyszła odpowiedź: w JupyterLab uruchom komórki tego notatnika; w książce online przeładuj stronę.",
      "No answers yet": "Jeszcze bez odpowiedzi",
      "No calls yet: you call first.": "Jeszcze bez odzywek: licytujesz pierwszy.",
      "No card on the table: the lead is yours.": "Na stole nie ma karty: wychodzisz ty.",
      "No cards on the table": "Na stole nie ma kart",
      "No more hints": "Nie ma więcej podpowiedzi",
      "No new hand came: try again in a moment.": "Nie przyszła nowa ręka: spróbuj za chwilę.",
      "No streak yet: answer a question a day to start one": "Nie masz jeszcze serii: odpowiadaj na jedno pytanie dziennie, by ją zacząć",
      "No trumps": "Bez atu",
      "None answered yet; {skipped} skipped.": "Jeszcze bez odpowiedzi; pominięte: {skipped}.",
      "North": "Północ",
      "Not possible": "Niemożliwe",
      "Not right yet: {fields}.": "Jeszcze niedobrze: {fields}.",
      "Not yet": "Jeszcze nie",
      "Note: {note}.": "Uwaga: {note}.",
      "Nothing outranks it: it is the top of the ladder.": "Nic jej nie przebija: to szczyt drabiny.",
      "Nothing to review yet.": "Na razie nie ma nic do powtórki.",
      "On average the deals give {avg} tricks, and {value} or more in {share} of them.": "Średnio rozdania dają {avg} lewy, a {value} lub więcej w {share} z nich.",
      "Order this trick: {order}": "Kolejność w tej lewie: {order}",
      "Other ways to play": "Inne zagrania",
      "Play a deal against the bots": "Zagraj rozdanie z botami",
      "Play problem": "Zadanie rozgrywkowe",
      "Play problem: {title}": "Zadanie rozgrywkowe: {title}",
      "Practise the missed ones": "Przećwicz te z błędną odpowiedzią",
      "Preview {student}'s questions, as the student sees them": "Podgląd pytań ucznia {student}, tak jak widzi je uczeń",
      "Previous": "Poprzednie",
      "Progress loaded from {name}: {widgets}, {review}, {days} of practice.": "Wczytano postępy z pliku {name}: {widgets}, {review}, {days} ćwiczeń.",
      "Python answers now: the next puzzle comes from the whole bank, near your rating.": "Python już odpowiada: następne zadanie przyjdzie z całego zbioru, bliskie twojemu rankingowi.",
      "Python has not answered yet (the first time it reads the whole puzzle bank). Here is a puzzle saved in the page; the trainer keeps asking Python.": "Python jeszcze nie odpowiedział (za pierwszym razem wczytuje cały zbiór zadań). Oto zadanie zapisane na stronie; trener nadal pyta Pythona.",
      "Python is not answering: if it restarted, run the whole notebook again (Run → Run All Cells).": "Python nie odpowiada: jeśli został uruchomiony ponownie, uruchom cały notatnik jeszcze raz (Run → Run All Cells).",
      "Python restarted: run the whole notebook again (Run → Run All Cells).": "Python został uruchomiony ponownie: uruchom cały notatnik jeszcze raz (Run → Run All Cells).",
      "Question {n} of {total}": "Pytanie {n} z {total}",
      "Questions from the chapters come back here, missed ones sooner than known ones.": "Pytania z rozdziałów wracają tutaj, te z błędną odpowiedzią szybciej niż te, które znasz.",
      "Questions you miss in any chapter come back here. Until then: questions from every chapter.": "Pytania, na które odpowiesz źle w dowolnym rozdziale, wracają tutaj. Do tego czasu: pytania ze wszystkich rozdziałów.",
      "Quiz": "Quiz",
      "Quiz mastered": "Quiz opanowany",
      "Quiz mastered ({mastered} of {total})": "Quiz opanowany ({mastered} z {total})",
      "Quiz mastered.": "Quiz opanowany.",
      "Re-run the cell that made it (the saved data may be from an older version).": "Uruchom ponownie komórkę, która go utworzyła (zapisane dane mogą pochodzić ze starszej wersji).",
      "Read the question again: which rule decides it?": "Przeczytaj pytanie jeszcze raz: która zasada o tym decyduje?",
      "Reset my progress": "Wyzeruj moje postępy",
      "Review": "Powtórka",
      "Review — from “{chapter}”": "Powtórka — z rozdziału „{chapter}”",
      "Right": "Dobrze",
      "Right at the first try: {right} of {answered}": "Dobrze za pierwszym razem: {right} z {answered}",
      "Round finished": "Runda zakończona",
      "Rules": "Zasady",
      "Save my progress to a file": "Zapisz moje postępy do pliku",
      "Saved. Load that file in another browser, or in JupyterLab's Review, to carry on there.": "Zapisano. Wczytaj ten plik w innej przeglądarce albo w Powtórce w JupyterLab, by tam kontynuować.",
      "Score: {scores}": "Wynik: {scores}",
      "See how you did": "Zobacz swój wynik",
      "Show all hands": "Pokaż wszystkie ręce",
      "Show me": "Pokaż",
      "Show the answer": "Pokaż odpowiedź",
      "Show the card": "Pokaż kartę",
      "Skip": "Pomiń",
      "Skip to the exercise": "Przejdź do ćwiczenia",
      "Skip to the game": "Przejdź do gry",
      "Skip to the problem": "Przejdź do zadania",
      "Skip to the quiz": "Przejdź do quizu",
      "Start again": "Zacznij od nowa",
      "Start here: {chapter}": "Zacznij tutaj: {chapter}",
      "Step {at} of {end}": "Krok {at} z {end}",
      "Student id": "Identyfikator ucznia",
      "Take the play test again": "Zrób test rozgrywki jeszcze raz",
      "That card cannot be played": "Tej karty nie można zagrać",
      "That file is too big to be a progress file from this book.": "Ten plik jest za duży, by był plikiem postępów z tej książki.",
      "That is not a progress file (it is not text).": "To nie jest plik postępów (to nie jest tekst).",
      "That is not a progress file from this book (choose the file Save my progress made).": "To nie jest plik postępów z tej książki (wybierz plik utworzony przez „Zapisz moje postępy do pliku”).",
      "That is not a progress file: it is not the JSON this book saves.": "To nie jest plik postępów: to nie jest JSON, który zapisuje ta książka.",
      "That progress file cannot be read: {problem}.": "Tego pliku postępów nie da się odczytać: {problem}.",
      "That progress file holds far more than this book ever saves.": "Ten plik postępów zawiera o wiele więcej, niż ta książka kiedykolwiek zapisuje.",
      "That progress file holds no progress.": "Ten plik postępów nie zawiera żadnych postępów.",
      "That progress file is of version {version}; this book reads version 2.": "Ten plik postępów ma wersję {version}; ta książka czyta wersję 2.",
      "The answer:": "Odpowiedź:",
      "The assignment: {title} (edit it to try your own)": "Zadanie: {title} (zmień je, by wypróbować własne)",
      "The bots are bidding…": "Boty licytują…",
      "The bots are playing…": "Boty grają…",
      "The bots now play by rules of thumb.": "Boty grają teraz według prostych reguł.",
      "The bots now weigh many ways the cards could lie.": "Boty biorą teraz pod uwagę wiele możliwych układów kart.",
      "The card could not be taken back.": "Nie udało się cofnąć karty.",
      "The card played in the deal": "Karta zagrana w rozdaniu",
      "The cards marked “kitty” came from it.": "Karty oznaczone „musik” pochodzą z niego.",
      "The deal is over.": "Rozdanie skończone.",
      "The hint is taking too long: play on without it (it will show here if it comes while it is still your turn).": "Podpowiedź trwa za długo: graj dalej bez niej (pojawi się tutaj, jeśli przyjdzie, póki jeszcze jest twój ruch).",
      "The joker was led naming {suit}.": "Dżokera wyłożono na wyjście z zapowiedzią koloru: {suit}.",
      "The play test is done": "Test rozgrywki zakończony",
      "The problem is finished.": "Zadanie zakończone.",
      "The trick so far": "Lewa do tej pory",
      "This browser keeps no progress here (private browsing, or storage turned off).": "Ta przeglądarka nie przechowuje tu postępów (tryb prywatny albo wyłączona pamięć).",
      "This browser's storage is full: part of the file was read, the rest could not be kept.": "Pamięć tej przeglądarki jest pełna: część pliku wczytano, reszty nie udało się zachować.",
      "This hand": "Ta ręka",
      "This is taking longer than usual: the bots' answer will show here as soon as it comes.": "To trwa dłużej niż zwykle: odpowiedź botów pojawi się tutaj, gdy tylko nadejdzie.",
      "This quiz has no questions.": "Ten quiz nie ma pytań.",
      "This trick": "Ta lewa",
      "This widget cannot be shown.": "Nie można wyświetlić tego widżetu.",
      "Today's goal reached": "Dzisiejszy cel osiągnięty",
      "Today's goal reached: {answers}.": "Dzisiejszy cel osiągnięty: {answers}.",
      "Trick {n}": "Lewa {n}",
      "Trick {n}: {seat} wins": "Lewa {n}: bierze {seat}",
      "Tricks in no trumps": "Lewy bez atu",
      "Tricks so far: {tricks}.": "Dotychczasowe lewy: {tricks}.",
      "Tricks with {suit} as trumps": "Lewy, gdy atu: {suit}",
      "Tricks:": "Lewy:",
      "Try again": "Spróbuj jeszcze raz",
      "Try again, or show the answer: what the deals gave.": "Spróbuj jeszcze raz albo pokaż odpowiedź: co dały rozdania.",
      "Try another hand": "Spróbuj innej ręki",
      "Undo": "Cofnij",
      "Waiting for Python…": "Czekam na Pythona…",
      "Well judged": "Dobrze ocenione",
      "What happened so far": "Co się dotąd wydarzyło",
      "What happened so far, from the deal on": "Co się dotąd wydarzyło, od rozdania",
      "With {suit} as trumps you said {value}: too high.": "Atu: {suit}; twoja ocena {value} jest za wysoka.",
      "With {suit} as trumps you said {value}: too low.": "Atu: {suit}; twoja ocena {value} jest za niska.",
      "Write a number in every box (0 if nothing).": "Wpisz liczbę w każde pole (0, jeśli nic).",
      "Write a whole number of tricks from 0 to {max} for {den}.": "Wpisz całkowitą liczbę lew od 0 do {max} dla: {den}.",
      "Write whole numbers only, like 280 or -140.": "Wpisuj tylko liczby całkowite, np. 280 albo -140.",
      "Yes, reset": "Tak, wyzeruj",
      "You lead: choose a card.": "Wychodzisz: wybierz kartę.",
      "You sit {seat}. How many tricks would this hand take with each of these as trumps?": "Siedzisz jako {seat}. Ile lew weźmie ta ręka przy każdym z tych kolorów jako atu?",
      "You took the kitty: choose a card to discard.": "Musik jest twój: wybierz kartę do odrzucenia.",
      "Your call": "Twoja zapowiedź",
      "Your call: bid or pass.": "Twoja zapowiedź: licytuj albo pasuj.",
      "Your calls are no longer judged.": "Twoje odzywki nie są już oceniane.",
      "Your calls, by the book's bidding standard": "Twoje odzywki według standardu licytacji tej książki",
      "Your calls: judged by the book's bidding standard": "Twoje odzywki: oceniane według standardu licytacji tej książki",
      "Your calls: not judged": "Twoje odzywki: bez oceny",
      "Your course": "Twój kurs",
      "Your course in short": "Twój kurs w skrócie",
      "Your estimates are in. Dealing the other cards: {done} of {layouts} deals…": "Twoje oceny zapisane. Rozdaję pozostałe karty: {done} z {layouts} rozdań…",
      "Your hand": "Twoja ręka",
      "Your hand ({seat})": "Twoja ręka ({seat})",
      "Your order: {order}": "Twoja kolejność: {order}",
      "Your play, with every hand in view": "Twoja rozgrywka przy wszystkich rękach odkrytych",
      "Your progress is reset.": "Twoje postępy zostały wyzerowane.",
      "Your progress stays in this browser (nothing is sent anywhere); the book's notebooks in JupyterLab in your browser share it. To carry it to another device or browser, save it to a file and load the file there.": "Twoje postępy zostają w tej przeglądarce (nic nie jest nigdzie wysyłane); notatniki książki w JupyterLab w twojej przeglądarce korzystają z nich wspólnie. Aby przenieść je na inne urządzenie lub do innej przeglądarki, zapisz je do pliku i wczytaj ten plik tam.",
      "Your progress stays in this browser. To carry it to another browser or device (or between the book and a JupyterLab of your own), save it to a file and load the file there.": "Twoje postępy zostają w tej przeglądarce. Aby przenieść je do innej przeglądarki lub na inne urządzenie (albo między książką a własnym JupyterLab), zapisz je do pliku i wczytaj ten plik tam.",
      "Your turn: choose a card.": "Twój ruch: wybierz kartę.",
      "a face-down card": "zakryta karta",
      "a face-down card on top": "na wierzchu zakryta karta",
      "bidding ladder and quiz": "drabina odzywek i quiz",
      "bids from lowest to highest": "odzywki od najniższej do najwyższej",
      "blunder": "poważny błąd",
      "brilliant move": "świetne zagranie",
      "called": "wywołana",
      "calls you may make": "zapowiedzi, które możesz zgłosić",
      "cards played to the trick": "karty zagrane do lewy",
      "cards played to the trick, in order": "karty zagrane do lewy, po kolei",
      "deal replay": "odtwarzanie rozdania",
      "dealer": "rozdający",
      "declarer": "rozgrywający",
      "done": "ukończony",
      "dubious move": "wątpliwe zagranie",
      "from the hand": "z ręki",
      "from the table": "ze stołu",
      "good move": "dobre zagranie",
      "hand exposed": "karty odkryte",
      "in progress": "w toku",
      "in progress: {right} of {need} to master the quiz": "w toku: {right} z {need} do opanowania quizu",
      "in progress: {right} of {need} to master “{quiz}”": "w toku: {right} z {need} do opanowania quizu „{quiz}”",
      "interesting move": "ciekawe zagranie",
      "it holds a number that is not finite": "zawiera liczbę, która nie jest skończona",
      "it holds a text far too long": "zawiera o wiele za długi tekst",
      "it holds something that is not data": "zawiera coś, co nie jest danymi",
      "it nests too deeply": "ma zbyt głębokie zagnieżdżenie",
      "kitty": "musik",
      "left bower": "lewy walet",
      "make a student's question set": "utwórz zestaw pytań ucznia",
      "mistake": "błąd",
      "misère": "misère",
      "no calls yet": "jeszcze bez zapowiedzi",
      "no cards": "brak kart",
      "no trumps": "bez atu",
      "none yet": "jeszcze nic",
      "not started": "nierozpoczęty",
      "open misère": "odkryte misère",
      "partner": "partner",
      "play a deal": "zagraj rozdanie",
      "replay controls": "sterowanie odtwarzaniem",
      "sits out": "pauzuje",
      "sits out: hand laid aside": "pauzuje: karty odłożone",
      "the auction so far": "dotychczasowa licytacja",
      "the hint's call": "odzywka z podpowiedzi",
      "to move": "na ruchu",
      "to play": "zagrywa",
      "untitled": "bez tytułu",
      "won by {seat}": "lewę bierze: {seat}",
      "you": "ty",
      "you took {tricks}": "wzięte przez ciebie: {tricks}",
      "your turn": "twój ruch",
      "{bid} is worth {value}.": "Odzywka {bid} jest warta {value}.",
      "{cards} and {last}": "{cards} i {last}",
      "{card} (the hint's card)": "{card} (karta z podpowiedzi)",
      "{card} face up on top": "na wierzchu odkryta: {card}",
      "{card} from hand": "{card} z ręki",
      "{card} from hand, naming {suit}": "{card} z ręki, nominowany do koloru {suit}",
      "{card} from the table": "{card} ze stołu",
      "{card} from the table, naming {suit}": "{card} ze stołu, nominowany do koloru {suit}",
      "{card}, named in the comment": "{card}, wymieniona w komentarzu",
      "{card}, naming {suit}": "{card}, nominowany do koloru {suit}",
      "{count}: {list}. The cheapest bid over it is {bid} ({value}).": "{count}: {list}. Najtańsza odzywka nad nią to {bid} ({value}).",
      "{days}: answer a question today to keep it": "{days}: odpowiedz dziś na pytanie, by jej nie przerwać",
      "{den} (you said {value}, average {avg})": "{den} (twoja ocena {value}, średnio {avg})",
      "{den}: average {mean} tricks in {layouts} deals of the other cards; {made}": "{den}: średnio {mean} lewy w {layouts} rozdaniach pozostałych kart; {made}",
      "{den}: average {mean} tricks in {layouts} deals of the other cards; {made}; you said {value}": "{den}: średnio {mean} lewy w {layouts} rozdaniach pozostałych kart; {made}; twoja ocena {value}",
      "{done} of {chapters}.": "{done} z {chapters}.",
      "{intro}: {line}.": "{intro}: {line}.",
      "{name}'s table piles": "stosy na stole: {name}",
      "{own}; with your partner {tricks}": "{own}; z partnerem: {tricks}",
      "{own}; your side ({side}) {tricks}": "{own}; twoja strona ({side}): {tricks}",
      "{reason} Choose another card.": "{reason} Wybierz inną kartę.",
      "{right} of its questions right at your first try.": "Pytania z dobrą odpowiedzią za pierwszym razem: {right}.",
      "{rules}. An estimate within {within} of the average over the deals is right.": "{rules}. Ocena, która różni się od średniej z rozdań najwyżej o {within}, jest dobra.",
      "{score} of {answered} answered right at the first try; {skipped} skipped.": "Dobrze za pierwszym razem: {score} z {answered} odpowiedzianych; pominięte: {skipped}.",
      "{score} of {total} right at the first try.": "Dobrze za pierwszym razem: {score} z {total}.",
      "{seat} has taken the kitty (its cards are marked) and discards {cards}: {so_far} so far.": "{seat} bierze musik (jego karty są oznaczone) i odrzuca {cards}: na razie {so_far}.",
      "{seat} has taken the kitty and discards {cards}: {so_far} so far.": "{seat} bierze musik i odrzuca {cards}: na razie {so_far}.",
      "{seat} has taken the kitty and is discarding.": "{seat} bierze musik i odrzuca karty.",
      "{seat} leads.": "Wychodzi {seat}.",
      "{seat} played {card}": "{seat} zagrywa: {card}",
      "{seat} played {card}, winning the trick": "{seat} zagrywa: {card} i bierze lewę",
      "{seat} wins the trick": "Lewę bierze {seat}",
      "{seat}'s hand (laid aside): {cards}": "Ręka gracza {seat} (odłożona): {cards}",
      "{seat}'s hand: choose a card": "Ręka gracza {seat}: wybierz kartę",
      "{seat}'s hand: {cards}": "Ręka gracza {seat}: {cards}",
      "{seat}: wins": "{seat}: bierze",
      "{side} {total} (partner not known yet)": "{side} {total} (partner jeszcze nieznany)",
      "{suit} are trumps": "atu: {suit}",
      "{suit}: {cards} you may call": "{suit} — do wywołania: {cards}"
    },
    "plurals": {
      "# answer": [
        "# odpowiedź",
        "# odpowiedzi",
        "# odpowiedzi"
      ],
      "# bid outranks it": [
        "# odzywka jest wyższa",
        "# odzywki są wyższe",
        "# odzywek jest wyższych"
      ],
      "# card": [
        "# karta",
        "# karty",
        "# kart"
      ],
      "# card face down": [
        "# karta zakryta",
        "# karty zakryte",
        "# kart zakrytych"
      ],
      "# chapter done": [
        "# rozdziału ukończone",
        "# rozdziałów ukończone",
        "# rozdziałów ukończone"
      ],
      "# day": [
        "# dzień",
        "# dni",
        "# dni"
      ],
      "# day in a row": [
        "# dzień z rzędu",
        "# dni z rzędu",
        "# dni z rzędu"
      ],
      "# face-down card": [
        "# zakryta karta",
        "# zakryte karty",
        "# zakrytych kart"
      ],
      "# is still empty": [
        "wciąż puste: #",
        "wciąż puste: #",
        "wciąż puste: #"
      ],
      "# more card": [
        "jeszcze # kartę",
        "jeszcze # karty",
        "jeszcze # kart"
      ],
      "# point": [
        "# punkt",
        "# punkty",
        "# punktów"
      ],
      "# puzzle": [
        "# zadanie",
        "# zadania",
        "# zadań"
      ],
      "# question to review": [
        "# pytanie do powtórki",
        "# pytania do powtórki",
        "# pytań do powtórki"
      ],
      "# question you missed in the chapters comes first.": [
        "Najpierw # pytanie z rozdziałów, na które padła błędna odpowiedź.",
        "Najpierw # pytania z rozdziałów, na które padła błędna odpowiedź.",
        "Najpierw # pytań z rozdziałów, na które padła błędna odpowiedź."
      ],
      "# quiz or widget": [
        "# quiz lub widżet",
        "# quizy i widżety",
        "# quizów i widżetów"
      ],
      "# trick": [
        "# lewa",
        "# lewy",
        "# lew"
      ],
      "Answer the skipped one": [
        "Odpowiedz na pominięte pytanie",
        "Odpowiedz na pominięte pytania",
        "Odpowiedz na pominięte pytania"
      ],
      "Kitty: {n} card face down, for the winner of the auction.": [
        "Musik: {n} zakryta karta dla zwycięzcy licytacji.",
        "Musik: {n} zakryte karty dla zwycięzcy licytacji.",
        "Musik: {n} zakrytych kart dla zwycięzcy licytacji."
      ],
      "Made the {n} question of {student}.": [
        "Utworzono {n} pytanie dla: {student}.",
        "Utworzono {n} pytania dla: {student}.",
        "Utworzono {n} pytań dla: {student}."
      ],
      "The hint you read": [
        "Przeczytana podpowiedź",
        "Przeczytane podpowiedzi",
        "Przeczytane podpowiedzi"
      ],
      "The one you missed": [
        "Pytanie z błędną odpowiedzią",
        "# pytania z błędną odpowiedzią",
        "# pytań z błędną odpowiedzią"
      ],
      "The one you skipped — answer it now, or start again:": [
        "Pominięte pytanie — odpowiedz teraz albo zacznij od nowa:",
        "# pominięte pytania — odpowiedz teraz albo zacznij od nowa:",
        "# pominiętych pytań — odpowiedz teraz albo zacznij od nowa:"
      ],
      "Today: {n} answer, the day's goal reached": [
        "Dziś: {n} odpowiedź, cel dnia osiągnięty",
        "Dziś: {n} odpowiedzi, cel dnia osiągnięty",
        "Dziś: {n} odpowiedzi, cel dnia osiągnięty"
      ],
      "Today: {n} of {goal} answers": [
        "Dziś: {n} z {goal} odpowiedzi",
        "Dziś: {n} z {goal} odpowiedzi",
        "Dziś: {n} z {goal} odpowiedzi"
      ],
      "You took the kitty: discard {n} card, one at a time (a card you tap is discarded at once).": [
        "Musik jest twój: odrzuć {n} kartę, po jednej (dotknięta karta od razu idzie do odrzutu).",
        "Musik jest twój: odrzuć {n} karty, po jednej (dotknięta karta od razu idzie do odrzutu).",
        "Musik jest twój: odrzuć {n} kart, po jednej (dotknięta karta od razu idzie do odrzutu)."
      ],
      "Your hand stayed as it is; the other cards were dealt {n} time, and each deal was played out with every card in view, everyone playing perfectly (which favours the declarer a little).": [
        "Twoja ręka została bez zmian; pozostałe karty rozdano {n} raz, a każde rozdanie rozegrano przy wszystkich kartach odkrytych, każdy grał bezbłędnie (co nieco sprzyja rozgrywającemu).",
        "Twoja ręka została bez zmian; pozostałe karty rozdano {n} razy, a każde rozdanie rozegrano przy wszystkich kartach odkrytych, każdy grał bezbłędnie (co nieco sprzyja rozgrywającemu).",
        "Twoja ręka została bez zmian; pozostałe karty rozdano {n} razy, a każde rozdanie rozegrano przy wszystkich kartach odkrytych, każdy grał bezbłędnie (co nieco sprzyja rozgrywającemu)."
      ],
      "Your test so far ({played} of {n} deal)": [
        "Twój test do tej pory ({played} z {n} rozdania)",
        "Twój test do tej pory ({played} z {n} rozdań)",
        "Twój test do tej pory ({played} z {n} rozdań)"
      ],
      "one trick": [
        "jedna lewa",
        "# lewy",
        "# lew"
      ],
      "{k} trick: {n} of {layouts} deals": [
        "{k} lewa: {n} z {layouts} rozdań",
        "{k} lewy: {n} z {layouts} rozdań",
        "{k} lew: {n} z {layouts} rozdań"
      ],
      "{n} answer a day": [
        "{n} odpowiedź dziennie",
        "{n} odpowiedzi dziennie",
        "{n} odpowiedzi dziennie"
      ],
      "{n} more right at the first try masters this quiz ({need} of its questions).": [
        "Jeszcze {n} dobra odpowiedź za pierwszym razem i quiz opanowany ({need} jego pytań).",
        "Jeszcze {n} dobre odpowiedzi za pierwszym razem i quiz opanowany ({need} jego pytań).",
        "Jeszcze {n} dobrych odpowiedzi za pierwszym razem i quiz opanowany ({need} jego pytań)."
      ],
      "{n} of {need} picked": [
        "Wybrano {n} z {need}",
        "Wybrano {n} z {need}",
        "Wybrano {n} z {need}"
      ],
      "{n} picked": [
        "Wybrano {n}",
        "Wybrano {n}",
        "Wybrano {n}"
      ],
      "{student}: {n} question, {points} points — the same set \"fivehundred-tutor assign\" writes to {path}.": [
        "{student}: {n} pytanie, {points} pkt — ten sam zestaw, który „fivehundred-tutor assign” zapisuje do {path}.",
        "{student}: {n} pytania, {points} pkt — ten sam zestaw, który „fivehundred-tutor assign” zapisuje do {path}.",
        "{student}: {n} pytań, {points} pkt — ten sam zestaw, który „fivehundred-tutor assign” zapisuje do {path}."
      ]
    },
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
