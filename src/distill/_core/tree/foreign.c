/* Foreign content (SVG and MathML): name and attribute adjustments, integration points and the rules
 * for tokens in foreign content (HTML Standard 13.2.6.5). */
#include <string.h>

#include "tree/tb_internal.h"

typedef struct {
    const char *lower, *fixed;
} name_fix;

static const name_fix svg_tags[] = {
    {"altglyph", "altGlyph"}, {"altglyphdef", "altGlyphDef"}, {"altglyphitem", "altGlyphItem"},
    {"animatecolor", "animateColor"}, {"animatemotion", "animateMotion"}, {"animatetransform", "animateTransform"},
    {"clippath", "clipPath"}, {"feblend", "feBlend"}, {"fecolormatrix", "feColorMatrix"},
    {"fecomponenttransfer", "feComponentTransfer"}, {"fecomposite", "feComposite"},
    {"feconvolvematrix", "feConvolveMatrix"}, {"fediffuselighting", "feDiffuseLighting"},
    {"fedisplacementmap", "feDisplacementMap"}, {"fedistantlight", "feDistantLight"},
    {"fedropshadow", "feDropShadow"}, {"feflood", "feFlood"}, {"fefunca", "feFuncA"}, {"fefuncb", "feFuncB"},
    {"fefuncg", "feFuncG"}, {"fefuncr", "feFuncR"}, {"fegaussianblur", "feGaussianBlur"}, {"feimage", "feImage"},
    {"femerge", "feMerge"}, {"femergenode", "feMergeNode"}, {"femorphology", "feMorphology"},
    {"feoffset", "feOffset"}, {"fepointlight", "fePointLight"}, {"fespecularlighting", "feSpecularLighting"},
    {"fespotlight", "feSpotLight"}, {"fetile", "feTile"}, {"feturbulence", "feTurbulence"},
    {"foreignobject", "foreignObject"}, {"glyphref", "glyphRef"}, {"lineargradient", "linearGradient"},
    {"radialgradient", "radialGradient"}, {"textpath", "textPath"},
};

static const name_fix svg_attrs[] = {
    {"attributename", "attributeName"}, {"attributetype", "attributeType"}, {"basefrequency", "baseFrequency"},
    {"baseprofile", "baseProfile"}, {"calcmode", "calcMode"}, {"clippathunits", "clipPathUnits"},
    {"diffuseconstant", "diffuseConstant"}, {"edgemode", "edgeMode"}, {"filterunits", "filterUnits"},
    {"glyphref", "glyphRef"}, {"gradienttransform", "gradientTransform"}, {"gradientunits", "gradientUnits"},
    {"kernelmatrix", "kernelMatrix"}, {"kernelunitlength", "kernelUnitLength"}, {"keypoints", "keyPoints"},
    {"keysplines", "keySplines"}, {"keytimes", "keyTimes"}, {"lengthadjust", "lengthAdjust"},
    {"limitingconeangle", "limitingConeAngle"}, {"markerheight", "markerHeight"}, {"markerunits", "markerUnits"},
    {"markerwidth", "markerWidth"}, {"maskcontentunits", "maskContentUnits"}, {"maskunits", "maskUnits"},
    {"numoctaves", "numOctaves"}, {"pathlength", "pathLength"}, {"patterncontentunits", "patternContentUnits"},
    {"patterntransform", "patternTransform"}, {"patternunits", "patternUnits"}, {"pointsatx", "pointsAtX"},
    {"pointsaty", "pointsAtY"}, {"pointsatz", "pointsAtZ"}, {"preservealpha", "preserveAlpha"},
    {"preserveaspectratio", "preserveAspectRatio"}, {"primitiveunits", "primitiveUnits"}, {"refx", "refX"},
    {"refy", "refY"}, {"repeatcount", "repeatCount"}, {"repeatdur", "repeatDur"},
    {"requiredextensions", "requiredExtensions"}, {"requiredfeatures", "requiredFeatures"},
    {"specularconstant", "specularConstant"}, {"specularexponent", "specularExponent"},
    {"spreadmethod", "spreadMethod"}, {"startoffset", "startOffset"}, {"stddeviation", "stdDeviation"},
    {"stitchtiles", "stitchTiles"}, {"surfacescale", "surfaceScale"}, {"systemlanguage", "systemLanguage"},
    {"tablevalues", "tableValues"}, {"targetx", "targetX"}, {"targety", "targetY"}, {"textlength", "textLength"},
    {"viewbox", "viewBox"}, {"viewtarget", "viewTarget"}, {"xchannelselector", "xChannelSelector"},
    {"ychannelselector", "yChannelSelector"}, {"zoomandpan", "zoomAndPan"},
};

static const struct {
    const char *name;
    uint8_t ns;
} foreign_attrs[] = {
    {"xlink:actuate", DL_ATTR_NS_XLINK}, {"xlink:arcrole", DL_ATTR_NS_XLINK}, {"xlink:href", DL_ATTR_NS_XLINK},
    {"xlink:role", DL_ATTR_NS_XLINK},    {"xlink:show", DL_ATTR_NS_XLINK},    {"xlink:title", DL_ATTR_NS_XLINK},
    {"xlink:type", DL_ATTR_NS_XLINK},    {"xml:lang", DL_ATTR_NS_XML},        {"xml:space", DL_ATTR_NS_XML},
    {"xmlns", DL_ATTR_NS_XMLNS},         {"xmlns:xlink", DL_ATTR_NS_XMLNS},
};

static int eq(dl_str s, const char *lit) {
    size_t n = strlen(lit);
    return s.len == n && memcmp(s.ptr, lit, n) == 0;
}

static const char *fix(const name_fix *t, size_t n, dl_str s) {
    for (size_t i = 0; i < n; i++)
        if (eq(s, t[i].lower)) return t[i].fixed;
    return NULL;
}

uint32_t tb_svg_tag_atom(tb *b, const tb_token *t) {
    const char *f = fix(svg_tags, sizeof svg_tags / sizeof svg_tags[0], t->name);
    if (!f) return t->atom;
    return dl_document_intern(b->doc, f, strlen(f));
}

/* The SVG-cased atom for a lower-case tag name when the document already has it, else the name's own. */
uint32_t tb_svg_tag_atom_if_known(tb *b, const tb_token *t) {
    (void)b;
    const char *f = fix(svg_tags, sizeof svg_tags / sizeof svg_tags[0], t->name);
    if (!f) return t->atom;
    uint32_t a = dl_atom_lookup(f, strlen(f));
    return a == DL_TAG__NONE ? t->atom : a;
}

void tb_adjust_attrs(tb *b, dl_node *el) {
    (void)b;
    for (uint32_t i = 0; i < el->u.element.nattrs; i++) {
        dl_attr *a = &el->u.element.attrs[i];
        if (el->ns == DL_NS_MATHML && eq(a->name, "definitionurl")) {
            a->name.ptr = "definitionURL";
        } else if (el->ns == DL_NS_SVG) {
            const char *f = fix(svg_attrs, sizeof svg_attrs / sizeof svg_attrs[0], a->name);
            if (f) a->name.ptr = f;
        }
        if (a->name.len >= 5 && (a->name.ptr[0] == 'x')) {
            for (size_t k = 0; k < sizeof foreign_attrs / sizeof foreign_attrs[0]; k++)
                if (eq(a->name, foreign_attrs[k].name)) a->ns = foreign_attrs[k].ns;
        }
    }
}

int tb_is_mathml_text_ip(const dl_node *n) {
    if (n->ns != DL_NS_MATHML) return 0;
    return n->atom == DL_TAG_mi || n->atom == DL_TAG_mo || n->atom == DL_TAG_mn || n->atom == DL_TAG_ms ||
           n->atom == DL_TAG_mtext;
}

int tb_is_html_ip(const dl_node *n) {
    if (n->ns == DL_NS_MATHML) return n->atom == DL_TAG_annotation_xml && (n->flags & DL_NODE_F_HTML_INTEGRATION);
    if (n->ns == DL_NS_SVG) return n->atom == DL_TAG_foreignObject || n->atom == DL_TAG_desc || n->atom == DL_TAG_title;
    return 0;
}

int tb_names_equal_ci(tb *b, const dl_node *el, dl_str name) {
    dl_str en = dl_document_atom_name(b->doc, el->atom);
    if (en.len != name.len) return 0;
    for (size_t i = 0; i < en.len; i++) {
        unsigned char c = (unsigned char)en.ptr[i];
        if (c >= 'A' && c <= 'Z') c = (unsigned char)(c + 32);
        if (c != (unsigned char)name.ptr[i]) return 0;
    }
    return 1;
}

static int breakout(const tb_token *t) {
    switch (t->atom) {
    case DL_TAG_b: case DL_TAG_big: case DL_TAG_blockquote: case DL_TAG_body: case DL_TAG_br: case DL_TAG_center:
    case DL_TAG_code: case DL_TAG_dd: case DL_TAG_div: case DL_TAG_dl: case DL_TAG_dt: case DL_TAG_em:
    case DL_TAG_embed: case DL_TAG_h1: case DL_TAG_h2: case DL_TAG_h3: case DL_TAG_h4: case DL_TAG_h5:
    case DL_TAG_h6: case DL_TAG_head: case DL_TAG_hr: case DL_TAG_i: case DL_TAG_img: case DL_TAG_li:
    case DL_TAG_listing: case DL_TAG_menu: case DL_TAG_meta: case DL_TAG_nobr: case DL_TAG_ol: case DL_TAG_p:
    case DL_TAG_pre: case DL_TAG_ruby: case DL_TAG_s: case DL_TAG_small: case DL_TAG_span: case DL_TAG_strong:
    case DL_TAG_strike: case DL_TAG_sub: case DL_TAG_sup: case DL_TAG_table: case DL_TAG_tt: case DL_TAG_u:
    case DL_TAG_ul: case DL_TAG_var:
        return 1;
    case DL_TAG_font:
        for (size_t i = 0; i < t->nattrs; i++) {
            dl_slice n = t->attrs[i].name;
            if ((n.len == 5 && memcmp(n.ptr, "color", 5) == 0) || (n.len == 4 && memcmp(n.ptr, "face", 4) == 0) ||
                (n.len == 4 && memcmp(n.ptr, "size", 4) == 0))
                return 1;
        }
        return 0;
    default:
        return 0;
    }
}

static void pop_to_html_content(tb *b) {
    for (dl_node *n; (n = tb_current(b)) && !(n->ns == DL_NS_HTML || tb_is_mathml_text_ip(n) || tb_is_html_ip(n));)
        tb_pop(b);
}

/* Returns 0 when done, 2 when the token must be reprocessed with the HTML insertion-mode rules. */
int tb_foreign_token(tb *b, tb_token *t) {
    switch (t->type) {
    case DL_TOK_CHARACTER: {
        const char *p = t->data.ptr;
        size_t n = t->data.len, i = 0;
        if (p[0] == '\0') {
            while (i < n && p[i] == '\0') {
                if (tb_insert_chars(b, "\xEF\xBF\xBD", 3)) return -1;
                i++;
            }
        } else {
            while (i < n && p[i] != '\0') {
                if (!tb_ws((unsigned char)p[i])) b->frameset_ok = 0;
                i++;
            }
            if (tb_insert_chars(b, p, i)) return -1;
        }
        t->data.ptr += i;
        t->data.len -= i;
        return 0;
    }
    case DL_TOK_COMMENT:
        return tb_insert_comment(b, t, NULL);
    case DL_TOK_DOCTYPE:
        return 0;
    case DL_TOK_START_TAG: {
        if (breakout(t)) {
            pop_to_html_content(b);
            return 2;
        }
        dl_node *acn = tb_adjusted_current(b);
        dl_node *el = tb_insert_foreign(b, t, acn->ns, 0);
        if (!el) return -1;
        if (t->self_closing) tb_pop_self_closed(b);
        return 0;
    }
    case DL_TOK_END_TAG: {
        if (t->atom == DL_TAG_br || t->atom == DL_TAG_p) {
            pop_to_html_content(b);
            return 2;
        }
        dl_node *cur = tb_current(b);
        if (t->atom == DL_TAG_script && cur->ns == DL_NS_SVG && cur->atom == DL_TAG_script) {
            tb_pop(b);
            tb_close_explicit(cur, t);
            return 0;
        }
        /* The spec walks down from the current node while nodes are foreign, comparing names
         * case-insensitively; it stops at the first HTML element (then the HTML rules apply). The
         * candidates are the foreign elements named like the token, in lower case or in SVG's case. */
        if (b->depth <= 1) return 0; /* fragment case: the current node is the root */
        uint32_t h = b->slots[b->depth - 1].html; /* topmost HTML element (1-based) */
        uint32_t c = tb_top_foreign(b, t->atom);
        uint32_t camel = tb_svg_tag_atom_if_known(b, t);
        if (camel != t->atom) {
            uint32_t c2 = tb_top_foreign(b, camel);
            if (c2 > c) c = c2;
        }
        if (c > h && c > 1) {
            dl_node *node = b->stack[c - 1];
            tb_pop_until(b, node);
            tb_close_explicit(node, t);
            return 0;
        }
        if (h == 0) return 0;
        return 2;
    }
    default:
        return 2;
    }
}
