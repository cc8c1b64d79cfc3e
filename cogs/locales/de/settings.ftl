### /wizard settings: das Menü, in dem die Verwaltung eines Servers die Vorgaben für neue Tische wählt.

settings-title = Wizard-Einstellungen für diesen Server
settings-description = Neue Tische auf diesem Server beginnen mit diesen Einstellungen. Jede Änderung wird sofort gespeichert. Nur Mitglieder mit der Berechtigung „Server verwalten“ können sie ändern.
settings-footer-rules = Seite 1/3: Regeln. Zugzeit, Lobby-Zeitlimit, Bilder, Sprache und Trainer findest du auf Seite 2, Saisons auf Seite 3.
settings-footer-more = Seite 2/3: Zugzeit, Lobby-Zeitlimit, Bilder, Sprache und Trainer. Saisons findest du auf Seite 3.
settings-footer-seasons = Seite 3/3: Saisons. Eine Änderung der Wertungen gilt für Saisons, die danach beginnen.

# same in both: German says Edition too.
settings-edition = Edition
settings-preset = Vorlage
settings-variants = Varianten
settings-turn-timer = Zugzeit
settings-lobby-timeout = Lobby-Zeitlimit
settings-pictures = Bilder
settings-language = Sprache
settings-coach = Trainer

settings-edition-classic = Klassisch
# same in both: the edition's name.
settings-edition-camelot = Camelot
settings-edition-classic-option = Klassische Edition
settings-edition-camelot-option = Camelot-Edition
settings-preset-none = Keine (eigene Auswahl)
settings-preset-placeholder = Vorlage anwenden (Edition und Varianten)
settings-variants-none = Keine
settings-variants-placeholder = Varianten: keine

settings-nannie-every = { $variant } (jede { $every ->
    [3] 3.
   *[other] 2.
} Runde scheidet jemand aus)
settings-nannie-option = { $variant }: jede { $every ->
    [3] 3.
   *[other] 2.
} Runde scheidet jemand aus
settings-nannie-placeholder = { $variant }: Ausscheiden
settings-nannie-off = { $variant } ist aus

settings-on = An
settings-off = Aus
settings-timer-default = { $timer } (Standard)
settings-timer-option = Zugzeit: { $timer }
settings-minutes = { $count ->
    [one] { $count } Minute
   *[other] { $count } Minuten
}
settings-lobby-bot-default = Vorgabe des Bots ({ $timeout })
settings-lobby-option = Lobby-Zeitlimit: { $timeout }
settings-pictures-bot-on = Vorgabe des Bots (an)
settings-pictures-bot-off = Vorgabe des Bots (aus)
settings-pictures-on-button = Bilder an
settings-pictures-off-button = Bilder aus
settings-pictures-bot-on-button = Bilder: Vorgabe des Bots (an)
settings-pictures-bot-off-button = Bilder: Vorgabe des Bots (aus)
settings-coach-on = An: Tipps für Mitglieder; Partien sind Übung und zählen nicht
settings-coach-off = Aus
settings-coach-on-button = Trainer an
settings-coach-off-button = Trainer aus

settings-language-auto = Automatisch ({ $language })
settings-language-option = Sprache: { $language }
settings-language-auto-description = Folgt der Sprache in den Discord-Einstellungen des Servers

settings-page-more = Weitere Einstellungen ▶
settings-page-rules = ◀ Regeln
settings-page-seasons = Saisons ▶
settings-page-back-more = ◀ Weitere Einstellungen
settings-reset = Auf Standard zurücksetzen

settings-not-offered = Diese Auswahl gibt es nicht. Es wurde nichts geändert.
settings-not-allowed = Diese Kombination ist nicht erlaubt: { $reason } Es wurde nichts geändert.
settings-only-in-a-server = Servereinstellungen gibt es nur auf einem Server.
settings-manage-server = Um die Wizard-Einstellungen dieses Servers zu ändern, brauchst du die Berechtigung „Server verwalten“. Es wurde nichts geändert.

## Die Seite der Saisons.

settings-seasons = Saisons
# $state: An oder Aus.
settings-seasons-monthly = Monatssaisons (eine je Kalendermonat, UTC): { $state }
settings-seasons-fresh = Wertungen beginnen in jeder Saison bei null: { $state }
# $channel: die Erwähnung eines Kanals.
settings-seasons-channel = Eine beendete Saison wird in { $channel } verkündet
settings-seasons-channel-none = Eine beendete Saison wird nirgends verkündet
settings-season-monthly-on = Monatssaisons an
settings-season-monthly-off = Monatssaisons aus
settings-season-fresh-on = Neue Wertungen je Saison
settings-season-fresh-off = Gesamtwertungen in Saisons
settings-season-channel-here = In diesem Kanal verkünden
settings-season-channel-none = Nirgends verkünden
