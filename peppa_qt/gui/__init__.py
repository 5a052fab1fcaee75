"""The game window: the table (scene, view, card items, layout), panels and dialogs."""
