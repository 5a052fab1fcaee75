<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>GameOverPanel</name>
    <message numerus="yes">
        <source>%n undo(s)</source>
        <translation>
            <numerusform>%n undo</numerusform>
            <numerusform>%n undos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hint(s)</source>
        <translation>
            <numerusform>%n hint</numerusform>
            <numerusform>%n hints</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HandSummaryPanel</name>
    <message numerus="yes">
        <source>%n point(s) this hand</source>
        <translation>
            <numerusform>%n point this hand</numerusform>
            <numerusform>%n points this hand</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HostGameDialog</name>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation>
            <numerusform>%n player</numerusform>
            <numerusform>%n players</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Narration</name>
    <message numerus="yes">
        <source>You take, %n point(s).</source>
        <translation>
            <numerusform>You take, %n point.</numerusform>
            <numerusform>You take, %n points.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} takes, %n point(s).</source>
        <translation>
            <numerusform>{name} takes, %n point.</numerusform>
            <numerusform>{name} takes, %n points.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>You take the trick: %n point(s).</source>
        <translation>
            <numerusform>You take the trick: %n point.</numerusform>
            <numerusform>You take the trick: %n points.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} takes the trick: %n point(s).</source>
        <translation>
            <numerusform>{name} takes the trick: %n point.</numerusform>
            <numerusform>{name} takes the trick: %n points.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation>
            <numerusform>%n player</numerusform>
            <numerusform>%n players</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> hand(s)</source>
        <translation>
            <numerusform> hand</numerusform>
            <numerusform> hands</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> point(s)</source>
        <translation>
            <numerusform> point</numerusform>
            <numerusform> points</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message numerus="yes">
        <source>%n inaccuracy(ies)</source>
        <translation>
            <numerusform>%n inaccuracy</numerusform>
            <numerusform>%n inaccuracies</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mistake(s)</source>
        <translation>
            <numerusform>%n mistake</numerusform>
            <numerusform>%n mistakes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n blunder(s)</source>
        <translation>
            <numerusform>%n blunder</numerusform>
            <numerusform>%n blunders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %n point(s) lost</source>
        <translation>
            <numerusform>about %n point lost</numerusform>
            <numerusform>about %n points lost</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message numerus="yes">
        <source>%n hand(s)</source>
        <translation>
            <numerusform>%n hand</numerusform>
            <numerusform>%n hands</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>to %n point(s)</source>
        <translation>
            <numerusform>to %n point</numerusform>
            <numerusform>to %n points</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SpokenTable</name>
    <message numerus="yes">
        <source>Your hand, %n card(s)</source>
        <translation>
            <numerusform>Your hand, %n card</numerusform>
            <numerusform>Your hand, %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name}: %n card(s) left, {taken}, total {total}</source>
        <translation>
            <numerusform>{name}: %n card left, {taken}, total {total}</numerusform>
            <numerusform>{name}: %n cards left, {taken}, total {total}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) taken</source>
        <translation>
            <numerusform>%n point taken</numerusform>
            <numerusform>%n points taken</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StatisticsDialog</name>
    <message numerus="yes">
        <source>{name}: points lost per reviewed hand, by game (%n hand(s) reviewed, {lost} on average; hands not reviewed are not counted)</source>
        <translation>
            <numerusform>{name}: points lost per reviewed hand, by game (%n hand reviewed, {lost} on average; hands not reviewed are not counted)</numerusform>
            <numerusform>{name}: points lost per reviewed hand, by game (%n hands reviewed, {lost} on average; hands not reviewed are not counted)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowGame</name>
    <message numerus="yes">
        <source>Tricks of this hand: %n.</source>
        <translation>
            <numerusform>Tricks of this hand: %n.</numerusform>
            <numerusform>Tricks of this hand: %n.</numerusform>
        </translation>
    </message>
</context>
</TS>
