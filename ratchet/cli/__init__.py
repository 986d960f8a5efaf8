"""The command-line layer: thin click commands over the library (``ratchet``, ``memory-*``)."""

import os

# Every command is a short-lived process whose largest product is 100k x 256: OpenBLAS spinning up a thread pool
# at import costs more than it saves (bench: per-prompt recall at 10k, 0.40 -> 0.24 s of CPU). Users may override.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
