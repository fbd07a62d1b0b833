import distill


def art(page: bytes) -> str:
    return distill._core._article_text(distill.parse(page))
def prec(page: bytes) -> str:
    return distill._core._article_text(distill.parse(page), 1)
def rec(page: bytes) -> str:
    return distill._core._article_text(distill.parse(page), 2)
