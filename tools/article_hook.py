"""The functions the scorers in ../shared/tools call, for the accuracy figures in README.md and docs/.

    PYTHONPATH=src:tools python ../shared/tools/score_aeb.py article_hook:text
    PYTHONPATH=src:tools python ../shared/tools/score_traf.py article_hook:text
    PYTHONPATH=src:tools python ../shared/tools/score_wcxb.py article_hook:text
    PYTHONPATH=src:tools python ../shared/tools/score_meta.py article_hook:meta
    PYTHONPATH=src:tools python ../shared/tools/score_meta.py article_hook:meta --corpus ../shared/corpus/wcxb-dev
"""

import distill


def text(page: bytes) -> str:
    """``distill.article(page).text`` with the default options."""
    return distill.article(page).text or ""


def meta(page: bytes) -> dict[str, str | None]:
    """The title, byline and date ``distill.article(page)`` reads."""
    a = distill.article(page)
    return {"title": a.title, "byline": a.byline, "date": a.date}
