"""Ratchet Memory: persistent, self-maintaining memory for LLM agents over flat files.

The package is the library; ``ratchet.cli`` holds the thin command-line layer. Library code never
prints, never exits and never imports click.
"""

__version__ = "0.1.0"
