### Die Lobby: ein neuer Tisch im Kanal, bevor das Spiel beginnt.

lobby-title = { $edition }: ein neuer Tisch
lobby-description = Gastgeber: { $host }. Drück **Mitspielen**, um dich an den Tisch zu setzen; der Gastgeber kann Computer dazusetzen und drückt **Starten**, sobald { $min } bis { $max } Spieler da sind. Die Karten kommen per Direktnachricht.
lobby-players = Spieler ({ $count }/{ $max })
lobby-nobody = noch niemand
lobby-computers = Computerspieler
lobby-level-help-easy = sagt vorher, was seine Karten wert scheinen, und spielt einfach.
lobby-level-help-medium = wägt seine Vorhersage an ausgelosten Verteilungen ab; spielt einfach.
lobby-level-help-hard = wägt seine Vorhersage und jede Karte an ausgelosten Verteilungen ab.
lobby-rules = Regeln: { $rules }
lobby-no-house-rules = Keine Hausregeln: die veröffentlichten Regeln.
lobby-nannie-third = Nannies Regel: Jemand scheidet nach jeder dritten Runde aus.
lobby-footer = Ein Tisch ohne Betrieb schließt sich nach { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
} von selbst.
lobby-closed-title = { $edition }: Tisch geschlossen
lobby-cancelled-by = Abgebrochen von { $name }.
lobby-left-closed = { $name } ist gegangen; der Tisch ist geschlossen.
lobby-timed-out = Nach { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
} ohne Betrieb geschlossen.

## Knöpfe und Menüs

lobby-button-join = Mitspielen
lobby-button-leave = Aufstehen
lobby-button-start = Starten
lobby-button-cancel = Abbrechen
lobby-button-remove-computer = Einen Computer entfernen
lobby-button-add-computer = + Computer ({ $level })
lobby-button-coach-off = 🎓 Trainer: aus
lobby-button-coach-on = 🎓 Trainer: an
lobby-coach-title = 🎓 Trainer an: eine Übungspartie
lobby-coach-on = Die Hand jedes Mitglieds bekommt einen 💡 Tipp-Knopf, der privat sagt, was der schwere Computer tun würde, und nach jeder Runde, was er angesagt hätte. Die Partie wird nicht gewertet.
lobby-refusal-host-coach = Nur der Gastgeber, { $host }, kann den Trainer an- oder ausschalten.
lobby-menu-edition = Edition (Gastgeber)…
lobby-menu-preset = Mit einer Vorlage beginnen (Gastgeber)…
lobby-menu-variants = Hausregeln (Gastgeber)…

## Ablehnungen

lobby-refusal-full = Dieser Tisch ist voll ({ $max } Spieler).
lobby-refusal-held = Die Spieler der letzten Partie bekommen die ersten Plätze: { $count ->
    [one] ein Platz bleibt für einen von ihnen frei
   *[other] { $count } Plätze bleiben für sie frei
} bis <t:{ $time }:R>.
lobby-refusal-seated = Du sitzt schon an diesem Tisch.
lobby-refusal-no-seat = Du sitzt nicht an diesem Tisch.
lobby-refusal-host-computers = Nur der Gastgeber, { $host }, kann Computer dazusetzen oder entfernen.
lobby-refusal-host-rules = Nur der Gastgeber, { $host }, kann die Regeln wählen.
lobby-refusal-host-start = Nur der Gastgeber, { $host }, kann das Spiel starten.
lobby-refusal-level = Das ist keine Computerstufe: Wähle Leicht, Mittel oder Schwer.
lobby-refusal-no-computer = An diesem Tisch sitzt kein Computer.
lobby-refusal-edition = Das ist keine Edition: Wähle Klassisch oder Camelot.
lobby-refusal-preset = Das ist keine der Vorlagen.
lobby-refusal-variants = Das ist keine Liste der Hausregeln dieses Bots.
lobby-refusal-rules = { $reason } Es wurde nichts geändert.
lobby-refusal-too-few = Wizard braucht { $min } bis { $max } Spieler; { $count ->
    [one] 1 ist
   *[other] { $count } sind
} dabei.
lobby-refusal-start = { $reason } Ändere die Regeln oder die Spieler und starte dann.
lobby-refusal-cancel = Nur der Gastgeber oder jemand mit „Server verwalten“ kann diesen Tisch abbrechen.
lobby-refusal-exists = In diesem Kanal gibt es schon einen Tisch: { $link }. Beende oder schließe ihn zuerst.
lobby-refusal-exists-here = In diesem Kanal gibt es schon einen Tisch. Beende oder schließe ihn zuerst.
