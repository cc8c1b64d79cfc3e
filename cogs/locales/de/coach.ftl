### Der Trainer (eine Tischoption): der Tipp-Knopf auf der Hand eines Mitglieds, seine private Antwort und
### die Zeile nach jeder Runde. "Schwer" ist der schwere Computerspieler.

coach-button-hint = 💡 Tipp
coach-hint-title = 💡 Tipp vom Trainer
coach-hint-footer = Aus { $deals } möglichen Verteilungen der Karten, die du nicht siehst. Nur du siehst das.
coach-hint-failed = Der Trainer konnte gerade keinen Tipp ausrechnen. Versuch es gleich noch einmal.
coach-refusal-off = An diesem Tisch wird ohne Trainer gespielt, es gibt also keine Tipps.
coach-refusal-no-choice = Tipps gibt es, wenn du am Zug bist und Trumpf, eine Vorhersage oder eine Karte wählen kannst.

coach-hint-bid-pick = Der schwere Computer würde an deiner Stelle **{ $bid }** vorhersagen.
coach-hint-bid-intro = Wie oft jede Vorhersage aufgeht und wie viele Punkte sie im Schnitt bringt:
coach-hint-bid-option = • Vorhersage { $bid }: geht in { $chance } der Fälle auf, { $points } Punkte
coach-hint-bid-option-pick = • **Vorhersage { $bid }: geht in { $chance } der Fälle auf, { $points } Punkte** ← Wahl von Schwer

coach-hint-play-pick = Der schwere Computer würde an deiner Stelle **{ $card }** spielen.
coach-hint-play-intro = Deine Chance, deine Vorhersage von { $bid } zu schaffen, nach jeder Karte:
coach-hint-play-intro-points = Du hast in dieser Runde keine Vorhersage; die Punkte, die jede Karte im Schnitt bringt:
coach-hint-card = • { $card }: { $chance }
coach-hint-card-pick = • **{ $card }: { $chance }** ← Wahl von Schwer
coach-hint-card-points = • { $card }: { $points } Punkte
coach-hint-opposite = { $card } (als die andere Karte)

coach-round-same = 🎓 Runde { $round }: Vorhersage { $bid }, { $took } gewonnen. Schwer hätte auch { $coach } vorhergesagt.
coach-round-other = 🎓 Runde { $round }: Vorhersage { $bid }, { $took } gewonnen. Schwer hätte { $coach } vorhergesagt.

coach-hint-trump-pick = Der schwere Computer würde an deiner Stelle **{ $suit }** als Trumpf wählen.
coach-hint-trump-intro = Mit jeder Farbe als Trumpf: die Vorhersage, die am meisten bringt, und ihre Punkte im Schnitt:
coach-hint-trump-option = • { $suit }: Vorhersage { $bid }, { $points } Punkte
coach-hint-trump-option-pick = • **{ $suit }: Vorhersage { $bid }, { $points } Punkte** ← Wahl von Schwer
coach-hint-trump-unseen = Du siehst deine Karten noch nicht, also ist keine Farbe besser als eine andere.
coach-hint-trump-saboteur = Als Saboteur machst du keine Vorhersage: Schwer behält die Farbe, in der du am stärksten bist.
