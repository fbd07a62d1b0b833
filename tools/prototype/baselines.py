"""Baseline extractors for comparison (reference only)."""
import trafilatura
import turbohtml


def traf(page: bytes) -> str:
    return trafilatura.extract(page) or ""

def turbo(page: bytes) -> str:
    return turbohtml.parse(page).main_text()
