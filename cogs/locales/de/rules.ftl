### Die Regeln, wie Spieler sie lesen: die Editionen, die Hausregeln (Varianten), die Voreinstellungen und
### die Seiten von /wizard rules. Die Entscheidungen aus RULES.md (R-1 bis R-20) stehen in Worten da.
### Die Wörter des Spiels wie im deutschen Regelheft von Amigo: Zauberer, Narr, Stich, Trumpf, Vorhersage,
### bedienen, Geber.

## Die Editionen.

rules-edition-classic = Klassisches Wizard
rules-edition-camelot = Wizard Camelot-Edition
# Ein kurzer Name, vor den Hausregeln eines Tisches („Klassisch + Kanadische Regel“).
rules-edition-short-classic = Klassisch
# same in both
rules-edition-short-camelot = Camelot
# Eine Edition und die Hausregeln eines Tisches; $variants sind ihre Namen, mit Kommas verbunden.
# same in both
rules-with-variants = { $edition } + { $variants }
rules-nannie-every-third = { $name } (jede 3. Runde)

## Die Hausregeln: Name, ein Hilfetext in einer Zeile (höchstens 100 Zeichen: er passt in ein Auswahlmenü)
## und die Regel.

variant-no-even-bids-name = Vorhersagen dürfen nicht aufgehen
variant-no-even-bids-help = Wer zuletzt vorhersagt, darf die Vorhersagen nicht auf die Zahl der Stiche bringen.
variant-no-even-bids-rule = Wer als Letzter vorhersagt, darf keine Vorhersage wählen, mit der die Summe aller Vorhersagen gleich der Zahl der Stiche in der Runde ist; so muss mindestens ein Spieler danebenliegen. Das gilt auch für eine Vorhersage von 0, auch mit der Kanadischen Regel. Die Vorhersagen, die das täten, werden nicht angeboten.

variant-canadian-name = Kanadische Regel
variant-canadian-help = Ein Geber, der nach Punkten vorn liegt, darf die Vorhersagen nicht aufgehen lassen; 0 erlaubt sie.
variant-canadian-rule = Liegt der Geber nach Gesamtpunkten allein vorn (nicht gleichauf), darf er nicht so vorhersagen, dass die Summe der Vorhersagen gleich der Zahl der Stiche in der Runde ist. Eine Vorhersage von 0 verbietet diese Regel nie, aber sie hebt keine andere Regel auf: Mit der { variant-hardcore-name } (ab 4 Karten) oder mit „{ variant-no-even-bids-name }“ wird auch eine 0 abgelehnt, mit der die Vorhersagen aufgehen. Wer vorn liegt, wird nur unter den Spielern entschieden, die noch im Spiel sind: Bei „{ variant-nannie-name }“ zählen die Punkte ausgeschiedener Spieler nicht.

variant-hardcore-name = Hardcore-Regel
variant-hardcore-help = Ab 4 Karten muss der Geber verhindern, dass die Vorhersagen aufgehen.
variant-hardcore-rule = In Runden mit 4 oder mehr Karten muss der Geber so vorhersagen, dass die Summe der Vorhersagen von der Zahl der Stiche abweicht, ganz gleich, wie die Punkte stehen. Das gilt auch für eine Vorhersage von 0, auch mit der Kanadischen Regel.

variant-hidden-bid-name = Verdeckte Vorhersage
variant-hidden-bid-help = Alle sagen geheim vorher; die Vorhersagen werden zusammen gezeigt, sobald alle da sind.
variant-hidden-bid-rule = Alle Spieler sagen gleichzeitig und geheim vorher, in beliebiger Reihenfolge; der Tisch sieht, wer schon vorhergesagt hat, aber nicht was, und jeder sieht immer seine eigene Vorhersage. Ist die letzte Vorhersage da, werden alle auf einmal aufgedeckt, und der Spieler links vom Geber spielt aus. Ist auch „{ variant-delayed-reveal-name }“ an, bleiben die Vorhersagen geheim, bis der letzte Stich der Runde gespielt ist.

variant-delayed-reveal-name = Späte Aufdeckung
variant-delayed-reveal-help = Geheime Vorhersagen, die erst nach dem letzten Stich der Runde aufgedeckt werden.
variant-delayed-reveal-rule = Wie „{ variant-hidden-bid-name }“, aber die Vorhersagen werden erst aufgedeckt, wenn der letzte Stich der Runde gespielt ist. Während des Spiels kennt jeder nur seine eigene Vorhersage; das Ergebnis der Runde zeigt alle Vorhersagen. Zusammen mit „{ variant-hidden-bid-name }“ oder „{ variant-hands-in-name }“ entscheidet diese Regel: Die Vorhersagen bleiben bis zum letzten Stich geheim.

variant-hands-in-name = Gleichzeitige Vorhersage
variant-hands-in-help = Alle sagen auf „3-2-1“ gleichzeitig vorher; niemand sagt als Letzter vorher.
variant-hands-in-rule = Auch „Lost Weekend“ genannt. Alle Spieler sagen gleichzeitig vorher, und die Vorhersagen werden auf ein „3-2-1“ zusammen gezeigt. Niemand sagt als Letzter vorher, also gibt es keine Einschränkung für den Geber. Im Spiel geht es wie bei „{ variant-hidden-bid-name }“: Jeder sieht seine eigene Vorhersage, und alle Vorhersagen bleiben geheim, bis die letzte da ist (mit „{ variant-delayed-reveal-name }“, bis der letzte Stich der Runde gespielt ist).

# same in both
variant-maximus-name = Wizard Maximus
variant-maximus-help = 5 Runden, jede mit allen Karten; Trumpf steht fest: ♣, ♦, ♥, ♠, dann kein Trumpf.
variant-maximus-rule = Das Spiel hat fünf Runden, und jede verteilt alle Karten. Trumpf wird nicht aufgedeckt, sondern steht für jede Runde fest: Kreuz, Karo, Herz, Pik, dann kein Trumpf. Der Geber wählt nie Trumpf.

# same in both
variant-saboteur-name = Wizard Saboteur
variant-saboteur-help = Der Geber sagt nichts vorher, bekommt 20 Punkte und will die anderen danebenliegen lassen.
variant-saboteur-rule = Der Geber lässt die Vorhersage aus und bekommt für die Runde 20 Punkte, was auch geschieht; er spielt so, dass die anderen ihre Vorhersagen verfehlen. Die Vorhersagen beginnen links vom Geber und enden beim Spieler rechts von ihm. Eine Ausnahme in der Camelot-Edition: In einer Runde, deren Stiche alle Nullstiche sind (eine Runde mit 1 Karte, die Excalibur nimmt), bekommt niemand Punkte, auch der Geber nicht.

variant-third-time-name = Aller schlechten Dinge sind drei
variant-third-time-help = In den Runden 3, 6, 9 … sagen alle vorher, bevor sie ihre Karten sehen.
variant-third-time-rule = In jeder dritten Runde des Spiels (der 3., 6., 9. … gespielten Runde, ganz gleich mit wie vielen Karten, auch mit „{ variant-quick-name }“, „{ variant-nannie-name }“ oder „{ variant-maximus-name }“) sagen alle Spieler vorher, bevor sie ihre Karten sehen. Die Karten werden gezeigt, sobald alle vorhergesagt haben. Die aufgedeckte Karte und der Trumpf sind zu sehen. Ein Geber, der in so einer Runde Trumpf wählen muss, wählt ihn, ohne seine Karten zu sehen. In einer Runde mit der { variant-forehead-name } sieht trotzdem jeder die Karten der anderen.

variant-quick-name = Schnelles Spiel
variant-quick-help = Jede Runde 2 Karten mehr; die letzte Runde verteilt alle Karten.
variant-quick-rule = Die Zahl der Karten steigt jede Runde um zwei, und die letzte Runde verteilt alle Karten. Bei 3, 5 oder 6 Spielern gibt die erste Runde 2 Karten, bei 4 Spielern 1 Karte. Zusammen mit der { variant-forehead-name }, die eine Runde mit 1 Karte braucht, geht es deshalb nur zu viert: Ein Tisch mit 3, 5 oder 6 Spielern kann nicht beginnen.

variant-nannie-name = Nannies Regel
variant-nannie-help = Umgekehrte Reihenfolge, größte Hand zuerst; alle 2 Runden scheidet der Letzte aus.
variant-nannie-rule = Die Runden gehen von der größten Kartenzahl hinunter bis zu 1 Karte, mit den Kartenzahlen der Spielerzahl zu Beginn, auch wenn schon Spieler ausgeschieden sind. Nach jeder zweiten Runde (oder jeder dritten, wenn der Tisch das wählt) scheidet unter den Verbliebenen der Spieler mit der niedrigsten Gesamtpunktzahl aus; teilen sich mehrere den letzten Platz, scheidet diesmal niemand aus. Ausgeschiedene Spieler geben nicht mehr, sagen nichts mehr vorher und spielen nicht mehr mit, und ihre Punkte bleiben stehen. Das Spiel endet nach der Runde mit 1 Karte oder wenn nur noch ein Spieler übrig ist; ein Ausscheiden, das nach der letzten Runde fällig ist, findet trotzdem statt, auch wenn es an keiner Platzierung etwas ändert. In der Endwertung stehen die Verbliebenen nach Punkten vor allen Ausgeschiedenen, und die Ausgeschiedenen stehen in umgekehrter Reihenfolge ihres Ausscheidens (wer zuletzt ausschied, kommt als Nächster): Nur wer noch im Spiel ist, kann gewinnen.

variant-gizzard-fester-name = Smyrna-Stil (Gizzard/Fester)
variant-gizzard-fester-help = Ruf „Gizzard!“ zum Zauberer und „Fester!“ zum Narren, sonst zählt die Karte umgekehrt.
variant-gizzard-fester-rule = Wer einen Zauberer spielt, muss „Gizzard!“ rufen, und wer einen Narren spielt, „Fester!“. Eine Karte ohne ihren Ruf zählt als das Gegenteil: ein Zauberer als Narr, ein Narr als Zauberer, in jeder Hinsicht (auch beim Bedienen). Der Ruf kommt vor dem Ausspielen, der Tisch sieht ihn, und er gilt für die nächste Karte des Rufenden: Ein Ruf, der nicht zu dieser Karte passt, verfällt. Jedem werden nur die Rufe für die Zauberer und Narren angeboten, die er auf der Hand hat. Merlin braucht keinen Ruf: Seine Ansage gilt, und er zählt nie umgekehrt. In der Runde mit der { variant-forehead-name } ruft niemand, und Zauberer und Narren zählen als das, was sie sind, denn ihre Spieler sehen sie erst, wenn sie auf dem Tisch liegen.

variant-forehead-name = Stirnkarte
variant-forehead-help = In der Runde mit 1 Karte siehst du die Karten aller anderen, nur deine nicht.
variant-forehead-rule = In der Runde mit einer Karte pro Spieler sieht jeder die Karten der anderen, aber nicht die eigene, und sagt danach vorher. Die eigene Karte bleibt verborgen, bis sie gespielt ist: Jeder spielt sie ungesehen aus, und ein Geber, der in dieser Runde Trumpf wählen muss, wählt, ohne sie zu sehen. Die Karten der anderen bleiben die ganze Runde zu sehen, auch wenn es eine Runde von „{ variant-third-time-name }“ ist. Ein ungesehen gespielter Merlin zählt als Narr, wenn sein Spieler 0 vorhergesagt hat, sonst als Zauberer (auch beim Geber von „{ variant-saboteur-name }“). Mit dem { variant-gizzard-fester-name } ruft in dieser Runde niemand. Der Tisch braucht eine Runde mit 1 Karte, deshalb geht diese Regel nicht mit „{ variant-maximus-name }“ und mit „{ variant-quick-name }“ nur zu viert.

## Die Voreinstellungen einer Lobby und der Servereinstellungen.

rules-preset-classic-name = Klassisch (US-Regeln)
rules-preset-classic-help = Die veröffentlichten Regeln, ohne Varianten.

rules-preset-german-name = Deutsch
rules-preset-german-help = Klassisch mit der in Deutschland üblichen Regel: Die Vorhersagen dürfen nicht aufgehen.

rules-preset-tournament-name = Turnier
rules-preset-tournament-help = Klassisch mit der Kanadischen Regel für einen Geber, der vorn liegt.

# same in both
rules-preset-camelot-name = Camelot
rules-preset-camelot-help = Die Camelot-Edition mit ihren Sonderkarten.

## Varianten, die das Regelheft nennt und der Bot nicht anbietet, und warum.

rules-unsupported-no-definition = im Regelheft genannt, aber eine verlässliche Beschreibung wurde nicht gefunden

## Die klassischen Regeln, eine Nachricht je Zeile (Markdown).

rules-classic-intro = **Wizard (klassisch)**: 3 bis 6 Spieler, 60 Karten: vier Farben von 2 bis A (Ass hoch), 4 Zauberer, 4 Narren.
rules-classic-rounds = **Runden.** In Runde 1 bekommt jeder 1 Karte, in Runde 2 zwei und so weiter, bis die Karten aufgebraucht sind (20 Runden zu dritt, 15 zu viert, 12 zu fünft, 10 zu sechst). Der Geber wechselt jede Runde nach links.
rules-classic-first-dealer = **Erster Geber.** Jeder zieht eine Karte; wer die höchste zieht, gibt. Die Farben zählen nicht, Zauberer schlagen Asse, Narren sind am niedrigsten, und wer gleich hoch gezogen hat, zieht noch einmal.
rules-classic-trump = **Trumpf.** Die Karte unter den ausgeteilten wird aufgedeckt: Eine Farbkarte macht ihre Farbe zu Trumpf, ein Narr heißt kein Trumpf, ein Zauberer lässt den Geber eine Farbe wählen, nachdem er seine Karten gesehen hat. In der letzten Runde bleibt nichts zum Aufdecken: kein Trumpf.
rules-classic-bidding = **Vorhersage.** Links vom Geber beginnend sagt jeder vorher, wie viele Stiche er machen wird (0 bis zur Zahl der ausgeteilten Karten). Die Vorhersagen sind für alle sichtbar.
rules-classic-play = **Spiel.** Der Spieler links vom Geber spielt den ersten Stich aus, wer einen Stich gewinnt, den nächsten. Die erste Farbkarte legt die Farbe fest, die bedient werden muss (ein Narr tut das nie). Du musst diese Farbe bedienen, wenn du kannst, aber einen Zauberer oder einen Narren darfst du immer spielen. Ein Zauberer, der vor jeder Farbkarte gespielt wird, gibt für diesen Stich alle frei. Niemand muss trumpfen.
rules-classic-taker = **Wer den Stich bekommt.** Der erste Zauberer; sonst der höchste Trumpf; sonst die höchste Karte der ausgespielten Farbe; wurden nur Narren gespielt, der erste Narr.
rules-classic-scoring = **Punkte.** Vorhersage genau getroffen: 20 Punkte plus 10 je Stich. Daneben: minus 10 je Stich zu viel oder zu wenig.
rules-classic-end = **Ende.** Nach der letzten Runde gewinnt die höchste Gesamtpunktzahl; wer dort gleichauf liegt, gewinnt gemeinsam. Die Plätze gehen nach Gesamtpunkten; wer gleich steht, teilt sich einen Platz, und die Plätze, die sie füllen, werden übersprungen (50, 50, 30: 1., 1., 3.).

## Die Regeln der Camelot-Edition, eine Nachricht je Zeile (Markdown).

rules-camelot-intro = **Wizard Camelot-Edition**: klassisches Wizard mit neuen Karten und vier neuen Sonderkarten.
rules-camelot-deck = **Karten.** Die 2er fallen weg: vier Farben von 3 bis A, 4 Zauberer, 4 Narren sowie Merlin, Excalibur, Morgan le Fay und der Heilige Gral (60 Karten). Die letzte Runde verteilt alle Karten, also hat sie keinen Trumpf.
rules-camelot-first-dealer = **Erster Geber.** Wer am höchsten zieht, gibt; jede Sonderkarte außer dem Narren steht über den Assen.
rules-camelot-trump = **Trumpf.** Eine aufgedeckte Farbkarte bestimmt Trumpf, ein Narr heißt kein Trumpf, jede andere Sonderkarte lässt den Geber eine Farbe wählen (nie kein Trumpf).
rules-camelot-positions = **Positionen.** In jedem Stich hat der Ausspielende Position 1 (ungerade), der nächste Spieler 2 (gerade) und so weiter.
rules-camelot-specials = **Sonderkarten.** Jede Sonderkarte darf immer gespielt werden.
rules-camelot-merlin = - *Merlin*: wird beim Ausspielen als Zauberer oder als Narr angesagt und ist dann genau diese Karte.
rules-camelot-grail = - *Heiliger Gral*: Auf einer geraden Position gewinnt er den Stich gegen alles; auf einer ungeraden Position verliert er immer.
rules-camelot-morgan = - *Morgan le Fay*: schlägt alles außer einem Heiligen Gral auf gerader Position.
rules-camelot-excalibur = - *Excalibur*: schlägt alles außer Morgan le Fay und einem Heiligen Gral auf gerader Position.
rules-camelot-taker = **Wer den Stich bekommt.** Der Reihe nach: ein Heiliger Gral auf gerader Position; Morgan le Fay; Excalibur; der erste Zauberer (auch Merlin als Zauberer); der höchste Trumpf; die höchste Karte der ausgespielten Farbe; sonst der erste Narr (oder Merlin als Narr).
rules-camelot-null-tricks = **Nullstiche.** Ein Stich, den Excalibur nimmt, zählt für niemanden, aber wer Excalibur gespielt hat, spielt den nächsten Stich aus.
rules-camelot-no-score-round = **Runde ohne Punkte.** Sind alle Stiche einer Runde Nullstiche, ändert sich in dieser Runde niemandes Punktestand, nicht einmal der des Gebers bei „{ variant-saboteur-name }“. Das kann nur eine Runde mit 1 Karte sein, die Excalibur nimmt: meist Runde 1, bei „{ variant-nannie-name }“ die letzte Runde.
rules-camelot-following = **Bedienen.** Die erste Farbkarte legt die Farbe fest. Nur ein Zauberer (oder Merlin als Zauberer), der vor jeder Farbkarte gespielt wird, befreit alle vom Bedienen; die anderen Sonderkarten legen keine Farbe fest und befreien auch nicht davon.
rules-camelot-example = **Beispiel.** Im Stich 4♦, A♦, Zauberer, Heiliger Gral wird der Heilige Gral als 4. Karte gespielt, auf einer geraden Position, und gewinnt den Stich (der Text des Regelhefts zu diesem Beispiel nennt irrtümlich den Zauberer; seine Überschrift und die Regel der Karte nennen den Heiligen Gral).
rules-camelot-scoring = **Punkte und Ende.** Wie klassisch: 20 + 10 je Stich für eine genaue Vorhersage, -10 je Stich daneben; wer bei der höchsten Gesamtpunktzahl gleichauf liegt, gewinnt gemeinsam, und wer gleich steht, teilt sich einen Platz.

## Die Seiten von /wizard rules.

# Die Themen, wie die Autovervollständigung sie anbietet.
rules-topic-classic = Regeln des klassischen Wizard
rules-topic-camelot = Regeln der Camelot-Edition
rules-topic-variants = Alle Varianten (Hausregeln)
rules-topic-variant = Variante: { $name }
rules-topic-unsupported = Noch nicht unterstützte Varianten
rules-unknown-topic = Ein Regelthema namens { $topic } gibt es nicht. Wähle eins davon: { $topics }.
# Die Seite einer Edition: ihr Titel und das Feld mit den anderen Themen. Die Befehle heißen, wie
# Discord sie auf Deutsch zeigt (commands.ftl).
rules-edition-title = Regeln: { $edition }
rules-more-topics = Weitere Themen (`/wizard regeln thema:…`)
# Der Titel des nächsten Embeds, wenn eine Seite mehr als eines braucht.
rules-continued = { $title } (Fortsetzung)
rules-variants-title = Varianten
rules-variants-intro = Hausregeln, die ein Tisch dazunehmen kann. Die Voreinstellungen eines Servers wählt man mit `/wizard einstellungen`; `/wizard regeln thema:<variante>` zeigt die ganze Regel.
# same in both
rules-variants-line = **{ $name }** (`{ $id }`): { $help }
rules-unsupported-intro = Das Regelheft nennt diese Varianten, aber der Bot bietet sie noch nicht an:
# same in both
rules-unsupported-line = **{ $name }**: { $why }.
# Die Felder der Seite einer Hausregel.
rules-in-short = Kurz gesagt
rules-cannot-combine = Nicht kombinierbar mit
rules-some-player-counts = Zusammen nur bei manchen Spielerzahlen
rules-at-no-player-count = { $name }: bei keiner Spielerzahl
rules-only-player-counts = { $name }: nur mit { $counts } Spielern
# Die letzten zwei von mehreren Zahlen („3, 4 oder 5“).
rules-or = { $first } oder { $last }
