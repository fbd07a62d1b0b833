"""Command-line entry points: ``article`` (one page, streaming) and ``distill`` (batch)."""
