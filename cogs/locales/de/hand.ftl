### Die Karten eines Spielers: die Handnachricht per Direktnachricht (oder „Meine Karten zeigen“), ihre
### Knöpfe und der Stupser, der sagt, dass er dran ist.

hand-title = { $edition } · Runde { $round }/{ $rounds } · je { $cards ->
    [one] 1 Karte
   *[other] { $cards } Karten
} · deine Karten
hand-no-cards = (keine Karten)
hand-cards = Deine Karten ({ $count })
hand-cards-hidden = Deine Karten ({ $count }, verdeckt)
hand-third-time-explained = 🙈 Blinde Runde: Du sagst vorher, bevor du deine Karten siehst; sie erscheinen, sobald alle Vorhersagen da sind.
hand-own-card-hidden = Deine Karte (verdeckt)
hand-forehead-explained = 🙈 Stirnrunde: Du siehst die Karten der anderen, nur deine eigene nicht.
hand-others-cards = Die Karten der anderen
hand-others-played = Alle anderen Karten sind gespielt.
hand-bids-and-tricks = Vorhersagen und Stiche
hand-footer-classic = { $mark } markiert eine Trumpfkarte
hand-footer-camelot = { $mark } markiert eine Trumpfkarte · Plätze im Stich: Wer ausspielt, ist 1 (ungerade), der Nächste 2 (gerade) und so weiter
hand-footer-camelot-positions = Plätze im Stich: Wer ausspielt, ist 1 (ungerade), der Nächste 2 (gerade) und so weiter

## Wenn der Spieler nicht dran ist

hand-status-out = **Du bist ausgeschieden.**
hand-played-out = Runde { $round }: du hast alle Karten gespielt · Vorhersage { $bid } · bisher { $won } gewonnen.
hand-played-out-won = Runde { $round }: du hast alle Karten gespielt · bisher { $won } gewonnen.
hand-status-waiting = **Deine Karten für diese Runde.** Wenn du dran bist, bieten die Knöpfe unten genau das an, was du tun darfst; der Tisch im Kanal zeigt, wer dran ist.
hand-own-bid = **Deine Vorhersage:** { $bid }
hand-own-bid-saboteur = **Deine Vorhersage:** keine (du gibst als Saboteur)
hand-saboteur-you = 🕵️ **Saboteur:** Du gibst, sagst nichts vorher und bekommst { $points } Punkte; sorg dafür, dass die anderen danebenliegen.

## Wenn der Spieler dran ist

hand-turn-bid = **Du bist dran:** Sag deine Stiche vorher, von { $min } bis { $max }
hand-turn-bid-later = **Du bist dran:** Sag deine Stiche vorher, sobald du kannst
hand-turn-bid-together = **Deine Vorhersage, bitte:** Alle sagen gleichzeitig vorher (von { $min } bis { $max })
hand-turn-bid-together-later = **Deine Vorhersage, bitte:** Alle sagen gleichzeitig vorher (sobald du kannst)
hand-turn-trump = **Du bist dran:** Wähle die Trumpffarbe
hand-turn-trump-blind = **Du bist dran:** Wähle die Trumpffarbe (ohne deine Karten zu sehen)
hand-turn-play-hidden = **Du bist dran:** Spiel deine verdeckte Karte
hand-turn-play-any = **Du bist dran:** Spiel eine Karte (jede Karte erlaubt)
hand-turn-play-lead = **Du bist dran:** Spiel eine Karte (du spielst aus: jede Karte erlaubt)
hand-turn-play-none = **Du bist dran:** Spiel eine Karte (keine spielbar)
hand-turn-play-follow = **Du bist dran:** Spiel eine Karte (du musst { $suit } bedienen oder eine Sonderkarte spielen; spielbar: { $cards })
hand-turn-play-some = **Du bist dran:** Spiel eine Karte (spielbar: { $cards })
hand-call-you = 📣 Du hast { $call } gerufen!
hand-smyrna-gizzard = **Smyrna-Stil:** Ruf 📣 Gizzard! vor einem Zauberer.
hand-smyrna-fester = **Smyrna-Stil:** Ruf 📣 Fester! vor einem Narren.
hand-smyrna-both = **Smyrna-Stil:** Ruf 📣 Gizzard! vor einem Zauberer und 📣 Fester! vor einem Narren.
hand-you-out = **Du:** ausgeschieden, gesamt { $total }
hand-you-won = **Du:** { $won ->
    [one] 1 Stich
   *[other] { $won } Stiche
} gewonnen, gesamt { $total }
hand-you-no-bid = **Du:** noch keine Vorhersage, { $won ->
    [one] 1 Stich
   *[other] { $won } Stiche
} gewonnen, gesamt { $total }
hand-you-won-of = **Du:** Vorhersage { $bid } · { $won ->
    [one] 1 Stich
   *[other] { $won } Stiche
} gewonnen, gesamt { $total }

## Die Knöpfe

hand-button-bid = { $tricks ->
    [one] 1 Stich
   *[other] { $tricks } Stiche
}
hand-button-as-wizard = { $card } als Zauberer
hand-button-as-jester = { $card } als Narr
hand-button-hidden-card = Meine verdeckte Karte spielen

## Die Runde ist vorbei

hand-round-over-title = Runde { $round } · deine Karten
hand-round-over-won = Du hast { $won ->
    [one] 1 Stich
   *[other] { $won } Stiche
} gewonnen: { $points } Punkte, insgesamt { $total }.
hand-round-over-bid = Du hast { $bid } vorhergesagt und { $won ->
    [one] 1 Stich
   *[other] { $won } Stiche
} gewonnen: { $points } Punkte, insgesamt { $total }.
hand-round-over-final = Der Endstand steht im Kanal.
hand-round-over-next = Die Punkte stehen am Tisch, und deine nächsten Karten kommen in einer neuen Nachricht.
hand-round-over-next-show = Die Punkte stehen am Tisch; drück dort **Meine Karten zeigen** für deine nächsten Karten.

## Der Stupser: eine kurze Direktnachricht, wenn jemand sich Zeit lässt

hand-nudge-trump = 🔔 Du bist dran am Wizard-Tisch in <#{ $channel }>: Wähle die Trumpffarbe.
hand-nudge-bid = 🔔 Du bist dran am Wizard-Tisch in <#{ $channel }>: Sag deine Stiche vorher (0 bis { $max }).
hand-nudge-play = 🔔 Du bist dran am Wizard-Tisch in <#{ $channel }>: Spiel eine Karte.
hand-nudge-on-table = Auf dem Tisch: { $cards }.
hand-nudge-you-lead = Du spielst aus.
hand-nudge-hand-link = [Deine Karten]({ $url })

## Plain text for screen readers (/wizard me)

hand-card-spoken = { $suit }-{ $rank }
hand-card-spoken-trump = { $card } (Trumpf)
hand-rank-jack = Bube
hand-rank-queen = Dame
hand-rank-king = König
hand-rank-ace = Ass
hand-spoken-score = { $name }: Vorhersage { $bid }, { $won } gewonnen, gesamt { $total }
