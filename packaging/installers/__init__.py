"""The pieces of ``packaging/build.py``: names, icons and the Debian package."""
