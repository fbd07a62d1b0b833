/* Foreign content's names: SVG tag and attribute case, "adjust MathML attributes", "adjust SVG
 * attributes", "adjust foreign attributes" (HTML Standard 13.2.6.1 "creating and inserting nodes" uses
 * them), and the MathML text / HTML integration points. Used by the tree builder's insertion (insertion.c)
 * and by the foreign-content rules (foreign.c); uses nothing of either. */
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

