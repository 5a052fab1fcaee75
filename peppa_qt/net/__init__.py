"""Players on several devices at one table: the table protocol (DESIGN.md, "Table protocol").

No Qt here, like ``engine/``, ``ai/`` and ``table/``: a headless server (``peppa-qt serve``)
runs it as the window does. ``messages.py`` reads and checks what a client sends (every byte
from outside is bounded and checked; a bad message is refused, never a crash);
``hosted.py`` is one table, its seats and its game (the only authority: each client gets its
own seat's view, nothing more); ``server.py`` carries the messages over WebSocket;
``discovery.py`` announces open tables on the local network and finds them (DNS-SD).
"""
