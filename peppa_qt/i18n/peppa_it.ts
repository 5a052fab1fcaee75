<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="it_IT">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About Peppa</source>
        <translation>Informazioni su Peppa</translation>
    </message>
    <message>
        <source>The Italian Hearts card game: Peppa, Peppa Torino and Hearts for four players, and Belmont for six or eight with two decks.</source>
        <translation>Hearts all'italiana: Peppa, Peppa Torino e Hearts in quattro, e Belmont in sei o in otto con due mazzi.</translation>
    </message>
    <message>
        <source>Peppa uses Qt {qt} and Qt for Python (PySide6) {pyside}, by The Qt Company, under the GNU Lesser General Public License version 3 (LGPL-3.0). Their source code is available at https://code.qt.io and https://download.qt.io; you may replace them with your own modified versions.</source>
        <translation>Peppa usa Qt {qt} e Qt for Python (PySide6) {pyside}, di The Qt Company, distribuiti con la GNU Lesser General Public License versione 3 (LGPL-3.0). Il loro codice sorgente è disponibile su https://code.qt.io e https://download.qt.io; puoi sostituirli con versioni modificate da te.</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Licenza</translation>
    </message>
    <message>
        <source>Third-party software</source>
        <translation>Software di terze parti</translation>
    </message>
</context>
<context>
    <name>AidsBar</name>
    <message>
        <source>Hint (H)</source>
        <translation>Suggerimento (H)</translation>
    </message>
    <message>
        <source>Last trick (L)</source>
        <translation>Ultima presa (L)</translation>
    </message>
    <message>
        <source>Finish the hand (F)</source>
        <translation>Finisci la smazzata (F)</translation>
    </message>
</context>
<context>
    <name>CrashReporter</name>
    <message>
        <source>Something keeps going wrong inside Peppa, and the game cannot go on. Start Peppa again: your game goes on from where it was last autosaved. The details are in {path}.</source>
        <translation>Qualcosa continua a non funzionare dentro Peppa, e la partita non può andare avanti. Riavvia Peppa: la tua partita riprende dall'ultimo salvataggio automatico. I dettagli sono in {path}.</translation>
    </message>
    <message>
        <source>Something went wrong inside Peppa. The game goes on; the details are in {path}.</source>
        <translation>Qualcosa non ha funzionato dentro Peppa. La partita continua; i dettagli sono in {path}.</translation>
    </message>
</context>
<context>
    <name>GameOverPanel</name>
    <message>
        <source>Play again</source>
        <translation>Gioca ancora</translation>
    </message>
    <message>
        <source>New game…</source>
        <translation>Nuova partita…</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Partita finita</translation>
    </message>
    <message>
        <source>Winner: {name}</source>
        <translation>1º posto: {name}</translation>
    </message>
    <message>
        <source>Winners: {first} and {second}</source>
        <translation>Vittoria: {first} e {second}</translation>
    </message>
    <message>
        <source>Losers: {first} and {second}</source>
        <translation>Sconfitta: {first} e {second}</translation>
    </message>
    <message>
        <source>{undos} and {hints}</source>
        <translation>{undos} e {hints}</translation>
    </message>
    <message numerus="yes">
        <source>%n undo(s)</source>
        <translation>
            <numerusform>%n annullamento</numerusform>
            <numerusform>%n annullamenti</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hint(s)</source>
        <translation>
            <numerusform>%n suggerimento</numerusform>
            <numerusform>%n suggerimenti</numerusform>
        </translation>
    </message>
    <message>
        <source>Aids used — {list}</source>
        <translation>Aiuti usati — {list}</translation>
    </message>
    <message>
        <source>{ahead} ahead of {behind} (same total, {total}): no trick taken in the whole game.</source>
        <translation>{ahead} prima di {behind} (stesso totale, {total}): nessuna presa in tutta la partita.</translation>
    </message>
    <message>
        <source>{ahead} ahead of {behind} (same total, {total}): last trick taken earlier.</source>
        <translation>{ahead} prima di {behind} (stesso totale, {total}): ultima presa fatta prima.</translation>
    </message>
    <message>
        <source>{ahead} ahead of {behind} (same total, {total}; neither took a trick): order of play in the first trick of the last hand.</source>
        <translation>{ahead} prima di {behind} (stesso totale, {total}; nessuno dei due ha fatto prese): ordine di gioco nella prima presa dell'ultima smazzata.</translation>
    </message>
    <message>
        <source>you</source>
        <comment>the player, after 'ahead of'</comment>
        <translation>te</translation>
    </message>
</context>
<context>
    <name>HandOverScreen</name>
    <message>
        <source>{name}'s turn</source>
        <translation>Turno di {name}</translation>
    </message>
    <message>
        <source>Pass the computer to {name}. Only {name} should look now.</source>
        <translation>Passa il computer: ora gioca {name}. Deve guardare solo {name}.</translation>
    </message>
    <message>
        <source>Show {name}'s cards</source>
        <translation>Mostra le carte di {name}</translation>
    </message>
</context>
<context>
    <name>HandSummaryPanel</name>
    <message>
        <source>Final ranking</source>
        <translation>Classifica finale</translation>
    </message>
    <message>
        <source>Next hand</source>
        <translation>Prossima smazzata</translation>
    </message>
    <message>
        <source>Replay this deal…</source>
        <translation>Rigioca questa smazzata…</translation>
    </message>
    <message>
        <source>Review this hand…</source>
        <translation>Rivedi questa smazzata…</translation>
    </message>
    <message>
        <source>Hand {n}</source>
        <translation>Smazzata {n}</translation>
    </message>
    <message>
        <source>Points taken</source>
        <translation>Carte con punti prese</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Smazzata</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Totale</translation>
    </message>
    <message>
        <source>No cards taken ({bonus}): {names}</source>
        <translation>Nessuna carta presa ({bonus}): {names}</translation>
    </message>
    <message>
        <source>Deal number {number}</source>
        <translation>Numero di distribuzione {number}</translation>
    </message>
    <message>
        <source>The deal matches the fingerprint {fingerprint} (key {key}).</source>
        <translation>La distribuzione corrisponde all'impronta {fingerprint} (chiave {key}).</translation>
    </message>
    <message>
        <source>The deal does not match the fingerprint {fingerprint} (key {key}).</source>
        <translation>La distribuzione non corrisponde all'impronta {fingerprint} (chiave {key}).</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) this hand</source>
        <translation>
            <numerusform>%n punto in questa smazzata</numerusform>
            <numerusform>%n punti in questa smazzata</numerusform>
        </translation>
    </message>
    <message>
        <source>{name}: {points}, total {total}</source>
        <translation>{name}: {points}, totale {total}</translation>
    </message>
    <message>
        <source>{row}; no point cards taken</source>
        <translation>{row}; nessuna carta con punti</translation>
    </message>
    <message>
        <source>{row}; took {cards}</source>
        <translation>{row}; carte con punti: {cards}</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copia</translation>
    </message>
    <message>
        <source>Copied ✓</source>
        <translation>Copiato ✓</translation>
    </message>
    <message>
        <source>Copies the deal number {number}</source>
        <translation>Copia il numero di distribuzione {number}</translation>
    </message>
    <message>
        <source>A replayed deal: no fingerprint to match.</source>
        <translation>Replica di una distribuzione: nessuna impronta da confrontare.</translation>
    </message>
    <message>
        <source>✓ matches the fingerprint {fingerprint} (key {key})</source>
        <translation>✓ corrisponde all'impronta {fingerprint}
(chiave {key})</translation>
    </message>
    <message>
        <source>✗ does not match the fingerprint {fingerprint} (key {key})</source>
        <translation>✗ non corrisponde all'impronta {fingerprint}
(chiave {key})</translation>
    </message>
</context>
<context>
    <name>Hints</name>
    <message>
        <source>Pass the queen of spades: you have too few spades to hide it.</source>
        <translation>Passa la Peppa: hai troppo poche picche per nasconderla.</translation>
    </message>
    <message>
        <source>Pass your high spades, so the queen of spades cannot be dropped on them.</source>
        <translation>Passa le tue picche alte, così nessuno potrà scaricarci sopra la Peppa.</translation>
    </message>
    <message>
        <source>Pass your high hearts: they would win heart tricks.</source>
        <translation>Passa i tuoi cuori alti: vincerebbero le prese a cuori.</translation>
    </message>
    <message>
        <source>Pass a card that carries points.</source>
        <translation>Passa una carta con punti.</translation>
    </message>
    <message>
        <source>Pass high cards that would win tricks.</source>
        <translation>Passa le carte alte che vincerebbero delle prese.</translation>
    </message>
    <message>
        <source>Pass the cards likeliest to win tricks you do not want.</source>
        <translation>Passa le carte che più rischiano di farti prendere prese che non vuoi.</translation>
    </message>
    <message>
        <source>Keep your winners and pass low cards: you can take all the points.</source>
        <translation>Tieni le carte vincenti e passa quelle basse: puoi fare cappotto.</translation>
    </message>
    <message>
        <source>Pass your three highest cards.</source>
        <translation>Passa le tue tre carte più alte.</translation>
    </message>
    <message>
        <source>Get rid of your clubs, to discard on club tricks later.</source>
        <translation>Liberati delle carte di fiori, per poi scartare sulle prese a fiori.</translation>
    </message>
    <message>
        <source>Get rid of your diamonds, to discard on diamond tricks later.</source>
        <translation>Liberati delle carte di quadri, per poi scartare sulle prese a quadri.</translation>
    </message>
    <message>
        <source>Get rid of your hearts, to discard on heart tricks later.</source>
        <translation>Liberati delle carte di cuori, per poi scartare sulle prese a cuori.</translation>
    </message>
    <message>
        <source>Get rid of your spades, to discard on spade tricks later.</source>
        <translation>Liberati delle carte di picche, per poi scartare sulle prese a picche.</translation>
    </message>
    <message>
        <source>It is the only card you may play.</source>
        <translation>È l'unica carta che puoi giocare.</translation>
    </message>
    <message>
        <source>Lead a low card that someone else will have to beat.</source>
        <translation>Esci con una carta bassa che qualcun altro dovrà superare.</translation>
    </message>
    <message>
        <source>Lead your lowest of this suit: a higher card is out and may take it.</source>
        <translation>Esci con la tua carta più bassa di questo seme: ne gira ancora una più alta, che può vincere la presa.</translation>
    </message>
    <message>
        <source>Lead from a short suit, to be void in it soon.</source>
        <translation>Esci in un seme corto, così ne resterai presto senza.</translation>
    </message>
    <message>
        <source>Lead a low heart: someone else will take the trick.</source>
        <translation>Esci con una carta bassa di cuori: la presa la farà qualcun altro.</translation>
    </message>
    <message>
        <source>Lead a low spade to force out the queen of spades.</source>
        <translation>Esci con una carta bassa di picche per stanare la Peppa.</translation>
    </message>
    <message>
        <source>Stay under the winning spade: the queen of spades is still out.</source>
        <translation>Resta sotto la carta di picche che vince la presa: la Peppa non è ancora uscita.</translation>
    </message>
    <message>
        <source>Play a spade lower than the queen, so the queen cannot land on it.</source>
        <translation>Gioca una carta di picche più bassa della Peppa, così la Peppa non può caderci sopra.</translation>
    </message>
    <message>
        <source>You have taken no card yet: keep it that way for the bonus.</source>
        <translation>Non hai ancora preso nessuna carta: continua così per il bonus.</translation>
    </message>
    <message>
        <source>Get rid of the queen of spades on a trick someone else wins.</source>
        <translation>Scarica la Peppa su una presa che farà qualcun altro.</translation>
    </message>
    <message>
        <source>Get rid of a high spade while the queen of spades is still out.</source>
        <translation>Liberati di una carta alta di picche finché la Peppa non è uscita.</translation>
    </message>
    <message>
        <source>Give the jack of diamonds and its bonus to your partner.</source>
        <translation>Lascia al tuo compagno il fante di quadri e il suo bonus.</translation>
    </message>
    <message>
        <source>Keep the jack of diamonds and its bonus for a trick of your own.</source>
        <translation>Tieni il fante di quadri e il suo bonus per una presa tua.</translation>
    </message>
    <message>
        <source>Win this trick, for the bonus of the jack of diamonds in it.</source>
        <translation>Fai tu questa presa: c'è il fante di quadri con il suo bonus.</translation>
    </message>
    <message>
        <source>Your cards of this suit win anyway: lead the highest.</source>
        <translation>Le tue carte di questo seme prendono comunque: esci con la più alta.</translation>
    </message>
    <message>
        <source>Play your highest card that still loses the trick.</source>
        <translation>Gioca la tua carta più alta che non vince la presa.</translation>
    </message>
    <message>
        <source>You must go over: go as low as you can, hoping to be beaten.</source>
        <translation>Devi andare sopra: gioca la carta più bassa possibile e spera che qualcuno ti superi.</translation>
    </message>
    <message>
        <source>You play last on a trick without points: take it with a high card.</source>
        <translation>Chiudi tu una presa senza punti: falla tua con una carta alta.</translation>
    </message>
    <message>
        <source>Win an early round of the suit, before the others can discard points on it.</source>
        <translation>Prendi uno dei primi giri del seme, prima che gli altri possano scartarci sopra dei punti.</translation>
    </message>
    <message>
        <source>You have to win this trick: play your highest card.</source>
        <translation>Questa presa la fai per forza tu: gioca la tua carta più alta.</translation>
    </message>
    <message>
        <source>Discard your costliest heart on someone else's trick.</source>
        <translation>Scarta la carta di cuori che vale di più su una presa di qualcun altro.</translation>
    </message>
    <message>
        <source>Discard a card with points on someone else's trick.</source>
        <translation>Scarta una carta con punti su una presa di qualcun altro.</translation>
    </message>
    <message>
        <source>Discard a high card that could win a trick later.</source>
        <translation>Scarta una carta alta che più avanti potrebbe vincere una presa.</translation>
    </message>
    <message>
        <source>Give no points to your partner.</source>
        <translation>Non dare punti al tuo compagno.</translation>
    </message>
    <message>
        <source>Give no points that would end the game while you are behind.</source>
        <translation>Non dare punti che chiuderebbero la partita mentre sei indietro.</translation>
    </message>
    <message>
        <source>Take some points on purpose, so nobody takes them all.</source>
        <translation>Prendi apposta qualche punto, così nessuno fa cappotto.</translation>
    </message>
    <message>
        <source>Give no points to the player who is taking them all.</source>
        <translation>Non dare punti a chi sta per fare cappotto.</translation>
    </message>
    <message>
        <source>Go for all the points!</source>
        <translation>Punta al cappotto!</translation>
    </message>
    <message>
        <source>A card on a hunch.</source>
        <translation>Una carta a naso.</translation>
    </message>
    <message>
        <source>It did best when the rest of the hand was tried out.</source>
        <translation>È risultata la migliore simulando il resto della smazzata.</translation>
    </message>
    <message>
        <source>Playing {better} you left this trick to someone else; playing {other} you won it {theirs}, taking about {points} more.</source>
        <translation>Giocando {better} hai lasciato questa presa a un altro; giocando {other} l'hai fatta tu {theirs}, prendendo circa {points} in più.</translation>
    </message>
    <message>
        <source>Playing {better} you took about {points} fewer in this trick than playing {other}.</source>
        <translation>Giocando {better} hai preso circa {points} in meno in questa presa che giocando {other}.</translation>
    </message>
    <message>
        <source>Playing {better} you took about {points} fewer in the later tricks than playing {other}.</source>
        <translation>Giocando {better} hai preso circa {points} in meno nelle prese successive che giocando {other}.</translation>
    </message>
    <message>
        <source>Playing {better} you took the queen of spades {mine}; playing {other}, {theirs}.</source>
        <translation>Giocando {better} hai preso la Peppa {mine}; giocando {other}, {theirs}.</translation>
    </message>
    <message>
        <source>Playing {other} another player took all the points {theirs}; playing {better}, {mine}.</source>
        <translation>Giocando {other} un altro giocatore ha preso tutti i punti {theirs}; giocando {better}, {mine}.</translation>
    </message>
    <message>
        <source>Playing {better} you took all the points {mine}; playing {other}, {theirs}.</source>
        <translation>Giocando {better} hai preso tutti i punti {mine}; giocando {other}, {theirs}.</translation>
    </message>
    <message>
        <source>{better} or {other}: about the same here, less than half a point apart.</source>
        <translation>{better} o {other}: qui valgono più o meno lo stesso, meno di mezzo punto di differenza.</translation>
    </message>
    <message>
        <source>{better} or {other}: the first is only a little better, within the luck of the deals.</source>
        <translation>{better} o {other}: la prima è solo di poco migliore, e la differenza sta nella fortuna delle smazzate.</translation>
    </message>
    <message>
        <source>Passing {better} you took about {points} fewer in the hand than passing {other}.</source>
        <translation>Passando {better} hai preso circa {points} in meno nella smazzata che passando {other}.</translation>
    </message>
    <message>
        <source>Passing {better} you took the queen of spades {mine}; passing {other}, {theirs}.</source>
        <translation>Passando {better} hai preso la Peppa {mine}; passando {other}, {theirs}.</translation>
    </message>
    <message>
        <source>Passing {other} another player took all the points {theirs}; passing {better}, {mine}.</source>
        <translation>Passando {other} un altro giocatore ha preso tutti i punti {theirs}; passando {better}, {mine}.</translation>
    </message>
    <message>
        <source>Passing {better} you took all the points {mine}; passing {other}, {theirs}.</source>
        <translation>Passando {better} hai preso tutti i punti {mine}; passando {other}, {theirs}.</translation>
    </message>
    <message>
        <source>in under 1 deal in 20</source>
        <translation>in meno di 1 smazzata su 20</translation>
    </message>
    <message>
        <source>in almost every deal</source>
        <translation>in quasi tutte le smazzate</translation>
    </message>
    <message>
        <source>in about 1 deal in 10</source>
        <translation>in circa 1 smazzata su 10</translation>
    </message>
    <message>
        <source>in about {n} deals in 10</source>
        <translation>in circa {n} smazzate su 10</translation>
    </message>
    <message>
        <source>1 point</source>
        <translation>1 punto</translation>
    </message>
    <message>
        <source>{n} points</source>
        <translation>{n} punti</translation>
    </message>
    <message>
        <source>{cards} and {last}</source>
        <translation>{cards} e {last}</translation>
    </message>
</context>
<context>
    <name>HostGameDialog</name>
    <message>
        <source>Host a game</source>
        <translation>Ospita una partita</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Ospita</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Rete</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Porta</translation>
    </message>
    <message>
        <source>Let computers on this network find the table</source>
        <translation>Fai trovare il tavolo ai computer di questa rete</translation>
    </message>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation>
            <numerusform>%n giocatore</numerusform>
            <numerusform>%n giocatori</numerusform>
        </translation>
    </message>
    <message>
        <source>Player on another device</source>
        <translation>Giocatore su un altro dispositivo</translation>
    </message>
    <message>
        <source>Player {n}</source>
        <translation>Giocatore {n}</translation>
    </message>
    <message>
        <source>Open at least one seat to a player on another device.</source>
        <translation>Apri almeno un posto a un giocatore su un altro dispositivo.</translation>
    </message>
    <message>
        <source>At least one seat must be a human's.</source>
        <translation>Almeno un posto deve essere di una persona.</translation>
    </message>
</context>
<context>
    <name>JoinGameDialog</name>
    <message>
        <source>Join a game</source>
        <translation>Unisciti a una partita</translation>
    </message>
    <message>
        <source>Tables on this network</source>
        <translation>Tavoli in questa rete</translation>
    </message>
    <message>
        <source>None found yet: ask the host for the address and code.</source>
        <translation>Nessuno trovato per ora: chiedi a chi ospita l'indirizzo e il codice.</translation>
    </message>
    <message>
        <source>192.168.1.20 or 192.168.1.20:{port}</source>
        <translation>192.168.1.20 oppure 192.168.1.20:{port}</translation>
    </message>
    <message>
        <source>The name the others will see</source>
        <translation>Il nome che vedranno gli altri</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Indirizzo</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Codice</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Il tuo nome</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Unisciti</translation>
    </message>
    <message>
        <source>{host}: {rules}, {free} of {seats} seats free</source>
        <translation>{host}: {rules}, posti liberi: {free} su {seats}</translation>
    </message>
    <message>
        <source>A name holds a character that cannot be saved: change it.</source>
        <translation>Un nome contiene un carattere che non si può salvare: cambialo.</translation>
    </message>
</context>
<context>
    <name>KeyboardDialog</name>
    <message>
        <source>Keyboard</source>
        <translation>Tastiera</translation>
    </message>
    <message>
        <source>← →</source>
        <translation>← →</translation>
    </message>
    <message>
        <source>Move the ring over your cards</source>
        <translation>Evidenzia la carta precedente o la successiva</translation>
    </message>
    <message>
        <source>Home End</source>
        <translation>Inizio Fine</translation>
    </message>
    <message>
        <source>The ring to your first or last card</source>
        <translation>Evidenzia la tua prima o ultima carta</translation>
    </message>
    <message>
        <source>1 2 3 4</source>
        <translation>1 2 3 4</translation>
    </message>
    <message>
        <source>The ring to your clubs, diamonds, hearts, spades (again: the next one)</source>
        <translation>Evidenzia le tue carte di fiori, quadri, cuori, picche (di nuovo: la successiva)</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>Spazio</translation>
    </message>
    <message>
        <source>Choose a card to pass, or raise the card to play</source>
        <translation>Scegli una carta da passare, o alza la carta da giocare</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Invio</translation>
    </message>
    <message>
        <source>Pass the three cards chosen, or play the card with the ring</source>
        <translation>Passa le tre carte scelte, o gioca la carta evidenziata</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <source>The buttons on the table, then the score sheet</source>
        <translation>I pulsanti sul tavolo, poi il segnapunti</translation>
    </message>
    <message>
        <source>Any key</source>
        <translation>Un tasto qualsiasi</translation>
    </message>
    <message>
        <source>Sweep a finished trick at once (or click the table)</source>
        <translation>Porta via subito una presa finita (o fai clic sul tavolo)</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Leave full screen (F11 too)</source>
        <translation>Esci dallo schermo intero (anche F11)</translation>
    </message>
    <message>
        <source>Keys of the game</source>
        <translation>I tasti del gioco</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasti</translation>
    </message>
    <message>
        <source>What they do</source>
        <translation>A cosa servono</translation>
    </message>
    <message>
        <source>At the table</source>
        <translation>Al tavolo</translation>
    </message>
    <message>
        <source>Menu commands</source>
        <translation>Comandi dei menu</translation>
    </message>
    <message>
        <source>Left and Right arrows</source>
        <translation>Frecce sinistra e destra</translation>
    </message>
    <message>
        <source>{keys}: {what}</source>
        <translation>{keys}: {what}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Peppa</source>
        <translation>Peppa</translation>
    </message>
    <message>
        <source>Welcome to Peppa.</source>
        <translation>Ti diamo il benvenuto in Peppa.</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>Segnapunti</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Partita</translation>
    </message>
    <message>
        <source>&amp;Network</source>
        <translation>&amp;Rete</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Visualizza</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Impostazioni</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aiuto</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>&amp;Regole</translation>
    </message>
    <message>
        <source>&amp;Keyboard</source>
        <translation>&amp;Tastiera</translation>
    </message>
    <message>
        <source>&amp;About Peppa</source>
        <translation>&amp;Informazioni su Peppa</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Nuova partita…</translation>
    </message>
    <message>
        <source>&amp;Play again</source>
        <translation>&amp;Gioca ancora</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annulla</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Ripeti</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>Suggeri&amp;mento</translation>
    </message>
    <message>
        <source>&amp;Last trick</source>
        <translation>U&amp;ltima presa</translation>
    </message>
    <message>
        <source>Tric&amp;ks of this hand</source>
        <translation>Prese di &amp;questa smazzata</translation>
    </message>
    <message>
        <source>&amp;Finish the hand</source>
        <translation>&amp;Finisci la smazzata</translation>
    </message>
    <message>
        <source>Replay this &amp;deal…</source>
        <translation>Rigioca questa sma&amp;zzata…</translation>
    </message>
    <message>
        <source>New game from a deal nu&amp;mber…</source>
        <translation>Nuova partita da un numero di distri&amp;buzione…</translation>
    </message>
    <message>
        <source>&amp;Watch the computers play</source>
        <translation>Guar&amp;da giocare i computer</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>Statistic&amp;he…</translation>
    </message>
    <message>
        <source>S&amp;cores</source>
        <translation>P&amp;unteggi</translation>
    </message>
    <message>
        <source>Open r&amp;ecent</source>
        <translation>Apri recen&amp;ti</translation>
    </message>
    <message>
        <source>E&amp;xport record…</source>
        <translation>&amp;Esporta registrazione…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Es&amp;ci</translation>
    </message>
    <message>
        <source>&amp;Host a game…</source>
        <translation>&amp;Ospita una partita…</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>&amp;Schermo intero</translation>
    </message>
    <message>
        <source>Re&amp;view this hand…</source>
        <translation>Ri&amp;vedi questa smazzata…</translation>
    </message>
    <message>
        <source>&amp;Join a game…</source>
        <translation>&amp;Unisciti a una partita…</translation>
    </message>
    <message>
        <source>Your &amp;cards by suit</source>
        <translation>Le tue &amp;carte per seme</translation>
    </message>
    <message>
        <source>The &amp;trick so far</source>
        <translation>La p&amp;resa finora</translation>
    </message>
    <message>
        <source>The &amp;scores</source>
        <translation>I &amp;punteggi</translation>
    </message>
    <message>
        <source>Cards still &amp;out</source>
        <translation>Carte ancora in &amp;gioco</translation>
    </message>
    <message>
        <source>The &amp;last trick, said</source>
        <translation>L'&amp;ultima presa, a voce</translation>
    </message>
    <message>
        <source>The &amp;voids seen</source>
        <translation>I semi &amp;mancanti</translation>
    </message>
    <message>
        <source>&amp;Low vision</source>
        <translation>&amp;Ipovisione</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>A&amp;pri…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Salva</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>Salva con n&amp;ome…</translation>
    </message>
    <message>
        <source>&amp;Import record…</source>
        <translation>&amp;Importa registrazione…</translation>
    </message>
    <message>
        <source>&amp;Ask the table</source>
        <translation>&amp;Chiedi al tavolo</translation>
    </message>
    <message>
        <source>Animation &amp;speed</source>
        <translation>&amp;Velocità animazioni</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Lenta</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normale</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Veloce</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Disattivate</translation>
    </message>
    <message>
        <source>&amp;Four-colour deck</source>
        <translation>Mazzo a &amp;quattro colori</translation>
    </message>
    <message>
        <source>&amp;Blue card backs</source>
        <translation>Dorsi &amp;blu</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Preferenze…</translation>
    </message>
    <message>
        <source>Undo (not with several human players: it would show their cards)</source>
        <translation>Annulla (non con più giocatori umani: mostrerebbe le loro carte)</translation>
    </message>
    <message>
        <source>&amp;Undo {card}</source>
        <translation>&amp;Annulla {card}</translation>
    </message>
    <message>
        <source>&amp;Undo the pass</source>
        <translation>&amp;Annulla il passaggio delle carte</translation>
    </message>
    <message>
        <source>&amp;Redo {card}</source>
        <translation>&amp;Ripeti {card}</translation>
    </message>
    <message>
        <source>&amp;Redo the pass</source>
        <translation>&amp;Ripeti il passaggio delle carte</translation>
    </message>
    <message>
        <source>No saved games yet</source>
        <translation>Ancora nessuna partita salvata</translation>
    </message>
</context>
<context>
    <name>Narration</name>
    <message>
        <source>No {suit} in your hand.</source>
        <translation>Nessuna carta di {suit} in mano.</translation>
    </message>
    <message>
        <source>Choose three cards to pass.</source>
        <translation>Scegli tre carte da passare.</translation>
    </message>
    <message>
        <source>Your turn: play a card.</source>
        <translation>Tocca a te: gioca una carta.</translation>
    </message>
    <message>
        <source>You received {cards} from {name}.</source>
        <translation>Hai ricevuto {cards} da {name}.</translation>
    </message>
    <message>
        <source>No passing in this hand.</source>
        <translation>In questa smazzata non si passano carte.</translation>
    </message>
    <message>
        <source>Waiting for the other players to pass…</source>
        <translation>In attesa che gli altri passino le carte…</translation>
    </message>
    <message>
        <source>Cards passed.</source>
        <translation>Carte passate.</translation>
    </message>
    <message>
        <source>{name}'s turn.</source>
        <translation>È il turno di {name}.</translation>
    </message>
    <message>
        <source>Hint: {cards}. {reason}</source>
        <translation>Suggerimento: {cards}. {reason}</translation>
    </message>
    <message>
        <source>You play {card}.</source>
        <translation>Giochi {card}.</translation>
    </message>
    <message>
        <source>{name} plays {card}.</source>
        <translation>{name} gioca {card}.</translation>
    </message>
    <message>
        <source>Hearts are broken.</source>
        <translation>I cuori sono aperti.</translation>
    </message>
    <message>
        <source>Your turn.</source>
        <translation>Tocca a te.</translation>
    </message>
    <message>
        <source>{name}: {card}.</source>
        <translation>{name}: {card}.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tu</translation>
    </message>
    <message numerus="yes">
        <source>You take the trick: %n point(s).</source>
        <translation>
            <numerusform>Fai la presa: %n punto.</numerusform>
            <numerusform>Fai la presa: %n punti.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} takes the trick: %n point(s).</source>
        <translation>
            <numerusform>{name} fa la presa: %n punto.</numerusform>
            <numerusform>{name} fa la presa: %n punti.</numerusform>
        </translation>
    </message>
    <message>
        <source>The Peppa is taken!</source>
        <translation>Presa la Peppa!</translation>
    </message>
    <message>
        <source>Three cards chosen: press “Pass cards” (Enter), or Space on one (or a click) to put it back.</source>
        <translation>Tre carte scelte: premi «Passa le carte» (Invio), o Spazio su una (o un clic) per rimetterla in mano.</translation>
    </message>
    <message>
        <source>From {name}: {cards}.</source>
        <translation>Da {name}: {cards}.</translation>
    </message>
    <message>
        <source>Hearts broken.</source>
        <translation>Cuori aperti.</translation>
    </message>
    <message>
        <source>Peppa taken!</source>
        <translation>Peppa presa!</translation>
    </message>
    <message numerus="yes">
        <source>You take, %n point(s).</source>
        <translation>
            <numerusform>Prendi tu, %n punto.</numerusform>
            <numerusform>Prendi tu, %n punti.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} takes, %n point(s).</source>
        <translation>
            <numerusform>{name} prende, %n punto.</numerusform>
            <numerusform>{name} prende, %n punti.</numerusform>
        </translation>
    </message>
    <message>
        <source>Points: {points}.</source>
        <translation>Punti: {points}.</translation>
    </message>
    <message>
        <source>Hand over. Points: {points}.</source>
        <translation>Smazzata finita. Punti: {points}.</translation>
    </message>
    <message>
        <source>Second {card} wins: of two equal cards, the later one takes the trick.</source>
        <translation>Vince il secondo {card}: tra due carte uguali, la presa va a quella giocata dopo.</translation>
    </message>
    <message>
        <source>You led and took it.</source>
        <translation>Hai aperto e l'hai presa tu.</translation>
    </message>
    <message>
        <source>{leader} led and took it.</source>
        <translation>{leader} ha aperto e l'ha presa.</translation>
    </message>
    <message>
        <source>You led, {winner} took it.</source>
        <translation>Hai aperto, {winner} l'ha presa.</translation>
    </message>
    <message>
        <source>{leader} led, you took it.</source>
        <translation>{leader} ha aperto, l'hai presa tu.</translation>
    </message>
    <message>
        <source>{leader} led, {winner} took it.</source>
        <translation>{leader} ha aperto, {winner} l'ha presa.</translation>
    </message>
    <message>
        <source>Points: {points}</source>
        <translation>Punti: {points}</translation>
    </message>
    <message>
        <source>Trick {number}</source>
        <translation>Presa {number}</translation>
    </message>
</context>
<context>
    <name>NetworkCommands</name>
    <message>
        <source>The game in progress will be lost. Host the new game?</source>
        <translation>La partita in corso andrà persa. Ospitare la nuova partita?</translation>
    </message>
    <message>
        <source>&amp;Host</source>
        <translation>&amp;Ospita</translation>
    </message>
    <message>
        <source>The table cannot listen on port {port}: {why}</source>
        <translation>Il tavolo non può restare in ascolto sulla porta {port}: {why}</translation>
    </message>
    <message>
        <source>The game in progress will be lost. Join the table?</source>
        <translation>La partita in corso andrà persa. Unirsi al tavolo?</translation>
    </message>
    <message>
        <source>&amp;Join</source>
        <translation>&amp;Unisciti</translation>
    </message>
    <message>
        <source>Joining table {code}…</source>
        <translation>Mi unisco al tavolo {code}…</translation>
    </message>
    <message>
        <source>The table you were hosting was interrupted. Host it again? Its players come back to their seats.</source>
        <translation>Il tavolo che stavi ospitando si è interrotto. Ospitarlo di nuovo? I giocatori tornano ai loro posti.</translation>
    </message>
    <message>
        <source>The table cannot be hosted again: {why}</source>
        <translation>Il tavolo non può essere ospitato di nuovo: {why}</translation>
    </message>
    <message>
        <source>The table could not be joined: {why}</source>
        <translation>Non è stato possibile unirsi al tavolo: {why}</translation>
    </message>
    <message>
        <source>Connection to the table lost: trying again…</source>
        <translation>Connessione al tavolo persa: riprovo…</translation>
    </message>
    <message>
        <source>Back at the table.</source>
        <translation>Di nuovo al tavolo.</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>You</source>
        <translation>Tu</translation>
    </message>
    <message>
        <source>To the right every hand</source>
        <translation>A destra a ogni smazzata</translation>
    </message>
    <message>
        <source>To the left every hand</source>
        <translation>A sinistra a ogni smazzata</translation>
    </message>
    <message>
        <source>Across every hand</source>
        <translation>Di fronte a ogni smazzata</translation>
    </message>
    <message>
        <source>No passing</source>
        <translation>Nessun passaggio</translation>
    </message>
    <message>
        <source>right</source>
        <translation>destra</translation>
    </message>
    <message>
        <source>left</source>
        <translation>sinistra</translation>
    </message>
    <message>
        <source>across</source>
        <translation>di fronte</translation>
    </message>
    <message>
        <source>no pass</source>
        <translation>nessun passaggio</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Nuova partita</translation>
    </message>
    <message>
        <source>New game from a deal number</source>
        <translation>Nuova partita da un numero di distribuzione</translation>
    </message>
    <message>
        <source>Replay this deal</source>
        <translation>Rigioca questa smazzata</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Inizia</translation>
    </message>
    <message>
        <source>Deal</source>
        <translation>Distribuzione</translation>
    </message>
    <message>
        <source>Deal number</source>
        <translation>Numero di distribuzione</translation>
    </message>
    <message>
        <source>Seat {n}</source>
        <translation>Posto {n}</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation>
            <numerusform>%n giocatore</numerusform>
            <numerusform>%n giocatori</numerusform>
        </translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tavolo</translation>
    </message>
    <message>
        <source>Rule set</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>At a points limit</source>
        <translation>A punti</translation>
    </message>
    <message>
        <source>After a number of hands</source>
        <translation>A smazzate</translation>
    </message>
    <message>
        <source>End of the game</source>
        <translation>Fine della partita</translation>
    </message>
    <message>
        <source>Only when a total goes past the limit</source>
        <translation>Solo quando un totale supera il limite</translation>
    </message>
    <message>
        <source>The others score the points</source>
        <translation>I punti vanno agli altri</translation>
    </message>
    <message>
        <source>The taker subtracts the points</source>
        <translation>Chi fa cappotto li sottrae</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Non vale</translation>
    </message>
    <message>
        <source>Taking every point card</source>
        <translation>Cappotto</translation>
    </message>
    <message>
        <source>Passing</source>
        <translation>Passaggio</translation>
    </message>
    <message>
        <source>No value</source>
        <translation>Nessun valore</translation>
    </message>
    <message>
        <source>−10 points</source>
        <translation>−10 punti</translation>
    </message>
    <message>
        <source>+10 points</source>
        <translation>+10 punti</translation>
    </message>
    <message>
        <source>Jack of diamonds</source>
        <translation>Fante di quadri</translation>
    </message>
    <message>
        <source>The seven of clubs is worth 7 points</source>
        <translation>Il sette di fiori vale 7 punti</translation>
    </message>
    <message>
        <source>36 cards (six to ace)</source>
        <translation>36 carte (dal sei all'asso)</translation>
    </message>
    <message>
        <source>Teams: partners sit across</source>
        <translation>A coppie: i compagni siedono di fronte</translation>
    </message>
    <message>
        <source>The queen of spades breaks hearts</source>
        <translation>La donna di picche apre i cuori</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Giocatori</translation>
    </message>
    <message>
        <source>{number} (a number without check digits: compare it digit by digit)</source>
        <translation>{number} (un numero senza cifre di controllo: confrontalo cifra per cifra)</translation>
    </message>
    <message>
        <source>Type the deal number, like {number}.</source>
        <translation>Scrivi il numero di distribuzione, ad esempio {number}.</translation>
    </message>
    <message>
        <source>This deal number has a typo: check its digits.</source>
        <translation>Questo numero di distribuzione ha un errore di battitura: controlla le cifre.</translation>
    </message>
    <message>
        <source>A deal number has 14 digits, like {number}.</source>
        <translation>Un numero di distribuzione ha 14 cifre, ad esempio {number}.</translation>
    </message>
    <message>
        <source>South</source>
        <translation>Sud</translation>
    </message>
    <message>
        <source>East</source>
        <translation>Est</translation>
    </message>
    <message>
        <source>North</source>
        <translation>Nord</translation>
    </message>
    <message>
        <source>West</source>
        <translation>Ovest</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>Persona</translation>
    </message>
    <message>
        <source>Computer: {level}</source>
        <translation>Computer: {level}</translation>
    </message>
    <message>
        <source>Player {n}</source>
        <translation>Giocatore {n}</translation>
    </message>
    <message>
        <source>At least one seat must be a human's.</source>
        <translation>Almeno un posto deve essere di una persona.</translation>
    </message>
    <message>
        <source>Two human players have the same name: give each their own.</source>
        <translation>Due persone hanno lo stesso nome: danne uno diverso a ciascuna.</translation>
    </message>
    <message>
        <source>A name holds a character that cannot be saved: change it.</source>
        <translation>Un nome contiene un carattere che non si può salvare: cambialo.</translation>
    </message>
    <message>
        <source>0000-0000-0000 is not a deal number.</source>
        <translation>0000-0000-0000 non è un numero di distribuzione.</translation>
    </message>
    <message>
        <source>{seat} plays the cards dealt to</source>
        <translation>{seat} gioca le carte di</translation>
    </message>
    <message numerus="yes">
        <source> hand(s)</source>
        <translation>
            <numerusform> smazzata</numerusform>
            <numerusform> smazzate</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> point(s)</source>
        <translation>
            <numerusform> punto</numerusform>
            <numerusform> punti</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Notices</name>
    <message>
        <source>Peppa</source>
        <translation>Peppa</translation>
    </message>
</context>
<context>
    <name>PassPanel</name>
    <message>
        <source>Pass cards</source>
        <translation>Passa le carte</translation>
    </message>
</context>
<context>
    <name>PassSelection</name>
    <message>
        <source>Pass three cards to {name} {arrow}</source>
        <translation>Scegli tre carte per {name} {arrow}</translation>
    </message>
    <message>
        <source>Three cards chosen: press Space on one (or click it) to put it back.</source>
        <translation>Tre carte scelte: premi Spazio su una (o fai clic) per rimetterla in mano.</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Cerca in:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>File di &amp;tipo:</translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message>
        <source>Good</source>
        <translation>Buona</translation>
    </message>
    <message>
        <source>Inaccuracy</source>
        <translation>Imprecisione</translation>
    </message>
    <message>
        <source>Mistake</source>
        <translation>Errore</translation>
    </message>
    <message>
        <source>Blunder</source>
        <translation>Errore grave</translation>
    </message>
    <message>
        <source>The pass</source>
        <translation>Il passaggio</translation>
    </message>
    <message>
        <source>Trick {n}</source>
        <translation>Presa {n}</translation>
    </message>
    <message>
        <source>Hand {n}</source>
        <translation>Smazzata {n}</translation>
    </message>
    <message>
        <source>Your choices in the hand</source>
        <translation>Le tue scelte nella smazzata</translation>
    </message>
    <message numerus="yes">
        <source>%n inaccuracy(ies)</source>
        <translation>
            <numerusform>%n imprecisione</numerusform>
            <numerusform>%n imprecisioni</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mistake(s)</source>
        <translation>
            <numerusform>%n errore</numerusform>
            <numerusform>%n errori</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n blunder(s)</source>
        <translation>
            <numerusform>%n errore grave</numerusform>
            <numerusform>%n errori gravi</numerusform>
        </translation>
    </message>
    <message>
        <source>No choice marked: well played.</source>
        <translation>Nessuna scelta da segnalare: hai giocato bene.</translation>
    </message>
    <message numerus="yes">
        <source>about %n point(s) lost</source>
        <translation>
            <numerusform>circa %n punto perso</numerusform>
            <numerusform>circa %n punti persi</numerusform>
        </translation>
    </message>
    <message>
        <source>under a point lost</source>
        <translation>meno di un punto perso</translation>
    </message>
    <message>
        <source>{marks}: {lost}</source>
        <comment>the hand's summary: the marks, then the points lost</comment>
        <translation>{marks}: {lost}</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Indietro</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Avanti ▶</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Dettagli</translation>
    </message>
    <message>
        <source>What each choice was worth, and with every card known</source>
        <translation>Quanto valeva ogni scelta, e come sarebbe andata a carte scoperte</translation>
    </message>
    <message>
        <source>{place}: {grade}</source>
        <comment>a step of the review, as a screen reader says it</comment>
        <translation>{place}: {grade}</translation>
    </message>
    <message>
        <source>Too close to tell</source>
        <translation>Troppo vicine per giudicare</translation>
    </message>
    <message>
        <source>{grade}: about {points} points lost</source>
        <comment>the grade, then the points lost</comment>
        <translation>{grade}: circa {points} punti persi</translation>
    </message>
    <message>
        <source>You passed {cards}: the best pass.</source>
        <translation>Hai passato {cards}: il passaggio migliore.</translation>
    </message>
    <message>
        <source>You played {cards}: the best card.</source>
        <translation>Hai giocato {cards}: la carta migliore.</translation>
    </message>
    <message>
        <source>{best} may be worth about {points} points more than your {cards}, but that is within the search's margin (± {error}): it cannot tell them apart.</source>
        <translation>{best} potrebbe valere circa {points} punti più della tua scelta ({cards}), ma la differenza è entro il margine d'incertezza della ricerca (± {error}): non si possono distinguere.</translation>
    </message>
    <message>
        <source>You chose {cards}; {best} was worth a little more: good enough.</source>
        <translation>Hai scelto {cards}; {best} valeva appena di più: va bene così.</translation>
    </message>
    <message>
        <source>The better pass was {best}; you passed {cards}.</source>
        <translation>Era meglio passare {best}; hai passato {cards}.</translation>
    </message>
    <message>
        <source>The better card was {best}; you played {cards}.</source>
        <translation>Era meglio giocare {best}; hai giocato {cards}.</translation>
    </message>
    <message>
        <source>Points each choice loses against the best (lower is better): {values}. Margin of the search: ± {error}.</source>
        <translation>Punti che ogni scelta perde rispetto alla migliore (meno è meglio): {values}. Margine d'incertezza della ricerca: ± {error}.</translation>
    </message>
    <message>
        <source>As the cards really lay, {cards} worked out; but from what you could see it was the worse bet.</source>
        <translation>Con le carte com'erano davvero, con {cards} ti è andata bene; ma da quello che potevi vedere era la scommessa peggiore.</translation>
    </message>
    <message>
        <source>As the cards really lay, {best} would have scored {gain} more; but from what you could see your choice was a sound bet.</source>
        <translation>Con le carte com'erano davvero, con {best} ti sarebbe andata meglio di {gain} punti; ma da quello che potevi vedere la tua era una scelta sensata.</translation>
    </message>
    <message>
        <source>With every card known (not graded): your choice did as well as any.</source>
        <translation>A carte scoperte (non conta per il giudizio): nessun'altra scelta avrebbe fatto meglio.</translation>
    </message>
    <message>
        <source>With every card known (not graded): {best} would have scored {gain} more.</source>
        <translation>A carte scoperte (non conta per il giudizio): con {best} sarebbe andata meglio di {gain} punti.</translation>
    </message>
    <message>
        <source>Review of hand {n}</source>
        <translation>Revisione della smazzata {n}</translation>
    </message>
    <message>
        <source>Working out the review…</source>
        <translation>Sto preparando la revisione…</translation>
    </message>
    <message>
        <source>Working out the review: {done} of {total} choices…</source>
        <translation>Sto preparando la revisione: {done} scelte su {total}…</translation>
    </message>
    <message>
        <source>The review could not be worked out.</source>
        <translation>Non è stato possibile preparare la revisione.</translation>
    </message>
    <message>
        <source>Your cards</source>
        <translation>Le tue carte</translation>
    </message>
    <message>
        <source>On the table</source>
        <translation>In tavola</translation>
    </message>
    <message>
        <source>You lead.</source>
        <translation>Tocca a te aprire la presa.</translation>
    </message>
    <message>
        <source>You passed {given}; you received {got}.</source>
        <translation>Hai passato {given}; hai ricevuto {got}.</translation>
    </message>
    <message>
        <source>{name}: no {suits}</source>
        <translation>{name}: niente {suits}</translation>
    </message>
    <message>
        <source>Known: {voids}.</source>
        <translation>Già noto: {voids}.</translation>
    </message>
    <message>
        <source>You played {card}: there was no other choice.</source>
        <translation>Hai giocato {card}: non c'era altra scelta.</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Lingua</translation>
    </message>
</context>
<context>
    <name>ScoreSheetModel</name>
    <message>
        <source>Took every point card in this hand</source>
        <translation>Ha preso tutte le carte con punti in questa smazzata</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Totale</translation>
    </message>
</context>
<context>
    <name>SeatPlates</name>
    <message>
        <source>Dealer</source>
        <translation>Mazziere</translation>
    </message>
    <message>
        <source>D</source>
        <comment>the dealer's chip</comment>
        <translation>M</translation>
    </message>
    <message>
        <source>Total {points}</source>
        <translation>Totale {points}</translation>
    </message>
    <message>
        <source>+{points}</source>
        <translation>+{points}</translation>
    </message>
    <message>
        <source>−{points}</source>
        <translation>−{points}</translation>
    </message>
    <message>
        <source>{rules} · hand {n} of {count}</source>
        <translation>{rules} · smazzata {n} di {count}</translation>
    </message>
    <message>
        <source>{rules} · hand {n} · to {count}</source>
        <translation>{rules} · smazzata {n} · a {count} punti</translation>
    </message>
    <message>
        <source>Pass: {direction} {arrow}</source>
        <translation>Passaggio: {direction} {arrow}</translation>
    </message>
    <message>
        <source>♥ Hearts broken</source>
        <translation>♥ Cuori aperti</translation>
    </message>
    <message>
        <source>♡ Hearts not broken</source>
        <translation>♡ Cuori non ancora aperti</translation>
    </message>
    <message>
        <source>Replay of deal {number}</source>
        <translation>Replica della distribuzione {number}</translation>
    </message>
    <message>
        <source>Deal fingerprint {code}</source>
        <translation>Impronta {code}</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Impostazioni</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tavolo</translation>
    </message>
    <message>
        <source>Playing</source>
        <translation>Gioco</translation>
    </message>
    <message>
        <source>New games</source>
        <translation>Nuove partite</translation>
    </message>
    <message>
        <source>Screen reader</source>
        <translation>Lettore di schermo</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Lenta</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normale</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Veloce</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Disattivate</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>Velocità animazioni</translation>
    </message>
    <message>
        <source>Pause at the end of each trick</source>
        <translation>Pausa alla fine di ogni presa</translation>
    </message>
    <message>
        <source>The last card stays on the table a moment, so you can see who played what; a click or a key sweeps the trick at once.</source>
        <translation>L'ultima carta resta un momento sul tavolo, così vedi chi ha giocato cosa; un clic o un tasto porta via subito la presa.</translation>
    </message>
    <message>
        <source>Classic</source>
        <translation>Classico</translation>
    </message>
    <message>
        <source>Large index</source>
        <comment>card faces</comment>
        <translation>Indici grandi</translation>
    </message>
    <message>
        <source>Card faces</source>
        <translation>Disegno delle carte</translation>
    </message>
    <message>
        <source>Four colours: clubs green, diamonds blue</source>
        <translation>Quattro colori: fiori verdi, quadri blu</translation>
    </message>
    <message>
        <source>Low vision: large cards, high contrast, four colours</source>
        <translation>Ipovisione: carte grandi, alto contrasto, quattro colori</translation>
    </message>
    <message>
        <source>Your cards and the trick drawn larger, cards with thick outlines and large indices on a plain dark table, and the keyboard's ring wider.</source>
        <translation>Le tue carte e la presa più grandi, carte con un bordo nero spesso e indici grandi su un tavolo scuro e uniforme, e più evidente la carta su cui sei con la tastiera.</translation>
    </message>
    <message>
        <source>Suit order in your hand</source>
        <translation>Ordine dei semi in mano</translation>
    </message>
    <message>
        <source>♣</source>
        <comment>clubs</comment>
        <translation>♣</translation>
    </message>
    <message>
        <source>♦</source>
        <comment>diamonds</comment>
        <translation>♦</translation>
    </message>
    <message>
        <source>♥</source>
        <comment>hearts</comment>
        <translation>♥</translation>
    </message>
    <message>
        <source>♠</source>
        <comment>spades</comment>
        <translation>♠</translation>
    </message>
    <message>
        <source>Red</source>
        <translation>Rosso</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>Blu</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>Verde</translation>
    </message>
    <message>
        <source>Card backs</source>
        <translation>Dorso delle carte</translation>
    </message>
    <message>
        <source>Grey</source>
        <translation>Grigio</translation>
    </message>
    <message>
        <source>Table colour</source>
        <translation>Colore del tavolo</translation>
    </message>
    <message>
        <source>Play my card automatically when only one card is legal</source>
        <translation>Gioca da sé l'unica carta che si può giocare</translation>
    </message>
    <message>
        <source>Finish the hand by itself once the rest of it is decided</source>
        <translation>Gioca da sé il resto della smazzata quando è già deciso</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Lingua</translation>
    </message>
    <message>
        <source>Continue the last game at start without asking</source>
        <translation>All'avvio riprendi l'ultima partita senza chiedere</translation>
    </message>
    <message>
        <source>Sound effects</source>
        <translation>Effetti sonori</translation>
    </message>
    <message>
        <source>As the system</source>
        <translation>Lingua del sistema</translation>
    </message>
    <message>
        <source>The game that Game ▸ New game offers first:</source>
        <translation>La partita proposta per prima da Partita ▸ Nuova partita:</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Giocatori</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>Modifica…</translation>
    </message>
    <message numerus="yes">
        <source>%n hand(s)</source>
        <translation>
            <numerusform>%n smazzata</numerusform>
            <numerusform>%n smazzate</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>to %n point(s)</source>
        <translation>
            <numerusform>a %n punto</numerusform>
            <numerusform>a %n punti</numerusform>
        </translation>
    </message>
    <message>
        <source>{rules}, {limit}</source>
        <translation>{rules}, {limit}</translation>
    </message>
</context>
<context>
    <name>SpeechTab</name>
    <message>
        <source>Brief</source>
        <translation>Breve</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normale</translation>
    </message>
    <message>
        <source>Detailed: the computers' turns too</source>
        <translation>Dettagliato: anche i turni del computer</translation>
    </message>
    <message>
        <source>What a screen reader is told</source>
        <translation>Quanto dice il lettore di schermo</translation>
    </message>
    <message>
        <source>Announce:</source>
        <translation>Annuncia:</translation>
    </message>
    <message>
        <source>Cards played</source>
        <translation>Le carte giocate</translation>
    </message>
    <message>
        <source>Tricks taken and their points</source>
        <translation>Le prese e i loro punti</translation>
    </message>
    <message>
        <source>Hearts broken and the Peppa taken</source>
        <translation>I cuori aperti e la Peppa presa</translation>
    </message>
    <message>
        <source>Cards received in the pass</source>
        <translation>Le carte ricevute nel passaggio</translation>
    </message>
    <message>
        <source>Whose turn it is</source>
        <translation>A chi tocca</translation>
    </message>
    <message>
        <source>The hand's points</source>
        <translation>I punti della smazzata</translation>
    </message>
    <message>
        <source>Why a card is refused</source>
        <translation>Perché una carta non si può giocare</translation>
    </message>
</context>
<context>
    <name>SpokenTable</name>
    <message>
        <source>Card table</source>
        <translation>Tavolo da gioco</translation>
    </message>
    <message numerus="yes">
        <source>Your hand, %n card(s)</source>
        <translation>
            <numerusform>Le tue carte, %n carta</numerusform>
            <numerusform>Le tue carte, %n carte</numerusform>
        </translation>
    </message>
    <message>
        <source>{card}, chosen to pass</source>
        <translation>{card}, scelta da passare</translation>
    </message>
    <message>
        <source>{card}, playable</source>
        <translation>{card}, giocabile</translation>
    </message>
    <message>
        <source>{card}, not playable</source>
        <translation>{card}, non giocabile</translation>
    </message>
    <message>
        <source>Cards on the table</source>
        <translation>Carte in tavola</translation>
    </message>
    <message>
        <source>{name}: {card}</source>
        <translation>{name}: {card}</translation>
    </message>
    <message numerus="yes">
        <source>{name}: %n card(s) left, {taken}, total {total}</source>
        <translation>
            <numerusform>{name}: %n carta in mano, {taken}, totale {total}</numerusform>
            <numerusform>{name}: %n carte in mano, {taken}, totale {total}</numerusform>
        </translation>
    </message>
    <message>
        <source>{plate}, to play</source>
        <translation>{plate}, di turno</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) taken</source>
        <translation>
            <numerusform>%n punto preso</numerusform>
            <numerusform>%n punti presi</numerusform>
        </translation>
    </message>
    <message>
        <source>Last card you can play.</source>
        <translation>Ultima carta giocabile.</translation>
    </message>
    <message>
        <source>First card you can play.</source>
        <translation>Prima carta giocabile.</translation>
    </message>
    <message>
        <source>Last card.</source>
        <translation>Ultima carta.</translation>
    </message>
    <message>
        <source>First card.</source>
        <translation>Prima carta.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nessuna</translation>
    </message>
    <message>
        <source>{suit}: {cards}.</source>
        <translation>{suit}: {cards}.</translation>
    </message>
    <message>
        <source>No cards on the table.</source>
        <translation>Nessuna carta in tavola.</translation>
    </message>
    <message>
        <source>On the table: {cards}.</source>
        <translation>In tavola: {cards}.</translation>
    </message>
    <message>
        <source>No game yet.</source>
        <translation>Nessuna partita in corso.</translation>
    </message>
    <message>
        <source>{name} {total} ({taken})</source>
        <translation>{name} {total} ({taken})</translation>
    </message>
    <message>
        <source>Scores: {scores}.</source>
        <translation>Punteggi: {scores}.</translation>
    </message>
    <message>
        <source>Still out: {cards}</source>
        <translation>Ancora in gioco: {cards}</translation>
    </message>
    <message>
        <source>{name}: no {suits}</source>
        <translation>{name}: senza {suits}</translation>
    </message>
    <message>
        <source>Nobody has shown a void yet.</source>
        <translation>Nessuno ha ancora mostrato di non avere un seme.</translation>
    </message>
    <message>
        <source>Voids seen: {voids}.</source>
        <translation>Semi mancanti: {voids}.</translation>
    </message>
    <message>
        <source>No trick has been taken yet in this hand.</source>
        <translation>In questa smazzata nessuno ha ancora fatto una presa.</translation>
    </message>
    <message>
        <source>Last trick: {cards}. {name} took it.</source>
        <translation>Ultima presa: {cards}. L'ha presa {name}.</translation>
    </message>
</context>
<context>
    <name>StatisticsDialog</name>
    <message>
        <source>Statistics</source>
        <translation>Statistiche</translation>
    </message>
    <message>
        <source>No game has been finished yet.</source>
        <translation>Ancora nessuna partita conclusa.</translation>
    </message>
    <message>
        <source>All rule sets</source>
        <translation>Tutte le varianti</translation>
    </message>
    <message>
        <source>Rule set</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>Points per &amp;hand</source>
        <translation>Punti per &amp;smazzata</translation>
    </message>
    <message>
        <source>&amp;Reviews</source>
        <translation>&amp;Revisioni</translation>
    </message>
    <message>
        <source>Reset…</source>
        <translation>Azzera…</translation>
    </message>
    <message>
        <source>{name}, {rules}: points per hand, game by game</source>
        <translation>{name}, {rules}: punti per smazzata, partita per partita</translation>
    </message>
    <message>
        <source>{name}: no hand reviewed yet. Only a reviewed hand has points lost to show (a human's, with Game ▸ Review this hand… after the hand).</source>
        <translation>{name}: ancora nessuna smazzata rivista. Solo una smazzata rivista ha dei punti persi da mostrare (quella di una persona, con Partita ▸ Rivedi questa smazzata… a smazzata finita).</translation>
    </message>
    <message numerus="yes">
        <source>{name}: points lost per reviewed hand, by game (%n hand(s) reviewed, {lost} on average; hands not reviewed are not counted)</source>
        <translation>
            <numerusform>{name}: punti persi per smazzata rivista, partita per partita (%n smazzata rivista, in media {lost}; le smazzate non riviste non contano)</numerusform>
            <numerusform>{name}: punti persi per smazzata rivista, partita per partita (%n smazzate riviste, in media {lost}; le smazzate non riviste non contano)</numerusform>
        </translation>
    </message>
    <message>
        <source>Forget the statistics of every player and rule set?</source>
        <translation>Vuoi cancellare le statistiche di tutti i giocatori e di tutte le varianti?</translation>
    </message>
</context>
<context>
    <name>StatisticsModel</name>
    <message>
        <source>{wins} ({percent}%)</source>
        <translation>{wins} ({percent}%)</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Giocatore</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partite</translation>
    </message>
    <message>
        <source>Wins</source>
        <translation>Vittorie</translation>
    </message>
    <message>
        <source>Points per hand</source>
        <translation>Punti per smazzata</translation>
    </message>
    <message>
        <source>Moons</source>
        <translation>Cappotti</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>Migliore</translation>
    </message>
    <message>
        <source>Worst</source>
        <translation>Peggiore</translation>
    </message>
    <message>
        <source>Undos</source>
        <translation>Annullamenti</translation>
    </message>
    <message>
        <source>Hints</source>
        <translation>Suggerimenti</translation>
    </message>
    <message>
        <source>Mean points scored in a hand (fewer is better)</source>
        <translation>Media dei punti fatti per smazzata (meno è meglio)</translation>
    </message>
    <message>
        <source>Hands in which the player took every point card (cappotto)</source>
        <translation>Smazzate in cui il giocatore ha preso tutte le carte con punti (cappotto)</translation>
    </message>
    <message>
        <source>The lowest final total of a game</source>
        <translation>Il totale finale più basso in una partita</translation>
    </message>
    <message>
        <source>The highest final total of a game</source>
        <translation>Il totale finale più alto in una partita</translation>
    </message>
    <message>
        <source>Moves taken back, in every game counted</source>
        <translation>Mosse annullate, in tutte le partite contate</translation>
    </message>
    <message>
        <source>Hints asked for, in every game counted</source>
        <translation>Suggerimenti chiesti, in tutte le partite contate</translation>
    </message>
</context>
<context>
    <name>StorageTexts</name>
    <message>
        <source>{name} does not say who plays: you play South, and computers the other seats.</source>
        <translation>{name} non dice chi gioca: tu giochi a Sud e il computer ai posti restanti.</translation>
    </message>
    <message>
        <source>Your settings could not be saved ({detail}); the previous settings file is unchanged.</source>
        <translation>Non è stato possibile salvare le impostazioni ({detail}); il file delle impostazioni precedente è rimasto invariato.</translation>
    </message>
    <message>
        <source>The statistics could not be saved ({detail}); the previous file is unchanged.</source>
        <translation>Non è stato possibile salvare le statistiche ({detail}); il file precedente è rimasto invariato.</translation>
    </message>
    <message>
        <source>The game could not be saved automatically ({detail}); the previous autosave is unchanged.</source>
        <translation>Non è stato possibile salvare automaticamente la partita ({detail}); il salvataggio automatico precedente è rimasto invariato.</translation>
    </message>
    <message>
        <source>{name} could not be written ({detail}); any earlier file is unchanged.</source>
        <translation>Non è stato possibile scrivere {name} ({detail}); l'eventuale file precedente è rimasto invariato.</translation>
    </message>
    <message>
        <source>Your settings file</source>
        <translation>Il file delle impostazioni</translation>
    </message>
    <message>
        <source>Your statistics file</source>
        <translation>Il file delle statistiche</translation>
    </message>
    <message>
        <source>The autosaved game</source>
        <translation>Il salvataggio automatico</translation>
    </message>
    <message>
        <source>{subject} was written by a newer version of Peppa</source>
        <translation>{subject} è stato scritto da una versione più recente di Peppa</translation>
    </message>
    <message>
        <source>{subject} could not be opened ({detail})</source>
        <translation>{subject} non si è potuto aprire ({detail})</translation>
    </message>
    <message>
        <source>{subject} is damaged</source>
        <translation>{subject} è danneggiato</translation>
    </message>
    <message>
        <source>so Peppa uses its default settings</source>
        <translation>quindi Peppa usa le impostazioni predefinite</translation>
    </message>
    <message>
        <source>so the statistics start again from zero</source>
        <translation>quindi le statistiche ripartono da zero</translation>
    </message>
    <message>
        <source>so a new game starts</source>
        <translation>quindi inizia una nuova partita</translation>
    </message>
    <message>
        <source>the file was kept as {name}</source>
        <translation>il file è stato conservato come {name}</translation>
    </message>
    <message>
        <source>the file was left as it is</source>
        <translation>il file è stato lasciato com'è</translation>
    </message>
    <message>
        <source>{what}, {outcome}; {done}.</source>
        <translation>{what}, {outcome}; {done}.</translation>
    </message>
    <message>
        <source>{name} is not a game Peppa can open: {detail}.</source>
        <translation>{name} non è una partita che Peppa può aprire: {detail}.</translation>
    </message>
    <message>
        <source>{name} was saved by a newer version of Peppa and cannot be opened.</source>
        <translation>{name} è stato salvato da una versione più recente di Peppa e non si può aprire.</translation>
    </message>
    <message>
        <source>{name} could not be opened ({detail}).</source>
        <translation>Non è stato possibile aprire {name} ({detail}).</translation>
    </message>
    <message>
        <source>{name} is not there any more.</source>
        <translation>{name} non esiste più.</translation>
    </message>
</context>
<context>
    <name>TableLobby</name>
    <message>
        <source>Your table</source>
        <translation>Il tuo tavolo</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Indirizzo</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Porta</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Giocatori</translation>
    </message>
    <message>
        <source>Start now</source>
        <translation>Inizia ora</translation>
    </message>
    <message>
        <source>Computers play the seats nobody has taken</source>
        <translation>I computer giocano i posti che nessuno ha preso</translation>
    </message>
    <message>
        <source>Friends join from their own Peppa with Network ▸ Join a game…: they pick this table from the list, or type the address, the port and the code.</source>
        <translation>Gli amici si uniscono dal loro Peppa con Rete ▸ Unisciti a una partita…: scelgono questo tavolo dall'elenco, oppure scrivono l'indirizzo, la porta e il codice.</translation>
    </message>
    <message>
        <source>Or from a phone's browser, no app needed: scan the code, or open {url}</source>
        <translation>Oppure dal browser di un telefono, senza installare nulla: inquadra il codice, o apri {url}</translation>
    </message>
    <message>
        <source>at this computer</source>
        <translation>a questo computer</translation>
    </message>
    <message>
        <source>joined</source>
        <translation>si è unito</translation>
    </message>
    <message>
        <source>away (a computer plays meanwhile)</source>
        <translation>assente (intanto gioca un computer)</translation>
    </message>
    <message>
        <source>waiting for a player…</source>
        <translation>in attesa di un giocatore…</translation>
    </message>
    <message>
        <source>computer</source>
        <translation>computer</translation>
    </message>
    <message>
        <source>The game has begun</source>
        <translation>La partita è iniziata</translation>
    </message>
</context>
<context>
    <name>TablePresenter</name>
    <message>
        <source>Waiting for the players to sit down…</source>
        <translation>Si aspetta che i giocatori si siedano…</translation>
    </message>
</context>
<context>
    <name>TableSounds</name>
    <message>
        <source>the optional sound library is not installed</source>
        <translation>la libreria facoltativa per i suoni non è installata</translation>
    </message>
    <message>
        <source>no audio device was found</source>
        <translation>non è stato trovato nessun dispositivo audio</translation>
    </message>
    <message>
        <source>no audio device could be opened</source>
        <translation>non è stato possibile aprire nessun dispositivo audio</translation>
    </message>
    <message>
        <source>the audio device is busy (another program may be using it)</source>
        <translation>il dispositivo audio è occupato (forse lo usa un altro programma)</translation>
    </message>
    <message>
        <source>access to the audio device was denied</source>
        <translation>l'accesso al dispositivo audio è stato negato</translation>
    </message>
    <message>
        <source>No sound can be heard on this computer: {reason}.</source>
        <translation>Su questo computer non si sentono suoni: {reason}.</translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>clubs</source>
        <translation>fiori</translation>
    </message>
    <message>
        <source>diamonds</source>
        <translation>quadri</translation>
    </message>
    <message>
        <source>hearts</source>
        <translation>cuori</translation>
    </message>
    <message>
        <source>spades</source>
        <translation>picche</translation>
    </message>
    <message>
        <source>You must follow {suit}.</source>
        <translation>Devi rispondere a {suit}.</translation>
    </message>
    <message>
        <source>You must follow the suit led.</source>
        <translation>Devi rispondere al seme.</translation>
    </message>
    <message>
        <source>Hearts are not broken yet: lead another suit.</source>
        <translation>I cuori non sono ancora aperti: esci con un altro seme.</translation>
    </message>
    <message>
        <source>The first trick must be led with the lowest club.</source>
        <translation>Alla prima presa si esce con la carta di fiori più bassa.</translation>
    </message>
    <message>
        <source>No hearts and no queen of spades on the first trick.</source>
        <translation>Alla prima presa niente cuori né Peppa.</translation>
    </message>
    <message>
        <source>Wait for your turn.</source>
        <translation>Aspetta il tuo turno.</translation>
    </message>
    <message>
        <source>Cards cannot be played now.</source>
        <translation>Ora non si possono giocare carte.</translation>
    </message>
    <message>
        <source>You have already passed your cards.</source>
        <translation>Hai già passato le carte.</translation>
    </message>
    <message>
        <source>There is no passing in this hand.</source>
        <translation>In questa smazzata non si passano carte.</translation>
    </message>
    <message>
        <source>Choose exactly three cards to pass.</source>
        <translation>Scegli esattamente tre carte da passare.</translation>
    </message>
    <message>
        <source>That card is not in your hand.</source>
        <translation>Non hai quella carta in mano.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>La partita è finita.</translation>
    </message>
    <message>
        <source>The hand is still being played.</source>
        <translation>La smazzata è ancora in corso.</translation>
    </message>
    <message>
        <source>That move is not allowed.</source>
        <translation>Questa mossa non è consentita.</translation>
    </message>
    <message>
        <source>to the right</source>
        <translation>a destra</translation>
    </message>
    <message>
        <source>to the left</source>
        <translation>a sinistra</translation>
    </message>
    <message>
        <source>across</source>
        <translation>di fronte</translation>
    </message>
    <message>
        <source>no passing</source>
        <translation>nessuno</translation>
    </message>
    <message>
        <source>Peppa</source>
        <translation>Peppa</translation>
    </message>
    <message>
        <source>Peppa Torino</source>
        <translation>Peppa Torino</translation>
    </message>
    <message>
        <source>Hearts</source>
        <translation>Hearts (americano)</translation>
    </message>
    <message>
        <source>Belmont</source>
        <translation>Belmont</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>Facile</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normale</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Difficile</translation>
    </message>
    <message>
        <source>Expert</source>
        <translation>Esperto</translation>
    </message>
    <message>
        <source>Shooting the moon</source>
        <translation>Grande Slam</translation>
    </message>
    <message>
        <source>Cappotto</source>
        <translation>Cappotto</translation>
    </message>
    <message>
        <source>You shot the moon!</source>
        <translation>Hai fatto il Grande Slam!</translation>
    </message>
    <message>
        <source>You made cappotto!</source>
        <translation>Hai fatto cappotto!</translation>
    </message>
    <message>
        <source>{name} shot the moon!</source>
        <translation>{name} ha fatto il Grande Slam!</translation>
    </message>
    <message>
        <source>{name} made cappotto!</source>
        <translation>{name} ha fatto cappotto!</translation>
    </message>
    <message>
        <source>Jack</source>
        <translation>Fante</translation>
    </message>
    <message>
        <source>Queen</source>
        <translation>Donna</translation>
    </message>
    <message>
        <source>King</source>
        <translation>Re</translation>
    </message>
    <message>
        <source>Ace</source>
        <translation>Asso</translation>
    </message>
    <message>
        <source>{rank} of {suit}</source>
        <comment>a card</comment>
        <translation>{rank} di {suit}</translation>
    </message>
    <message>
        <source>South</source>
        <translation>Sud</translation>
    </message>
    <message>
        <source>East</source>
        <translation>Est</translation>
    </message>
    <message>
        <source>North</source>
        <translation>Nord</translation>
    </message>
    <message>
        <source>West</source>
        <translation>Ovest</translation>
    </message>
    <message>
        <source>seat {n}</source>
        <translation>posto {n}</translation>
    </message>
    <message>
        <source>hand {n}</source>
        <translation>smazzata {n}</translation>
    </message>
    <message>
        <source>trick {n}</source>
        <translation>presa {n}</translation>
    </message>
    <message>
        <source>{place}: {rule}</source>
        <translation>{place}: {rule}</translation>
    </message>
    <message>
        <source>a move out of its phase of the hand</source>
        <translation>una mossa nella fase sbagliata della smazzata</translation>
    </message>
    <message>
        <source>a move out of turn</source>
        <translation>una mossa fuori turno</translation>
    </message>
    <message>
        <source>a seat passes twice</source>
        <translation>un giocatore passa le carte due volte</translation>
    </message>
    <message>
        <source>cards are passed in a hand without passing</source>
        <translation>carte passate in una smazzata senza passaggio</translation>
    </message>
    <message>
        <source>a pass of other than three cards</source>
        <translation>un passaggio di un numero di carte diverso da tre</translation>
    </message>
    <message>
        <source>a card the seat does not hold</source>
        <translation>una carta che il giocatore non ha</translation>
    </message>
    <message>
        <source>the suit led is not followed</source>
        <translation>non si risponde al seme</translation>
    </message>
    <message>
        <source>the first trick is not led with the lowest club</source>
        <translation>alla prima presa non si esce con la carta di fiori più bassa</translation>
    </message>
    <message>
        <source>hearts led before they are broken</source>
        <translation>uscita a cuori prima che i cuori siano aperti</translation>
    </message>
    <message>
        <source>points played on the first trick</source>
        <translation>punti giocati alla prima presa</translation>
    </message>
    <message>
        <source>a move after the game ended</source>
        <translation>una mossa a partita finita</translation>
    </message>
    <message>
        <source>a hand dealt before the last one ended</source>
        <translation>una smazzata distribuita prima della fine della precedente</translation>
    </message>
    <message>
        <source>the file is not valid JSON</source>
        <translation>il file non è un JSON valido</translation>
    </message>
    <message>
        <source>not a game record</source>
        <translation>non è la registrazione di una partita</translation>
    </message>
    <message>
        <source>a version of the record this program does not know</source>
        <translation>una versione della registrazione che questo programma non conosce</translation>
    </message>
    <message>
        <source>a field of the record is missing or wrong</source>
        <translation>un campo della registrazione manca o è errato</translation>
    </message>
    <message>
        <source>a card that is not in the deck</source>
        <translation>una carta che non è nel mazzo</translation>
    </message>
    <message>
        <source>rules this program does not know</source>
        <translation>regole che questo programma non conosce</translation>
    </message>
    <message>
        <source>a card appears twice</source>
        <translation>una carta compare due volte</translation>
    </message>
    <message>
        <source>a card is missing from the deal</source>
        <translation>manca una carta nella distribuzione</translation>
    </message>
    <message>
        <source>a seat is dealt the wrong number of cards</source>
        <translation>un giocatore riceve un numero sbagliato di carte</translation>
    </message>
    <message>
        <source>the wrong dealer</source>
        <translation>mazziere sbagliato</translation>
    </message>
    <message>
        <source>the wrong seat leads</source>
        <translation>esce il giocatore sbagliato</translation>
    </message>
    <message>
        <source>a hand after the game ended</source>
        <translation>una smazzata a partita finita</translation>
    </message>
    <message>
        <source>an unfinished hand before the last one</source>
        <translation>una smazzata non finita prima dell'ultima</translation>
    </message>
    <message>
        <source>more cards than the hand holds</source>
        <translation>più carte di quante ne abbia la smazzata</translation>
    </message>
    <message>
        <source>nothing to undo</source>
        <translation>niente da annullare</translation>
    </message>
    <message>
        <source>a broken rule</source>
        <translation>una regola non rispettata</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>permesso negato</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>il disco è pieno</translation>
    </message>
    <message>
        <source>the disk quota is used up</source>
        <translation>la quota del disco è esaurita</translation>
    </message>
    <message>
        <source>the disk is read-only</source>
        <translation>il disco è di sola lettura</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>file o cartella inesistente</translation>
    </message>
    <message>
        <source>it is a folder, not a file</source>
        <translation>è una cartella, non un file</translation>
    </message>
    <message>
        <source>a part of the path is not a folder</source>
        <translation>una parte del percorso non è una cartella</translation>
    </message>
    <message>
        <source>the disk could not be read or written</source>
        <translation>errore di lettura o scrittura sul disco</translation>
    </message>
    <message>
        <source>the name is too long</source>
        <translation>il nome è troppo lungo</translation>
    </message>
    <message>
        <source>not a regular file (a folder, a device or a pipe)</source>
        <translation>non è un file normale (è una cartella, un dispositivo o una pipe)</translation>
    </message>
    <message>
        <source>the file is far too large for a game</source>
        <translation>il file è troppo grande per una partita</translation>
    </message>
</context>
<context>
    <name>TrickListModel</name>
    <message>
        <source>Took the trick</source>
        <translation>Ha fatto la presa</translation>
    </message>
    <message>
        <source>Led the trick</source>
        <translation>Primo di mano</translation>
    </message>
    <message>
        <source>{card}: led and took the trick</source>
        <translation>{card}: primo di mano, ha fatto la presa</translation>
    </message>
    <message>
        <source>{card}: took the trick</source>
        <translation>{card}: ha fatto la presa</translation>
    </message>
    <message>
        <source>{card}: led the trick</source>
        <translation>{card}: primo di mano</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punti</translation>
    </message>
</context>
<context>
    <name>WebPage</name>
    <message>
        <source>Your name</source>
        <translation>Il tuo nome</translation>
    </message>
    <message>
        <source>Choose your seat</source>
        <translation>Scegli il tuo posto</translation>
    </message>
    <message>
        <source>Seat {n}</source>
        <translation>Posto {n}</translation>
    </message>
    <message>
        <source>A name is 1 to 24 letters.</source>
        <translation>Un nome ha da 1 a 24 caratteri.</translation>
    </message>
    <message>
        <source>No table has this code.</source>
        <translation>Nessun tavolo ha questo codice.</translation>
    </message>
    <message>
        <source>Every seat of this table is taken.</source>
        <translation>Tutti i posti di questo tavolo sono occupati.</translation>
    </message>
    <message>
        <source>That seat has just been taken: choose another.</source>
        <translation>Quel posto è appena stato preso: scegline un altro.</translation>
    </message>
    <message>
        <source>This table is closed.</source>
        <translation>Questo tavolo è chiuso.</translation>
    </message>
    <message>
        <source>Connection lost: trying again…</source>
        <translation>Connessione persa: riprovo…</translation>
    </message>
    <message>
        <source>The table cannot be reached.</source>
        <translation>Il tavolo non è raggiungibile.</translation>
    </message>
    <message>
        <source>This seat is now played in another window.</source>
        <translation>Ora questo posto si gioca in un'altra finestra.</translation>
    </message>
    <message>
        <source>Play here</source>
        <translation>Gioca qui</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Riprova</translation>
    </message>
    <message>
        <source>Waiting for the other players…</source>
        <translation>In attesa degli altri giocatori…</translation>
    </message>
    <message>
        <source>Waiting for the others to pass…</source>
        <translation>In attesa che gli altri passino le carte…</translation>
    </message>
    <message>
        <source>Choose {count} cards to pass to {name}.</source>
        <translation>Scegli {count} carte per {name}.</translation>
    </message>
    <message>
        <source>Choose {count} more</source>
        <translation>Scegline ancora {count}</translation>
    </message>
    <message>
        <source>Pass to {name}</source>
        <translation>Passa le carte ({name})</translation>
    </message>
    <message>
        <source>You have chosen {count} cards: tap one to put it back.</source>
        <translation>Hai scelto {count} carte: toccane una per rimetterla in mano.</translation>
    </message>
    <message>
        <source>No passing this hand.</source>
        <translation>In questa smazzata non si passano carte.</translation>
    </message>
    <message>
        <source>Your turn: tap a card to play it.</source>
        <translation>Il tuo turno: tocca una carta per giocarla.</translation>
    </message>
    <message>
        <source>{name} is playing…</source>
        <translation>Gioca {name}…</translation>
    </message>
    <message>
        <source>You lead.</source>
        <translation>Tocca a te aprire la presa.</translation>
    </message>
    <message>
        <source>{name} leads.</source>
        <translation>Apre la presa {name}.</translation>
    </message>
    <message>
        <source>You took the trick.</source>
        <translation>La presa è tua.</translation>
    </message>
    <message>
        <source>{name} took the trick.</source>
        <translation>La presa è di {name}.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tu</translation>
    </message>
    <message>
        <source>{name} (you)</source>
        <translation>{name} (tu)</translation>
    </message>
    <message>
        <source>away</source>
        <translation>assente</translation>
    </message>
    <message>
        <source>This hand</source>
        <translation>Smazzata</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Totale</translation>
    </message>
    <message>
        <source>Hand {n}</source>
        <translation>Smazzata {n}</translation>
    </message>
    <message>
        <source>Hand {n} is over.</source>
        <translation>La smazzata {n} è finita.</translation>
    </message>
    <message>
        <source>The next hand is coming…</source>
        <translation>Tra poco la prossima smazzata…</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Partita finita</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>Hai vinto!</translation>
    </message>
    <message>
        <source>Winner: {name}</source>
        <translation>1º posto: {name}</translation>
    </message>
</context>
<context>
    <name>WindowCommands</name>
    <message>
        <source>Continue the game you were playing?</source>
        <translation>Vuoi riprendere la partita che stavi giocando?</translation>
    </message>
    <message>
        <source>The game in progress will be lost. Start a new game with the same players and rules?</source>
        <translation>La partita in corso andrà persa. Vuoi iniziarne una nuova con gli stessi giocatori e le stesse regole?</translation>
    </message>
    <message>
        <source>&amp;Play again</source>
        <translation>&amp;Gioca ancora</translation>
    </message>
    <message>
        <source>The table closes for the players on other devices.</source>
        <translation>Il tavolo si chiude per chi gioca dagli altri dispositivi.</translation>
    </message>
    <message>
        <source>A computer will play your seat at the table.</source>
        <translation>Al tavolo il tuo posto lo giocherà un computer.</translation>
    </message>
    <message>
        <source>The game in progress will be lost. Start the new game?</source>
        <translation>La partita in corso andrà persa. Vuoi iniziare la nuova partita?</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Inizia</translation>
    </message>
    <message>
        <source>The game in progress will be lost. Watch the computers play?</source>
        <translation>La partita in corso andrà persa. Vuoi guardare giocare i computer?</translation>
    </message>
    <message>
        <source>&amp;Watch</source>
        <translation>&amp;Guarda</translation>
    </message>
    <message>
        <source>No hand has been played to its end yet.</source>
        <translation>Nessuna smazzata è ancora stata giocata fino in fondo.</translation>
    </message>
    <message>
        <source>This hand was not dealt from a deal number: it cannot be dealt again.</source>
        <translation>Questa smazzata non viene da un numero di distribuzione: non si può ridistribuire.</translation>
    </message>
    <message>
        <source>There is no hand of yours to review yet.</source>
        <translation>Non c'è ancora una tua smazzata da rivedere.</translation>
    </message>
    <message>
        <source>The rest of this hand is not decided yet.</source>
        <translation>Il resto di questa smazzata non è ancora deciso.</translation>
    </message>
    <message>
        <source>There is nothing to redo.</source>
        <translation>Non c'è niente da ripetere.</translation>
    </message>
    <message>
        <source>A hint is for your turn.</source>
        <translation>Puoi chiedere un suggerimento solo quando tocca a te.</translation>
    </message>
    <message>
        <source>No trick has been taken yet in this hand.</source>
        <translation>In questa smazzata nessuno ha ancora fatto una presa.</translation>
    </message>
    <message>
        <source>There is nothing to undo.</source>
        <translation>Non c'è niente da annullare.</translation>
    </message>
    <message>
        <source>game.peppa</source>
        <translation>partita.peppa</translation>
    </message>
    <message>
        <source>Save the game</source>
        <translation>Salva la partita</translation>
    </message>
    <message>
        <source>Save between hands: with several human players, a game saved in the middle of one would show their cards.</source>
        <translation>Salva tra una smazzata e l'altra: con più giocatori umani, una partita salvata a metà smazzata mostrerebbe le loro carte.</translation>
    </message>
    <message>
        <source>Saved as {name}.</source>
        <translation>Partita salvata come {name}.</translation>
    </message>
    <message>
        <source>Open a saved game</source>
        <translation>Apri una partita salvata</translation>
    </message>
    <message>
        <source>Import a game record</source>
        <translation>Importa la registrazione di una partita</translation>
    </message>
    <message>
        <source>The game in progress will be lost. Open {name}?</source>
        <translation>La partita in corso andrà persa. Vuoi aprire {name}?</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>A&amp;pri</translation>
    </message>
    <message>
        <source>game.json</source>
        <translation>partita.json</translation>
    </message>
    <message>
        <source>Export the game record</source>
        <translation>Esporta la registrazione della partita</translation>
    </message>
    <message>
        <source>Exported {name}: the hands played out, not the hand in play.</source>
        <translation>Registrazione esportata: {name}, con le smazzate concluse, non quella in corso.</translation>
    </message>
    <message>
        <source>Exported {name}.</source>
        <translation>Registrazione esportata: {name}.</translation>
    </message>
    <message>
        <source>Game records (*.json);;All files (*)</source>
        <translation>Registrazioni di partite (*.json);;Tutti i file (*)</translation>
    </message>
    <message>
        <source>Peppa saved games (*.peppa);;All files (*)</source>
        <translation>Partite salvate di Peppa (*.peppa);;Tutti i file (*)</translation>
    </message>
</context>
<context>
    <name>WindowGame</name>
    <message>
        <source>The game could not be autosaved.</source>
        <translation>Non è stato possibile salvare automaticamente la partita.</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Punteggi</translation>
    </message>
    <message>
        <source>Tricks of this hand</source>
        <translation>Prese di questa smazzata</translation>
    </message>
    <message>
        <source>Tricks</source>
        <translation>Prese</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Grafico</translation>
    </message>
    <message>
        <source>No trick has been taken yet in this hand.</source>
        <translation>In questa smazzata nessuno ha ancora fatto una presa.</translation>
    </message>
    <message numerus="yes">
        <source>Tricks of this hand: %n.</source>
        <translation>
            <numerusform>Prese di questa smazzata: %n.</numerusform>
            <numerusform>Prese di questa smazzata: %n.</numerusform>
        </translation>
    </message>
    <message>
        <source>Looking for the best choice…</source>
        <translation>Cerco la scelta migliore…</translation>
    </message>
    <message>
        <source>The rest of the hand is decided: it is played out.</source>
        <translation>Il resto della smazzata è deciso: viene giocato subito.</translation>
    </message>
    <message>
        <source>The rest of the hand is decided whatever anyone plays: “Finish the hand” (F).</source>
        <translation>Il resto della smazzata è deciso, comunque si giochi: «Finisci la smazzata» (F).</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>No undo with several human players: it would show their cards.</source>
        <translation>Con più giocatori umani non si annulla: si vedrebbero le loro carte.</translation>
    </message>
    <message>
        <source>There is nothing to undo.</source>
        <translation>Non c'è niente da annullare.</translation>
    </message>
</context>
</TS>
