### Saisons und Serverrekorde: /wizard season start, end und show, die Option season:, die Nachricht
### über eine beendete Saison im Kanal, den die Verwalter gewählt haben, und /wizard stats server.

## Eine Saison in Worten ($name: ihr Name; der einer Monatssaison ist ihr Monat, „März 2026“).

season-all-time = Alle Spiele
# Ein Eintrag der Liste der Option season:: die laufende Saison.
season-choice-running = { $name } (läuft)
season-line-running = Saison **{ $name }**, seit { $since }
season-line-until = Saison **{ $name }**, { $since } bis { $until } (UTC)
season-line-ended = Saison **{ $name }**, { $since } bis { $until } (beendet)
season-champion = Sieger: { $member } 🏆
season-champion-none = In dieser Saison hat niemand gespielt.
season-fresh-ratings = Die Wertungen dieser Saison begannen bei null; die Gesamtwertungen liefen weiter.

## /wizard season show und die Nachricht über eine beendete Saison.

season-title = Wizard-Saison: { $name }
season-board-empty = In dieser Saison gibt es noch keine beendeten Spiele.
season-footer = { $count ->
    [one] { $count } Spieler
   *[other] { $count } Spieler
  } · nach Wertung
season-over-title = Die Saison { $name } ist vorbei
season-over-see-more = Die ganze Tabelle: `/wizard season show`.

## Antworten an die Verwalter und Absagen.

season-started = Die Saison **{ $name }** hat begonnen: Jedes beendete Spiel zählt in ihr, bis du sie mit `/wizard season end` beendest.
# $date: der letzte Tag der Saison.
season-started-until = Die Saison **{ $name }** hat begonnen: Jedes beendete Spiel zählt in ihr, bis einschließlich { $date } (UTC).
season-ended = Die Saison **{ $name }** ist beendet; ihre Tabelle und ihr Sieger bleiben erhalten.
season-refused-running = Die Saison **{ $name }** läuft noch: Beende sie zuerst mit `/wizard season end`.
season-refused-none-running = Auf diesem Server läuft keine Saison.
season-refused-name-taken = Dieser Server hatte schon eine Saison mit diesem Namen. Wähle einen anderen.
season-refused-name = Der Name einer Saison hat 1 bis { $limit } Zeichen.
season-refused-name-reserved = Diesen Namen braucht die Option season: selbst: Wähle einen Namen mit Buchstaben.
season-refused-ends-past = Eine Saison muss nach heute enden.
# $text: was der Verwalter geschrieben hat.
season-refused-ends-format = „{ $text }“ kann ich nicht als Tag lesen: Schreib ihn als 31.03.2026 oder 2026-03-31.
season-refused-unknown = Dieser Server hat keine Saison namens „{ $name }“. Wähle eine aus der Liste.
season-refused-no-seasons = Dieser Server hatte noch keine Saison. Verwalter starten eine mit `/wizard season start`.
season-refused-pick-one = Wähle eine Saison aus der Liste.

## /wizard stats server: die Rekorde des Servers und wer sie hält (nur Mitglieder).

records-title-all = Wizard-Rekorde dieses Servers
records-title-season = Wizard-Rekorde der Saison { $name }
records-description = Nur Mitglieder; Übungsspiele zählen nicht. Die Treffsicherheit braucht mindestens { $min } Spiele.
records-none = Noch nicht aufgestellt.
records-score-name = Höchste Punktzahl
records-score = **{ NUMBER($score, useGrouping: 0) }** von { $holders }
records-streak-name = Die meisten Vorhersagen in Folge getroffen (in einem Spiel)
records-streak = **{ $count ->
    [one] { $count } Runde
   *[other] { $count } Runden
  }** von { $holders }
records-accuracy-name = Beste Treffsicherheit der Vorhersagen
records-accuracy = **{ NUMBER($rate, style: "percent") }** von { $holder } ({ $exact } von { $rounds } Runden genau getroffen in { $games } Spielen)
records-accuracy-none = Noch niemand hat { $min } Spiele gespielt.
