"""A dump of a distill tree in html5lib's tree-construction test format, through the public Python API.

Shared by the round-trip and thread tests; walks with an explicit stack, so deep trees are fine.
"""

from __future__ import annotations

import distill


def dump(root: distill.Node) -> str:
    """Lines like html5lib's '#document' section: '| <tag>', attributes sorted, text quoted."""
    lines: list[str] = []
    stack: list[tuple[distill.Node, int]] = [(child, 0) for child in reversed(list(root))]
    while stack:
        node, depth = stack.pop()
        pad = "| " + "  " * depth
        if isinstance(node, distill.Element):
            prefix = "" if node.namespace == "html" else node.namespace + " "
            lines.append(f"{pad}<{prefix}{node.tag}>")
            for name in sorted(node.attrs):
                shown = name.replace(":", " ", 1) if node.namespace != "html" and ":" in name else name
                lines.append(f'{pad}  {shown}="{node.attrs[name]}"')
            children = list(node)
            if node.content is not None:
                lines.append(f"{pad}  content")
                stack.extend((c, depth + 2) for c in reversed(list(node.content)))
            stack.extend((c, depth + 1) for c in reversed(children))
        elif isinstance(node, distill.Text):
            lines.append(f'{pad}"{node.data}"')
        elif isinstance(node, distill.Comment):
            lines.append(f"{pad}<!-- {node.data} -->")
        elif isinstance(node, distill.Doctype):
            ids = f' "{node.public_id}" "{node.system_id}"' if node.public_id or node.system_id else ""
            lines.append(f"{pad}<!DOCTYPE {node.name}{ids}>")
    return "\n".join(lines)
