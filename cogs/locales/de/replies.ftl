### Was jeder Teil des Bots antworten kann: die Entschuldigung für einen unerwarteten Fehler, Absagen für
### Knöpfe und Befehle, die nicht ausgeführt werden können, und Zeitspannen in Worten.

reply-sorry = Bei mir ist etwas schiefgelaufen. Der Fehler wurde protokolliert; bitte versuch es noch einmal.
reply-not-saved = Ich konnte das nicht speichern, also hat sich nichts geändert. Bitte versuch es gleich noch einmal.
reply-error-id = (Fehlernummer: `{ $reference }`)

reply-invalid-button = Dieser Knopf ist ungültig.
reply-invalid-menu = Dieses Menü ist ungültig.
reply-shutting-down = Der Bot wird gerade beendet; versuch es in einer Minute noch einmal.

reply-cooldown = Nicht so schnell: Du kannst das in { $seconds ->
    [one] 1 Sekunde
   *[other] { $seconds } Sekunden
} wieder verwenden.
reply-server-only = Dieser Befehl funktioniert nur in einem Serverkanal.
reply-missing-permissions = Dafür brauchst du die Berechtigung { $permissions }.
reply-bot-missing-permissions = Ich brauche in diesem Kanal die Berechtigung { $permissions }.
reply-invalid-value = { $value } ist hier kein gültiger Wert.
reply-check-failed = Das kannst du hier nicht verwenden.

# Die Berechtigungen, wie Discords deutsche Einstellungen sie nennen.
reply-permission-manage-guild = Server verwalten
reply-permission-view-channel = Kanal ansehen
reply-permission-send-messages = Nachrichten senden
reply-permission-embed-links = Links einbetten
reply-permission-attach-files = Dateien anhängen
reply-permission-read-message-history = Nachrichtenverlauf anzeigen
reply-permission-use-external-emojis = Externe Emojis verwenden

reply-no-table = In diesem Kanal gibt es keinen Tisch. Eröffne einen mit `/wizard { command-new-name }`.
reply-no-game = In diesem Kanal läuft kein Spiel. Eröffne einen Tisch mit `/wizard { command-new-name }`.
reply-table-closed = Der Tisch in diesem Kanal wurde gerade geschlossen.

reply-duration-minutes = { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
}
reply-duration-seconds = { $seconds ->
    [one] 1 Sekunde
   *[other] { $seconds } Sekunden
}
reply-duration-minutes-seconds = { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
} { $seconds ->
    [one] 1 Sekunde
   *[other] { $seconds } Sekunden
}
