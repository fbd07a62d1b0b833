/* Mathematics for the exporters: the LaTeX of a formula, whichever way the page carries it.
 *
 * Pages carry formulas as MathML (<math>, often with the TeX source in an <annotation
 * encoding="application/x-tex">, which KaTeX and MathJax write), as MathJax 2's <script
 * type="math/tex">, or as KaTeX/MathJax output whose visible part is a pile of styled spans. Markdown
 * has one convention for all of them ($...$ inline, $$...$$ display, the TeX left unescaped), so the
 * exporters ask here for the source. Plain C, no recursion, linear in the formula's subtree.
 */
#ifndef DL_SERIALIZE_MATH_H
#define DL_SERIALIZE_MATH_H

#include "serialize/serialize.h"

/* The TeX of a MathML <math> element appended to out: its x-tex annotation when it has one, else the
 * MathML converted (tokens as written, fractions, scripts, roots, fences, tables). *display is set
 * when the formula is a display (block) one. */
void dl_math_latex(const dl_node *math, dl_htmlbuf *out, int *display);

/* The TeX of a MathJax 2 script (<script type="math/tex"> or "math/tex; mode=display"): 1 with *tex /
 * *len set (and *display) when el is one, else 0. */
int dl_math_script(const dl_node *el, const char **tex, size_t *len, int *display);

/* What a formula renderer's element is: DL_MATH_SOURCE for a KaTeX root (class "katex") or a MathJax
 * 3 container (<mjx-container>), whose LaTeX dl_math_find_source finds; DL_MATH_ARTIFACT for MathJax
 * 2's rendered copy (class "MathJax_Preview", or "MathJax"/"MathJax_Display"/"MathJax_SVG" right before
 * its source script), which only repeats the formula; DL_MATH_NONE otherwise. */
enum { DL_MATH_NONE = 0, DL_MATH_SOURCE, DL_MATH_ARTIFACT };
int dl_math_renderer_kind(const dl_document *doc, const dl_node *el);

/* The first MathML <math> inside root (NULL when none): a KaTeX or MathJax 3 container's source. */
const dl_node *dl_math_find(const dl_node *root);

#endif
