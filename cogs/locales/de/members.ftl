## /wizard me: a member's own settings in a server

me-title = Deine Einstellungen in { $server }
me-description = Wie der Bot in diesem Server privat mit dir spricht: deine Karten, die Erinnerungen an deinen Zug und seine privaten Antworten. Nur du siehst sie.
me-language = **Sprache:** { $value }
me-language-client = die Sprache deines Discord ({ $lang })
me-pictures = **Bilder zu deinen Karten:** { $value }
me-plain = **Reiner Text für Screenreader** (volle Kartennamen, keine Bilder, keine Tabellen): { $value }
me-reminders = **Erinnerungen an deinen Zug**, wenn du dir Zeit lässt: { $value }
me-on = an
me-off = aus
me-language-placeholder = Sprache deiner privaten Nachrichten
me-language-option-client = Meine Discord-Sprache
me-button-pictures = Bilder { $value }
me-button-plain = Reiner Text { $value }
me-button-reminders = Erinnerungen { $value }
me-refusal-not-yours = Diese Einstellungen gehören jemand anderem: Mit /wizard me siehst du deine.
me-refusal-server-only = Deine Einstellungen gehören zu einem Server: Nutze /wizard me dort.
