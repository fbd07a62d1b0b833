import distill


def art(page: bytes) -> str:
    return distill._core._article_text(distill.parse(page))
def prec(page: bytes) -> str:
    return distill._core._article_text(distill.parse(page), distill.Extraction(favor="precision"))
def rec(page: bytes) -> str:
    return distill._core._article_text(distill.parse(page), distill.Extraction(favor="recall"))
