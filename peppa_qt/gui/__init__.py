"""The game window, in rooms: ``table`` (the card table itself), ``presenter`` (between the
game and the table), ``panels`` (what lies over the table), ``dialogs`` and ``window`` (the
main window and its parts). ``texts`` and ``storage_texts``, here, are the words all of them
use."""
