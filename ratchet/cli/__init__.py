"""The command-line layer: thin click commands over the library (``ratchet``, ``memory-*``)."""
