"""The dialogs: a new game (and the game offered first), the preferences, the statistics, the
coach's review, the rules and About, the file chooser, messages and questions (notices), and
the report of an unexpected error."""
