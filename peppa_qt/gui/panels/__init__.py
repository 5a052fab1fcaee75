"""What lies over the table: the panels floating over the felt (the pass, a hand's summary, the
game's end, the last trick, the hot-seat hand-over, the aids' buttons), what they show from the
table (summaries) and the score chart."""
