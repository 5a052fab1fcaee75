"""The card table itself: the scene and where each card is (its motion, its pointer), a card's
sprite and pictures, the layout of 4, 6 or 8 seats, the name plates, the view onto the felt.
No game logic: it draws what it is told."""
