### Der Spieltisch im Kanal: die Tischnachricht, die Punkte jeder Runde und der Endstand.

## Karten, Farben und Editionen

table-suit-spades = Pik
table-suit-hearts = Herz
table-suit-diamonds = Karo
table-suit-clubs = Kreuz
table-played-as-wizard = { $card } (als Zauberer)
table-played-as-jester = { $card } (als Narr)
# same in both
table-edition-title-classic = Wizard
# same in both
table-edition-title-camelot = Wizard Camelot

## Wörter, die an vielen Stellen vorkommen

table-place = { $form ->
   *[other] { $place }.
}
table-list-and = { $first } und { $last }
table-column-player = Spieler
table-column-bid = Vorh.
table-column-won = Stiche
table-column-total = Gesamt
table-column-points = Punkte
table-tag-dealer = G
table-tag-you = du
table-tag-saboteur = Saboteur
table-tag-out = raus

## Die Tischnachricht

table-title = { $edition } · Runde { $round }/{ $rounds } · je { $cards ->
    [one] 1 Karte
   *[other] { $cards } Karten
}
table-game-over = **Spiel vorbei**
table-status-bids-from = ► Warten auf die Vorhersagen von { $names } (0 bis { $max })
table-status-waiting = ► Warten auf { $names }
table-status-choose-trump = ► **{ $name }** wählt die Trumpffarbe
table-status-bid = ► **{ $name }** sagt Stiche vorher (0 bis { $max })
table-status-play = ► **{ $name }** spielt eine Karte
table-countdown = ⏳ Zeit läuft ab: <t:{ $time }:R>.
table-call = 📣 **{ $name }** hat { $call } gerufen!
table-dealer-line = **Geber:** { $name }
table-trump-line = **Trumpf:** { $trump }
table-null-tricks-line = **Nullstiche in dieser Runde:** { $count }
table-trump-choosing = der Geber wählt (aufgedeckt: { $card })
table-trump-none-left = kein Trumpf (keine Karte mehr zum Aufdecken)
table-trump-none = kein Trumpf (aufgedeckt: { $card })
table-trump-chosen = { $suit } (vom Geber gewählt; aufgedeckt: { $card })
table-trump-turned-up = { $suit } (aufgedeckt: { $card })
table-variants = **Hausregeln:** { $names }
table-saboteur = 🕵️ **Saboteur:** **{ $name }** gibt, sagt nichts vorher und bekommt { $points } Punkte.
table-bids-secret-until-last-trick = Die Vorhersagen bleiben geheim ({ $mark }), bis der letzte Stich der Runde gespielt ist.
table-bids-secret-until-all-bid = Die Vorhersagen bleiben geheim ({ $mark }), bis alle vorhergesagt haben.
table-third-time-round = 🙈 **Blinde Runde:** Alle sagen vorher, ohne ihre Karten zu sehen.
table-forehead-round = 🙈 **Stirnrunde:** Alle sehen die Karten der anderen, nur die eigene nicht.
table-out-nannie = **Ausgeschieden (Nannies Regel):** { $names }
table-current-trick = Aktueller Stich
table-last-trick = Letzter Stich ({ $number } von { $tricks })
table-trick-no-card = Noch keine Karte: **{ $leader }** spielt aus.
table-trick-null = Nullstich: Er zählt für niemanden.
table-trick-taken = Der Stich geht an **{ $name }**.

## Die Punkte einer Runde

table-summary-title = Runde { $round } gewertet · je { $cards ->
    [one] 1 Karte
   *[other] { $cards } Karten
}
table-summary-null-tricks = **Nullstiche:** { $count } (sie zählen für niemanden)
table-summary-all-null = Jeder Stich war ein Nullstich: In dieser Runde ändern sich keine Punkte.
table-summary-saboteur = **{ $name }** hat als Saboteur gegeben: keine Vorhersage, { $points } Punkte.
table-summary-eliminated = { $mark } Ausgeschieden (Nannies Regel, niedrigster Gesamtstand): { $names }

## Der Endstand

table-final-title = Spiel vorbei · { $edition }
table-practice = 🎓 Übungspartie mit Trainer: nicht gewertet.
table-final-shared-win = Geteilter Sieg: { $names } mit je { $points } Punkten
table-final-winner = { $name } gewinnt mit { $points } Punkten
table-final-no-winner = Niemand gewinnt
# same in both
table-final-place = **{ $place }** { $name }: { $total }
table-final-place-out = **{ $place }** { $name }: { $total } (nach Runde { $round } ausgeschieden)
table-final-running = **Gesamtstand nach jeder Runde**
table-final-running-legend = (T = Trumpf)
# same in both
table-history-trump-column = T

## Plätze

table-level-easy = Leicht
table-level-medium = Mittel
table-level-hard = Schwer
# same in both
table-computer-label = 🤖 { $name } ({ $level })
table-away-label = { $name } (🤖 weg)

## Knöpfe des Tisches

table-button-show-hand = Meine Karten zeigen
table-button-take-back = Meinen Platz zurücknehmen
table-button-play-again = Nochmal spielen
table-button-yes-end = Ja, beenden
table-button-yes-leave = Ja, aufhören
table-button-keep-playing = Weiterspielen

## Was der Tisch im Kanal sagt

table-first-dealer = { $name } hat die höchste Karte gezogen und gibt zuerst.
table-hands-in = ✋ Hände auf den Tisch, bei drei… 3 · 2 · 1! Vorhersagen in Runde { $round }: { $bids }
table-moved = ⬇️ Dieser Tisch ist ans Ende des Kanals umgezogen: { $url }
table-ping-bid = { $mention }, du bist mit deiner Vorhersage dran: Drück **Meine Karten zeigen**.
table-ping-play = { $mention }, du bist mit einer Karte dran: Drück **Meine Karten zeigen**.
table-ping-trump = { $mention }, du wählst jetzt Trumpf: Drück **Meine Karten zeigen**.
table-reminder-ping = { $mention }, ⏰ noch { $left } für deinen Zug: Drück **Meine Karten zeigen**.
table-dms-closed = { $mention }, ich kann dir keine Direktnachrichten schicken, also liegen deine Karten am Tisch: Drück **Meine Karten zeigen** (oder nutze `/wizard { command-hand-name }`), wann immer du sie brauchst.
table-timed-out = ⏱️ Die Zeit von { $name } ist abgelaufen, also hat ein Computer den Zug gespielt.
table-timed-out-twice = ⏱️ Die Zeit von { $name } ist zweimal hintereinander abgelaufen: Ein Computer spielt für { $name }, bis { $name } **Meinen Platz zurücknehmen** drückt.
table-everyone-away = Jetzt sind alle weg, also wartet das Spiel, bis jemand seinen Platz zurücknimmt.
table-left-notice = { $name } ist gegangen; ab jetzt spielt ein Computer den Platz.
table-stand-in-name = Vertretung für { $name }
table-ended-by = { $name } hat das Spiel beendet.
table-no-results = Es wurden keine Ergebnisse gespeichert.
table-set-aside = ⚠️ Der Wizard-Tisch in diesem Kanal ließ sich nach dem Neustart des Bots nicht wiederherstellen (sein gespeicherter Stand ist beschädigt), also wurde er geschlossen. Nichts wurde gespeichert; starte mit `/wizard { command-new-name }` einen neuen.

## Direktnachrichten, die der Bot von sich aus schickt

table-reminder = ⏰ Du bist immer noch dran am Wizard-Tisch in <#{ $channel }> ({ $url }): noch { $left }, dann spielt ein Computer für dich.
table-timed-out-dm = Deine Zeit am Wizard-Tisch in <#{ $channel }> ist zweimal hintereinander abgelaufen, also spielt ein Computer deinen Platz. Drück den Knopf, wann immer du ihn zurückhaben willst.

## Private Antworten

table-question-end = Das Spiel für alle beenden? Es werden keine Ergebnisse gespeichert.
table-question-leave = Aus dem Spiel aussteigen? Ein Computer übernimmt deinen Platz und spielt ihn zu Ende, und das Spiel zählt nicht für dich.
table-nothing-changed = Nichts geändert; das Spiel geht weiter.
table-you-left = Du bist ausgestiegen; ein Computer spielt deinen Platz zu Ende.
table-ended = Das Spiel ist beendet.
table-welcome-back = Willkommen zurück: Dein Platz gehört wieder dir.
table-welcome-back-show-hand = Drück am Tisch **Meine Karten zeigen** für deine Karten und ihre Knöpfe.
table-welcome-back-dm = Deine Karten mit ihren Knöpfen kommen in einer neuen Direktnachricht.
table-welcome-back-your-turn = Du bist dran.
table-seat-at-new-table = Du hast einen Platz am neuen Tisch: { $url }

## Ablehnungen

table-refusal-no-longer-open = Dieser Tisch ist nicht mehr offen: Sein Spiel ist vorbei oder wurde abgebrochen.
table-refusal-out-of-date = Diese Nachricht ist veraltet: Der Tisch ist schon weiter.
table-refusal-moved = Dieser Tisch wurde gerade innerhalb des Bots übergeben: Nichts wurde geändert. Klicke gleich noch einmal.
table-refusal-busy = Der Bot ist mit diesem Tisch beschäftigt und kam nicht rechtzeitig zu deinem Klick: Nichts wurde geändert. Versuche es in ein paar Sekunden noch einmal.
table-refusal-unsure = Dein Klick ließ sich nicht bestätigen (der Bot hat kurz die Verbindung zu seiner Datenbank verloren): Sieh am Tisch nach, ob er gezählt hat, bevor du noch einmal klickst.
table-refusal-elsewhere = Dieser Knopf funktioniert nur im Kanal seines Tisches.
table-refusal-not-playing = Du spielst an diesem Tisch nicht mit.
table-refusal-changed-elsewhere = Dieser Tisch wurde inzwischen anderswo geändert, also wurde nichts geändert. Bitte versuch es noch einmal.
table-refusal-away = Ein Computer spielt deinen Platz, weil deine Zeit zweimal hintereinander abgelaufen ist. Drück am Tisch **Meinen Platz zurücknehmen**, um wieder selbst zu spielen.
table-refusal-earlier-round = Diese Karten sind aus einer früheren Runde. Deine Karten für diese Runde sind in deiner neuesten Direktnachricht, oder drück am Tisch **Meine Karten zeigen**.
table-refusal-earlier-round-show = Diese Karten sind aus einer früheren Runde: Drück am Tisch **Meine Karten zeigen** für die Karten dieser Runde.
table-refusal-moved-since = Du hast seit diesen Karten schon gespielt, dieser Knopf ist also veraltet (ein Doppelklick?). Deine Karten, wie sie jetzt sind, stehen in deiner neuesten Kartennachricht, oder drück am Tisch **Meine Karten zeigen**.
table-refusal-seat-yours = Dein Platz gehört schon dir: Kein Computer spielt für dich.
table-refusal-end = Nur der Gastgeber oder jemand mit „Server verwalten“ kann dieses Spiel beenden.
table-refusal-new-game-under-way = Hier läuft schon ein neues Spiel: { $url }.
table-refusal-new-table-moved-on = Der neue Tisch dieses Kanals ist schon weiter: { $url }.

## Wörter in Bildern (kurz: Sie stehen auf wenig Platz)

pic-trump-heading = TRUMPF
pic-no-turned-up = keine
pic-dealer-picks = Geber wählt
pic-no-trump = Kein Trumpf
pic-no-cards = Keine Karten
pic-you = Du
pic-badge-as-wizard = als Zauberer
pic-badge-as-jester = als Narr
pic-chart-title = Gesamtstand nach jeder Runde
pic-chart-round = Runde
pic-chart-final = Endstand
pic-detail-out = raus
pic-detail-won = { $won } gewonnen
pic-detail-saboteur = Saboteur
pic-detail-won-saboteur = { $won } gewonnen, Saboteur
pic-detail-won-secret = Vorhersage ? · { $won } gewonnen
pic-detail-has-bid = hat vorhergesagt
pic-detail-no-bid = noch keine Vorhersage
pic-detail-bid = Vorhersage { $bid }
pic-detail-won-of = Vorhersage { $bid } · { $won } gewonnen
pic-heading-trick = Stich { $number } von { $tricks }
pic-heading-first-trick = Stich 1 von { $tricks }: { $name } spielt aus
pic-heading-trick-won = Stich { $number } von { $tricks } geht an { $name }
pic-heading-trick-null = Stich { $number } von { $tricks } war ein Nullstich
pic-heading-last-won = Spiel vorbei: Der letzte Stich geht an { $name }
pic-heading-last-null = Spiel vorbei: Der letzte Stich war ein Nullstich
pic-heading-picks-trump = Runde { $round }: { $name } wählt Trumpf
pic-heading-bidding = Runde { $round }: Vorhersagen
pic-heading-game-over = Spiel vorbei

## Was Bilder zeigen, in Worten (Alternativtext für Screenreader)

pic-alt-no-trump = kein Trumpf
pic-alt-trump = Trumpf { $suit }
pic-alt-hand = Deine Karten ({ $trump }): { $cards }
pic-alt-hand-marked = Deine Karten ({ $trump }, { $mark } markiert eine Trumpfkarte): { $cards }
pic-alt-hand-empty = Deine Karten: keine
pic-alt-hand-face-down = Deine Karten: { $count ->
    [one] 1 Karte
   *[other] { $count } Karten
}, verdeckt: Du darfst sie noch nicht ansehen
pic-alt-forehead-face-down = Die Karten der anderen ({ $trump }); deine eigene Karte liegt verdeckt. { $cards }
pic-alt-forehead-not-shown = Die Karten der anderen ({ $trump }); deine eigene Karte ist nicht zu sehen. { $cards }
pic-alt-play-any = du darfst jede Karte spielen
pic-alt-play-some = du darfst spielen: { $cards }
pic-alt-table = Der Tisch: { $heading }. { $trump }. { $players }
pic-alt-table-trump = Trumpf { $suit }
pic-alt-turned-up = { $trump } (aufgedeckt: { $card })
# same in both
pic-alt-slot = { $name }: { $shown } ({ $detail })
pic-alt-to-act = ist dran
pic-alt-no-card = keine Karte
pic-alt-as-wizard = { $card } als Zauberer
pic-alt-as-jester = { $card } als Narr
pic-alt-won-trick = { $card }, hat den Stich gewonnen
pic-alt-card-to-act = { $card }, ist dran
pic-alt-chart = Diagramm des Endstands, Gesamtstand über { $rounds ->
    [one] 1 Runde
   *[other] { $rounds } Runden
}: { $standings }
