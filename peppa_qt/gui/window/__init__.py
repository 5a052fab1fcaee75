"""The main window and its parts: its settings, place on the screen, menus, full screen,
commands and game half; the status line, the sounds and the language."""
