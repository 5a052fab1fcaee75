"""Between the game and the table: ``TablePresenter`` draws what the controller tells and turns
clicks and keys into intents, through its parts (the viewer's hand, the drawing of a moment,
the plates' words, the pass, the keyboard's ring, the narration, the sheets, the aids, the end
of a hand, the hot-seat hand-over, the cards received, the input)."""
