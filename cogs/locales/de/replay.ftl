### Wiederholungen und Spielprotokolle beendeter Spiele: /wizard replay (mit seinen Knöpfen), /wizard record
### und ihre Absagen. Ein Spiel heißt nach seiner Nummer ($game), nach der /wizard replay und record fragen.

## Absagen.

replay-refusal-server-only = Wiederholungen gibt es für die Spiele eines Servers: Nutz das auf dem Server, auf dem gespielt wurde.
replay-refusal-no-game = Auf diesem Server wurde kein Spiel mit der Nummer { $game } gespielt.
replay-refusal-not-started = Spiel { $game } hat nie angefangen: Es gibt nichts zu wiederholen.
replay-refusal-running = Spiel { $game } läuft noch: Es kann wiederholt werden, sobald es vorbei ist.
replay-refusal-ended = Spiel { $game } wurde vor seiner letzten Runde beendet: Nur zu Ende gespielte Spiele werden wiederholt und protokolliert.
replay-refusal-no-files = Ich darf in diesem Kanal keine Dateien anhängen (Dateien anhängen): Frag eine Moderation oder nimm einen anderen Kanal.

## Ein Schritt der Wiederholung: die Tischnachricht, wie sie war; ihre erste Zeile sagt, wo im Spiel das ist.

replay-step-bids = ⏪ Wiederholung von Spiel { $game } · Runde { $round }: Die Vorhersagen sind gemacht.
replay-step-trick = ⏪ Wiederholung von Spiel { $game } · Runde { $round }, Stich { $trick } von { $tricks }.
replay-hands-title = Die ausgeteilten Hände in Runde { $round }
# Die Hand eines Spielers: sein Name, dann die Karten.
replay-hand-line = **{ $name }**: { $cards }
replay-button-open = Wiederholung
replay-button-previous-round = ⏮ Runde
replay-button-previous-trick = ◀ Stich
replay-button-next-trick = Stich ▶
replay-button-next-round = Runde ⏭
replay-pick-round = Zu einer Runde springen
replay-round-option = Runde { $round } · je { $cards ->
    [one] 1 Karte
   *[other] { $cards } Karten
}
# Ein Spiel, das die Spieloption des Befehls vorschlägt: seine Nummer, dann wann, Edition und Spieler.
replay-game-choice = #{ $game } · { $label }

## /wizard record: das Protokoll und der Spielblock.

replay-record-ready = Spiel { $game }: sein Protokoll (jede ausgeteilte Karte, jede Vorhersage und jede gespielte Karte, und die Punkte) und sein Spielblock. Jeder kann das Protokoll mit `python bot.py replay DATEI` prüfen.
replay-record-file-description = Das Protokoll von Spiel { $game } (JSON)
replay-sheet-file-description = Der Spielblock von Spiel { $game } (CSV)
replay-csv-round = Runde
replay-csv-cards = Karten
replay-csv-dealer = Geber
replay-csv-trump = Trumpf
replay-csv-bid = { $name }: Vorhersage
replay-csv-won = { $name }: Stiche
replay-csv-points = { $name }: Punkte
replay-csv-total = { $name }: Summe
replay-csv-place = Platz
