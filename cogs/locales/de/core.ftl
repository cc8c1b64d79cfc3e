### Die Wörter des Regelkerns: seine Ablehnungen (jede ein Satz), die Namen der Sonderkarten und die Züge.

## Wer am Zug ist.

core-not-your-turn = Gerade ist { $name } am Zug.
core-seat-not-at-table = Platz { $seat } gibt es an diesem Tisch nicht.
core-player-out = { $name } ist aus dem Spiel ausgeschieden.
core-saboteur-dealer-does-not-bid = { $name } gibt in dieser Runde und macht keine Vorhersage ({ variant-saboteur-name }).
core-already-bid = { $name } hat schon eine Vorhersage gemacht.
core-say-who-bids = Jetzt sagen alle gleichzeitig vorher: Gib an, wer die Vorhersage macht.

## Die Phase des Spiels. $action ist einer der Züge unten (core-action-…).

core-game-over = Das Spiel ist vorbei.
core-choose-trump-first = Zuerst muss { $name } die Trumpffarbe wählen: ♠, ♥, ♦ oder ♣.
core-time-to-bid = Jetzt wird vorhergesagt, du kannst gerade nicht { $action }.
core-time-to-play = Jetzt wird eine Karte gespielt, du kannst gerade nicht { $action }.
# $what ist der Code oder Wert des Zugs, wie das Programm ihn geschrieben hat.
core-not-an-action = { $what } ist kein Spielzug.

## Vorhersagen.

core-bid-out-of-range = Vorhersagen gehen von 0 bis { $size }.
core-bid-beyond-limit = Eine Vorhersage ist eine Zahl von Stichen von 0 bis { $most }, nicht { $bid }.
core-bid-adds-up = { variant-no-even-bids-name }: Mit einer Vorhersage von { $bid } ergäben alle Vorhersagen zusammen { $size }, genau die Zahl der Stiche.
core-bid-adds-up-canadian = { variant-canadian-name }: Du führst nach Punkten, also darfst du als Geber die Vorhersagen nicht auf { $size } bringen, die Zahl der Stiche (eine Vorhersage von { $bid } täte das); eine Vorhersage von 0 verbietet diese Regel nie.
core-bid-adds-up-hardcore = { variant-hardcore-name }: Ab 4 Karten darf der Geber die Vorhersagen nicht auf { $size } bringen, die Zahl der Stiche (eine Vorhersage von { $bid } täte das).

## Eine Karte spielen. $card ist eine Karte wie in den Regeln (10♥) oder der Name einer Sonderkarte; $suit das Zeichen einer Farbe.

core-card-not-in-hand = Diese Karte hast du nicht: { $card }.
core-must-follow = Du musst { $suit } bedienen: Spiel eine { $suit }-Karte oder eine Sonderkarte, nicht { $card }.
core-play-unseen = In der Stirnkarten-Runde sieht niemand die eigene Karte: Spiel sie ungesehen aus, statt sie zu nennen.
core-play-a-seen-card = Du siehst deine Karten: Spiel eine davon.
core-merlin-not-declared = Sag beim Ausspielen an, ob Merlin als Zauberer oder als Narr zählt.
core-only-merlin-is-declared = Nur Merlin wird angesagt: { $card } wird ohne Ansage gespielt.

## Rufe im Smyrna-Stil. $call ist "gizzard" oder "fester".

core-unknown-call = Die Rufe heißen 'gizzard' und 'fester', nicht { $what }.
core-call-not-played = { $call ->
    [gizzard] Gizzard
   *[fester] Fester
} zu rufen gehört zum Smyrna-Stil, und den spielt dieser Tisch nicht.
core-call-in-forehead-round = In der Stirnkarten-Runde zählen Zauberer und Narren als das, was sie sind: Es gibt nichts zu rufen.
core-already-called = Du hast schon { $call ->
    [gizzard] Gizzard
   *[fester] Fester
} gerufen: Spiel jetzt deine Karte.
core-call-without-card = { $call ->
    [gizzard] Gizzard rufst du, um einen Zauberer zu spielen, und du hast keinen Zauberer.
   *[fester] Fester rufst du, um einen Narren zu spielen, und du hast keinen Narren.
}

## Die Regeln eines Tisches. $first, $second und $schedule sind Namen von Hausregeln.

core-player-count = Wizard spielen { $least } bis { $most } Spieler, nicht { $players }.
core-player-needs-name = Jeder Spieler braucht einen Namen.
core-unknown-edition = Unbekannte Edition { $what }: Wähle classic oder camelot.
core-no-variant-called = Eine Variante namens { $what } gibt es nicht.
core-variant-does-not-exist = Die Variante { $what } gibt es nicht.
core-needs-last-bidder = „{ $first }“ lässt sich nicht mit „{ $second }“ kombinieren: „{ $first }“ braucht jemanden, der als Letzter vorhersagt, und bei „{ $second }“ sagen alle gleichzeitig vorher.
core-needs-last-bidder-saboteur = „{ $first }“ lässt sich nicht mit „{ $second }“ kombinieren: „{ $first }“ braucht jemanden, der als Letzter vorhersagt, und bei „{ $second }“ macht der Geber keine Vorhersage.
core-two-schedules = „{ $first }“ lässt sich nicht mit „{ $second }“ kombinieren: Beide legen fest, wie viele Karten jede Runde gegeben werden.
core-forehead-with-maximus = Die { variant-forehead-name } lässt sich nicht mit „{ variant-maximus-name }“ kombinieren: Maximus hat keine Runde mit 1 Karte.
core-forehead-needs-one-card-round = Die { variant-forehead-name } lässt sich bei { $players } Spielern nicht mit „{ $schedule }“ kombinieren: „{ $schedule }“ hat bei { $players } Spielern keine Runde mit 1 Karte.
core-nannie-every = Bei „{ variant-nannie-name }“ scheidet nach jeder 2. oder nach jeder 3. Runde jemand aus.
core-nannie-every-without-nannie = Ausscheiden nach jeder 3. Runde ist eine Option von „{ variant-nannie-name }“, und diese Regel ist aus.

## Die Sonderkarten (Farbkarten stehen wie in den Regeln: 10♥, Q♠).

core-card-wizard = Zauberer
core-card-jester = Narr
# same in both
core-card-merlin = Merlin
# same in both
core-card-excalibur = Excalibur
# same in both
core-card-morgan = Morgan le Fay
core-card-grail = Heiliger Gral

## Züge, wie man sie sagt („10♥ spielen“); eine Ablehnung zitiert sie.

core-action-play = { $card } spielen
core-action-play-merlin = { $declared ->
    [wizard] { $card } als Zauberer spielen
   *[jester] { $card } als Narr spielen
}
core-action-bid = { $tricks } vorhersagen
core-action-trump = { $suit } als Trumpf wählen
core-action-call = { $call ->
    [gizzard] Gizzard! rufen
   *[fester] Fester! rufen
}
core-action-play-hidden = deine ungesehene Karte spielen
