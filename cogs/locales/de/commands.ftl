### Die Namen und Beschreibungen der Slash-Befehle, ihrer Optionen und Auswahlen, wie Discord sie zeigt.
### Ein Name hat höchstens 32 Zeichen: Kleinbuchstaben, Ziffern, - und _ (keine Leerzeichen); eine
### Beschreibung oder Auswahl höchstens 100 Zeichen.

command-wizard-name = wizard
command-wizard-description = Spiel das Kartenspiel Wizard

command-help-name = hilfe
command-help-description = Zeig, was dieser Bot kann, seine Befehle und eine Zusammenfassung der Regeln.

command-new-name = neu
command-new-description = Eröffne in diesem Kanal einen Tisch, an den sich andere setzen können.
command-new-edition-name = edition
command-new-edition-description = Mit welchen Karten gespielt wird (Standard: die Wahl des Servers in /wizard { command-settings-name })
command-edition-classic = Klassisches Wizard
command-edition-camelot = Camelot-Edition

command-hand-name = hand
command-hand-description = Zeig deine Karten im Spiel dieses Kanals, nur für dich, mit deinen Knöpfen.

command-table-name = tisch
command-table-description = Hol den Tisch dieses Kanals wieder nach unten, unter den Chat.

command-end-name = beenden
command-end-description = Beende das Spiel dieses Kanals vorzeitig (Gastgeber oder Server verwalten); ohne Ergebnisse.

command-leave-name = verlassen
command-leave-description = Verlass das Spiel dieses Kanals; ein Computer spielt deinen Platz zu Ende, ohne Wertung für dich.

command-leaderboard-name = bestenliste
command-leaderboard-description = Zeig die Wizard-Bestenliste dieses Servers, nur für dich.
command-leaderboard-sort-name = sortierung
command-leaderboard-sort-description = Wonach sortiert wird (Standard: Wertung)
command-leaderboard-period-name = zeitraum
command-leaderboard-period-description = Welche Spiele zählen (Standard: alle)

command-stats-name = statistik
command-stats-description = Zeig die Wizard-Statistik und Wertung eines Mitglieds auf diesem Server, nur für dich.
command-stats-member-name = mitglied
command-stats-member-description = Wessen Statistik gezeigt wird (Standard: deine)

command-history-name = spielverlauf
command-history-description = Zeig die letzten Spiele eines Mitglieds auf diesem Server mit Spielblöcken, nur für dich.
command-history-member-name = mitglied
command-history-member-description = Wessen Spiele gezeigt werden (Standard: deine)

command-forget-me-name = vergiss-mich
command-forget-me-description = Lösch deine Wizard-Daten auf diesem Server, nach einer Rückfrage.

command-rules-name = regeln
command-rules-description = Zeig die Regeln einer Edition oder einer Variante, nur für dich.
command-rules-topic-name = thema
command-rules-topic-description = Eine Edition, eine Variante, 'variants' oder 'unsupported' (Standard: klassische Regeln)

command-settings-name = einstellungen
command-settings-description = Wähl die Vorgaben des Servers: Regeln, Zeitlimits, Bilder und Sprache (Server verwalten).

## /wizard hilfe: was der Bot ist, wie ein Spiel hier abläuft, die Befehle und die Regeln in Kürze.

help-title = Wizard
help-about = Spiel **Wizard**, das Stichspiel für 3 bis 6 Personen, direkt in einem Serverkanal. Der Tisch, die Vorhersagen und die Stiche sind für alle im Kanal zu sehen; deine Karten siehst nur du.
help-how-to-play-title = So wird hier gespielt
help-how-to-play =
    1. `/wizard { command-new-name }` eröffnet einen Tisch im Kanal; Mitspieler klicken **{ lobby-button-join }**. Der Gastgeber kann Computer und Hausregeln wählen und klickt dann **{ lobby-button-start }**.
    2. Deine Karten kommen per DM. Sind deine DMs zu, drück **{ table-button-show-hand }** am Tisch oder nutze `/wizard { command-hand-name }`: Nur du siehst sie.
    3. Deine Karten haben die ganze Runde Knöpfe für Vorhersage und Karten: Drück einen, wenn du dran bist. Der Tisch zeigt, wer dran ist; lässt du dir Zeit, kommt eine Erinnerung per DM.
    4. Hat der Server eine Zugzeit, zeigt der Tisch, wann dein Zug abläuft; dann spielt ein Computer für dich, nach zwei verpassten Zügen in Folge deinen Platz, bis du **{ table-button-take-back }** drückst.
    5. Im Endstand startet **{ table-button-play-again }** einen neuen Tisch mit denselben Regeln.
    6. `/wizard { command-leave-name }` gibt deinen Platz bis zum Spielende an einen Computer ab; `/wizard { command-end-name }` beendet es vorzeitig, ohne Ergebnisse (Gastgeber oder Server verwalten).
    7. Der Chat hat den Tisch verdrängt? `/wizard { command-table-name }` holt ihn wieder nach unten.
help-how-to-play-continued = So wird hier gespielt (Fortsetzung)
help-commands = Befehle
help-more-commands = Weitere Befehle
help-rules = Regeln
help-rules-continued = Regeln (Fortsetzung)

## /wizard-admin (in cogs/leaderboard/admin.py).

command-admin-name = wizard-verwaltung
command-admin-description = Verwalte die Wizard-Bestenliste dieses Servers
command-admin-reset-name = bestenliste-zurücksetzen
command-admin-reset-description = Lösch die Wizard-Ergebnisse, Statistiken und Wertungen dieses Servers, nach einer Rückfrage.
command-admin-remove-name = mitglied-entfernen
command-admin-remove-description = Lösch die Wizard-Daten eines Mitglieds auf diesem Server, nach einer Rückfrage.
command-admin-remove-member-name = mitglied
command-admin-remove-member-description = Das Mitglied, dessen Daten gelöscht werden

## Saisons und Serverrekorde (Issue 28): die Optionen season:, /wizard stats server und /wizard season.

command-leaderboard-season-name = saison
command-leaderboard-season-description = Welche Saison (Standard: die laufende, sonst alle Spiele)
command-stats-season-name = saison
command-stats-season-description = Welche Saison (Standard: die laufende, sonst alle Spiele)
command-stats-server-name = server
command-stats-server-description = Stattdessen die Rekorde dieses Servers zeigen und wer sie hält
command-history-season-name = saison
command-history-season-description = Spiele welcher Saison (Standard: der laufenden, sonst alle)
command-season-name = saison
command-season-description = Die Wizard-Saisons dieses Servers
command-season-start-name = starten
command-season-start-description = Starte eine Saison der Wizard-Spiele dieses Servers (Server verwalten).
command-season-start-name-name = name
command-season-start-name-description = Der Name der Saison, etwa Frühjahrspokal
command-season-start-ends-name = ende
command-season-start-ends-description = Ihr letzter Tag (UTC), etwa 31.03.2026; ohne: bis du sie beendest
command-season-end-name = beenden
command-season-end-description = Beende die laufende Saison jetzt und verkünde ihren Sieger (Server verwalten).
command-season-show-name = zeigen
command-season-show-description = Zeig eine Saison mit ihrer Tabelle und ihrem Sieger, nur für dich.
command-season-show-season-name = saison
command-season-show-season-description = Welche Saison (Standard: die laufende, sonst die letzte)

## /wizard replay und /wizard record (deklariert in cogs/wizard.py, beantwortet von cogs/replay).

command-replay-name = wiederholung
command-replay-description = Spiel ein beendetes Spiel dieses Servers Stich für Stich nach, nur für dich.
command-replay-game-name = spiel
command-replay-game-description = Die Nummer des Spiels (deine letzten Spiele werden vorgeschlagen)
command-record-name = protokoll
command-record-description = Lad das Protokoll (JSON) und den Spielblock (CSV) eines beendeten Spiels herunter, nur für dich.
command-record-game-name = spiel
command-record-game-description = Die Nummer des Spiels (deine letzten Spiele werden vorgeschlagen)
command-me-name = ich
command-me-description = Deine eigenen Einstellungen hier: Sprache, Bilder, reiner Text für Screenreader, Erinnerungen.
