/* Foreign content's names: SVG tag and attribute case, "adjust MathML attributes", "adjust SVG
 * attributes", "adjust foreign attributes" (HTML Standard 13.2.6.1 "creating and inserting nodes" uses
 * them), and the MathML text / HTML integration points. Used by the tree builder's insertion (insertion.c)
 * and by the foreign-content rules (foreign.c); uses nothing of either. */
#include <string.h>

#include "tree/tb_internal.h"

typedef struct {
    const char *lower, *fixed;
    uint8_t len; /* of lower, known at compile time: the lookup compares lengths first, with no strlen per entry */
} name_fix;
#define NF(lower, fixed) {lower, fixed, sizeof(lower) - 1}

static const name_fix svg_tags[] = {
    NF("altglyph", "altGlyph"), NF("altglyphdef", "altGlyphDef"), NF("altglyphitem", "altGlyphItem"),
    NF("animatecolor", "animateColor"), NF("animatemotion", "animateMotion"), NF("animatetransform", "animateTransform"),
    NF("clippath", "clipPath"), NF("feblend", "feBlend"), NF("fecolormatrix", "feColorMatrix"),
    NF("fecomponenttransfer", "feComponentTransfer"), NF("fecomposite", "feComposite"),
    NF("feconvolvematrix", "feConvolveMatrix"), NF("fediffuselighting", "feDiffuseLighting"),
    NF("fedisplacementmap", "feDisplacementMap"), NF("fedistantlight", "feDistantLight"),
    NF("fedropshadow", "feDropShadow"), NF("feflood", "feFlood"), NF("fefunca", "feFuncA"), NF("fefuncb", "feFuncB"),
    NF("fefuncg", "feFuncG"), NF("fefuncr", "feFuncR"), NF("fegaussianblur", "feGaussianBlur"), NF("feimage", "feImage"),
    NF("femerge", "feMerge"), NF("femergenode", "feMergeNode"), NF("femorphology", "feMorphology"),
    NF("feoffset", "feOffset"), NF("fepointlight", "fePointLight"), NF("fespecularlighting", "feSpecularLighting"),
    NF("fespotlight", "feSpotLight"), NF("fetile", "feTile"), NF("feturbulence", "feTurbulence"),
    NF("foreignobject", "foreignObject"), NF("glyphref", "glyphRef"), NF("lineargradient", "linearGradient"),
    NF("radialgradient", "radialGradient"), NF("textpath", "textPath"),
};

static const name_fix svg_attrs[] = {
    NF("attributename", "attributeName"), NF("attributetype", "attributeType"), NF("basefrequency", "baseFrequency"),
    NF("baseprofile", "baseProfile"), NF("calcmode", "calcMode"), NF("clippathunits", "clipPathUnits"),
    NF("diffuseconstant", "diffuseConstant"), NF("edgemode", "edgeMode"), NF("filterunits", "filterUnits"),
    NF("glyphref", "glyphRef"), NF("gradienttransform", "gradientTransform"), NF("gradientunits", "gradientUnits"),
    NF("kernelmatrix", "kernelMatrix"), NF("kernelunitlength", "kernelUnitLength"), NF("keypoints", "keyPoints"),
    NF("keysplines", "keySplines"), NF("keytimes", "keyTimes"), NF("lengthadjust", "lengthAdjust"),
    NF("limitingconeangle", "limitingConeAngle"), NF("markerheight", "markerHeight"), NF("markerunits", "markerUnits"),
    NF("markerwidth", "markerWidth"), NF("maskcontentunits", "maskContentUnits"), NF("maskunits", "maskUnits"),
    NF("numoctaves", "numOctaves"), NF("pathlength", "pathLength"), NF("patterncontentunits", "patternContentUnits"),
    NF("patterntransform", "patternTransform"), NF("patternunits", "patternUnits"), NF("pointsatx", "pointsAtX"),
    NF("pointsaty", "pointsAtY"), NF("pointsatz", "pointsAtZ"), NF("preservealpha", "preserveAlpha"),
    NF("preserveaspectratio", "preserveAspectRatio"), NF("primitiveunits", "primitiveUnits"), NF("refx", "refX"),
    NF("refy", "refY"), NF("repeatcount", "repeatCount"), NF("repeatdur", "repeatDur"),
    NF("requiredextensions", "requiredExtensions"), NF("requiredfeatures", "requiredFeatures"),
    NF("specularconstant", "specularConstant"), NF("specularexponent", "specularExponent"),
    NF("spreadmethod", "spreadMethod"), NF("startoffset", "startOffset"), NF("stddeviation", "stdDeviation"),
    NF("stitchtiles", "stitchTiles"), NF("surfacescale", "surfaceScale"), NF("systemlanguage", "systemLanguage"),
    NF("tablevalues", "tableValues"), NF("targetx", "targetX"), NF("targety", "targetY"), NF("textlength", "textLength"),
    NF("viewbox", "viewBox"), NF("viewtarget", "viewTarget"), NF("xchannelselector", "xChannelSelector"),
    NF("ychannelselector", "yChannelSelector"), NF("zoomandpan", "zoomAndPan"),
};

static const struct {
    const char *name;
    uint8_t ns;
} foreign_attrs[] = { /* every name is 5 bytes or more and starts with 'x' (tb_adjust_attrs tests that first) */
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
        if (s.len == t[i].len && memcmp(s.ptr, t[i].lower, s.len) == 0) return t[i].fixed;
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

