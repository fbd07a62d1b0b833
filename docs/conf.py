"""Sphinx configuration of distill's documentation site.

Build it with the package importable (installed, or an in-place build with PYTHONPATH=src):

    python -m pip install -r docs/requirements.txt
    python -m sphinx -W --keep-going -b html docs build/docs

The API reference is generated from the docstrings by autodoc (Google-style sections, read by
napoleon); the other pages are Markdown, read by MyST.
"""

from sphinx.ext.napoleon.docstring import GoogleDocstring

import distill

project = "distill"
author = "the distill authors"
copyright = "2026, the distill authors"
release = distill.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "requirements.txt"]
autodoc_mock_imports = ["datatrove"]  # the datatrove adapter subclasses its classes; the site is built without it

myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_attr_annotations = True

html_theme = "furo"
html_title = f"distill {release}"


def _attribute_docstring(self: GoogleDocstring) -> list[str]:
    """An attribute's docstring as written.

    napoleon reads an attribute docstring's first line as "type: description", and distill's
    attribute docstrings open with a phrase and a colon ("The article text: the text blocks of ...").
    """
    return self._dedent(self._consume_to_end())


GoogleDocstring._parse_attribute_docstring = _attribute_docstring  # type: ignore[method-assign]


def _skip_module_docstring(app: object, what: str, name: str, obj: object, options: object, lines: list[str]) -> None:
    """Leave a module's docstring out of its reference page.

    Each page of docs/api/ opens with its own introduction; the module docstrings are written for
    help() and plain text (indented command lines), which reStructuredText would read as markup.
    """
    if what == "module":
        lines.clear()


def setup(app: object) -> None:
    """Sphinx's hook: register the docstring filter."""
    app.connect("autodoc-process-docstring", _skip_module_docstring)  # type: ignore[attr-defined]
