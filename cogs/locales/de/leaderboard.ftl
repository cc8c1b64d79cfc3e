### Die privaten Antworten der Bestenliste: /wizard leaderboard, stats, history (mit den Spielblöcken),
### /wizard forget-me und die Rückfragen, Ergebnisse und Absagen von /wizard-admin.

## Sortierungen und Zeiträume: der Titel der Bestenliste und die Feldnamen der Statistik.

lb-sort-rating = Wertung
lb-sort-wins = Siege
lb-sort-winrate = Siegquote
lb-sort-average = Punkteschnitt
lb-sort-accuracy = Treffsicherheit der Vorhersagen
lb-period-all = Gesamt
lb-period-month = Dieser Monat
lb-period-week = Diese Woche
# Der Zeitraum mit seinem ersten Tag ($date so geschrieben, wie die Sprache Daten schreibt).
lb-period-since-month = Dieser Monat (seit { $date }, UTC)
lb-period-since-week = Diese Woche (seit Montag, { $date }, UTC)

## Eine Seite der Bestenliste.

lb-board-title = Wizard-Bestenliste · { $sort } · { $period }
lb-board-empty = Auf diesem Server gibt es in diesem Zeitraum noch keine beendeten Spiele.
# Markiert die eigene Zeile des Lesers auf der Seite.
lb-board-me-marker = ◀ du
# Das Feld mit der eigenen Zeile, wenn sie auf einer anderen Seite steht.
lb-board-you = Du
lb-board-you-none = Du hast in diesem Zeitraum keine beendeten Spiele.
lb-board-page = Seite { $page }/{ $pages }
lb-board-provisional-note = ? = vorläufige Wertung (weniger als { $min } gewertete Spiele)
lb-board-rate-note = wer im Zeitraum weniger als { $min } Spiele hat, steht hinter den anderen
lb-board-current-ratings = Wertungen sind die aktuellen
lb-players = { $count ->
    [one] { $count } Spieler
   *[other] { $count } Spieler
  }

## Die Zahlen einer Zeile der Bestenliste ($rate ist ein Anteil: 0,25 wird als 25 % gezeigt).

lb-figure-rating = Wertung { NUMBER($rating, useGrouping: 0) }
# Eine Wertung, die auf zu wenigen Spielen beruht: mit „?“ markiert.
lb-figure-rating-provisional = Wertung { NUMBER($rating, useGrouping: 0) }?
lb-figure-wins = { $count ->
    [one] { $count } Sieg
   *[other] { $count } Siege
  }
lb-figure-winrate = { NUMBER($rate, style: "percent") } gewonnen
lb-figure-average = Ø { NUMBER($average, minimumFractionDigits: 1, maximumFractionDigits: 1) }
lb-figure-accuracy = Vorhersagen { NUMBER($rate, style: "percent") } genau
lb-figure-games = { $count ->
    [one] { $count } Spiel
   *[other] { $count } Spiele
  }

## Die Statistik eines Mitglieds.

lb-stats-title = Wizard-Statistik · { $name }
lb-stats-description = { $member } auf diesem Server, insgesamt.
lb-stats-games = Spiele
lb-stats-wins-shared = { $wins } ({ $shared } geteilt)
lb-percent = { NUMBER($rate, style: "percent") }
lb-average = { NUMBER($average, minimumFractionDigits: 1, maximumFractionDigits: 1) }
lb-stats-best = Bestes Ergebnis
lb-stats-accuracy = { NUMBER($rate, style: "percent") } ({ $exact } von { $rounds ->
    [one] { $rounds } Runde
   *[other] { $rounds } Runden
  } genau)
lb-rating = { NUMBER($rating, useGrouping: 0) }
lb-stats-provisional = { NUMBER($rating, useGrouping: 0) } (vorläufig: { $games } von { $min ->
    [one] { $min } gewerteten Spiel
   *[other] { $min } gewerteten Spielen
  })
lb-stats-unrated = { $count ->
    [one] 1 Spiel
   *[other] { $count } Spiele
  } nicht gewertet: Ein Spiel wird gewertet, wenn mindestens { $members } Mitglieder mitspielen.
lb-stats-rank = Platz { $rank } von { $players } nach Wertung
lb-stats-trend = { $count ->
    [one] Trend des letzten gewerteten Spiels
   *[other] Trend der letzten { $count } gewerteten Spiele
  }
lb-stats-hand-sizes = Treffsicherheit nach Kartenzahl
# Eine Zeile der Tabelle nach Kartenzahl: „12 Karten  30/80  38 %“.
lb-stats-hand-cards = { $count ->
    [one] Karte
   *[other] Karten
  }

## Eine Seite des Spielverlaufs, ihr Menü und ihre Knöpfe.

lb-history-title = Wizard-Spielverlauf
lb-history-none = { $member } hat auf diesem Server noch keine beendeten Spiele.
lb-history-no-older = Keine älteren Spiele.
lb-history-heading = Spiele von { $member } auf diesem Server:
# Der Platz eines Mitglieds in einem Spiel ($place), von 1 bis 6.
lb-place = { $place }.
# Das Ergebnis eines Mitglieds in einem Spiel: $place so, wie lb-place ihn schreibt.
lb-history-result = **{ $place } Platz** mit { $score }
lb-history-result-plain = { $place } Platz mit { $score }
lb-history-erased = { $count } gelöscht
lb-history-footer = Seite { $page } · neueste zuerst · wähle unten ein Spiel für seinen Spielblock
# same in both
lb-when = { $date }, { $time } UTC
lb-edition-classic = Klassisch
# same in both
lb-edition-camelot = Camelot
lb-pick-game = Spielblock eines Spiels zeigen
lb-newer = ◀ Neuere
lb-older = Ältere ▶
lb-back-to-games = ◀ Zurück zu den Spielen

## Ein Spielblock.

lb-sheet-title = Spielblock · { $edition } · { $when }
# Die Spalte eines Spielers im Spielblock, nach Sitzplatz: S1, S2 …
lb-sheet-seat = S{ $seat }
lb-sheet-player = { $label } { $name }: **{ $place } Platz** mit { $score }
lb-sheet-erased = { $count ->
    [one] Die Daten von { $count } Spieler wurden gelöscht.
   *[other] Die Daten von { $count } Spielern wurden gelöscht.
  }
# Die Legende der Codeblöcke eines Spielblocks: die erste Spalte (#) ist die Nummer der Runde; lb-sheet-key,
# wenn jede Runde so viele Karten austeilt wie ihre Nummer, lb-sheet-key-cards, wenn eine Spalte (n) sie nennt.
lb-sheet-key = Jede Runde (# = ihre Nummer und Kartenzahl): Vorhersage/Stiche und der laufende Punktestand; - keine Vorhersage.
lb-sheet-key-cards = Jede Runde (# = ihre Nummer, n = ausgeteilte Karten): Vorhersage/Stiche und der laufende Punktestand; - keine Vorhersage.
# Ein Spieler, den Nannies Regel ausgeschieden hat, in den Runden danach.
lb-sheet-out = raus

## Computerspieler, wie der Tisch sie zeigte.

# same in both
lb-computer = Computer
lb-level-easy = Leicht
lb-level-medium = Mittel
lb-level-hard = Schwer

## Die Knöpfe einer Seite der Bestenliste.

lb-previous = ◀ Zurück
lb-next = Weiter ▶
lb-my-place = Mein Platz

## Absagen.

lb-only-in-a-server = Das geht nur auf einem Server.
lb-choose-from-lists = Wähle eine Sortierung und einen Zeitraum aus den Listen.
lb-stats-none-you = Du hast auf diesem Server noch keine beendeten Wizard-Spiele.
lb-stats-none-member = { $member } hat auf diesem Server noch keine beendeten Wizard-Spiele.
lb-game-gone = Dieses Spiel ist nicht mehr in den Daten dieses Servers.
lb-pick-one-game = Wähle ein Spiel aus der Liste.

## Daten löschen nach einer Rückfrage.

lb-only-the-asker = Nur wer gefragt hat, kann das beantworten.
lb-need-manage-server = Dafür brauchst du die Berechtigung „Server verwalten“; es wurde nichts gelöscht.
lb-nothing-erased = Es wurde nichts gelöscht.
lb-no-answer = Keine Antwort: Es wurde nichts gelöscht.
lb-keep-everything = Alles behalten
lb-forget-question = **Deine** Wizard-Daten auf **diesem Server** löschen: Ergebnisse, Spielblöcke, Statistik und Wertung? Andere Server behalten ihre (führ den Befehl dort auch aus), die anderen Spieler behalten ihre eigenen Ergebnisse, und Spiele, die du später beendest, werden wieder gespeichert. Das lässt sich nicht rückgängig machen.
lb-forget-button = Meine Daten löschen
lb-forget-done = Erledigt: Deine Daten aus { $count ->
    [one] { $count } Spiel
   *[other] { $count } Spielen
  } auf diesem Server wurden gelöscht.
lb-reset-question = Die Wizard-Bestenliste dieses Servers zurücksetzen? Alle Ergebnisse, Spielblöcke, Statistiken und Wertungen aller Mitglieder auf **diesem Server** werden gelöscht. Das lässt sich nicht rückgängig machen.
lb-reset-button = Bestenliste zurücksetzen
lb-reset-done = Erledigt: Die Bestenliste wurde zurückgesetzt; die Daten aus { $count ->
    [one] { $count } Spiel
   *[other] { $count } Spielen
  } wurden gelöscht.
lb-remove-question = Die Wizard-Daten von { $member } auf **diesem Server** löschen: Ergebnisse, Spielblöcke, Statistik und Wertung? Die anderen Spieler behalten ihre eigenen Ergebnisse. Das lässt sich nicht rückgängig machen.
lb-remove-button = Daten des Mitglieds löschen
lb-remove-done = Erledigt: Die Daten von { $member } aus { $count ->
    [one] { $count } Spiel
   *[other] { $count } Spielen
  } auf diesem Server wurden gelöscht.

## Saisons und Übungsspiele.

# Die Tabelle einer Saison, deren Wertungen mit der Saison bei null begannen.
lb-board-season-ratings = Wertungen nur dieser Saison
# Die Tabelle einer beendeten Saison mit Gesamtwertungen: so, wie sie nach dem letzten Spiel jedes Spielers in ihr standen.
lb-board-ratings-at-end = Wertungen, wie sie nach dem letzten Spiel jedes Spielers in der Saison standen
lb-period-or-season = Wähle einen Zeitraum oder eine Saison, nicht beides.
lb-season-gone = Diese Saison ist nicht in den Daten dieses Servers.
# $season: der Name einer Saison.
lb-stats-none-you-season = Du hast in der Saison { $season } keine beendeten Wizard-Spiele. `saison: Alle Spiele` zeigt alle deine Spiele.
lb-stats-none-member-season = { $member } hat in der Saison { $season } keine beendeten Wizard-Spiele.
# Ein Spiel mit dem Trainer: im Spielverlauf, aber in keiner Wertung, Tabelle und keinem Rekord.
lb-history-practice = 🎓 Übung (mit Trainer), nicht gewertet
