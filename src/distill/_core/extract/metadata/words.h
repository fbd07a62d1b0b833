/* The metadata rules' word lists, kept apart from the algorithm that reads them (as trafilatura keeps its
 * XPath lists in metaxpaths.py): what pages write that the harvest and the resolution look for, each
 * list with its reason. Header-only, data only.
 *
 * A list is a macro that expands to its entries, as rules.h and article_rules.h keep the main-content
 * heuristic's lists: the file that reads a list makes its own array of it, so the compiler sees the
 * entries where they are compared, and a list no file reads costs nothing. Words are lower-case UTF-8
 * and compared ASCII case-insensitively (each rule says whether as a whole value, a prefix, a token or
 * a substring). Order matters where a comment says so (the first entry that matches wins).
 *
 * What stays in the code: the names a format defines, compared one at a time where the format is read
 * (a schema.org itemprop, a JSON-LD key or @type, a rel token, a microformat class, a BCP 47 tag), the
 * punctuation a rule skips, a word a rule is about alone (a newsroom's "... Staff", the "Last" of a "Last
 * updated" line), the pieces harvest.c looks for before it reads a value's words, and the date parser's
 * grammar words (ordinals, connectors, the words around a time of day), which shape its patterns rather
 * than name what a page says. No word here names a site, a URL or a single page.
 */
#ifndef DL_EXTRACT_METADATA_WORDS_H
#define DL_EXTRACT_METADATA_WORDS_H

/* ==== The harvest: which declared sources a page's <meta>s and JSON-LD are ==== */

/* <meta> names, properties and itemprops other than the design's that name article()'s declared sources,
 * X(key, source, date source, once per author): the source is a dl_meta_source (or -1), the date source a
 * dl_meta_date_source (or -1); "once per author" marks a meta a page writes once per author, each value
 * another name. Reasons: dc.title / dcterms.title (Dublin Core), parsely-* (Parse.ly's tags, written by
 * many news CMSs), sailthru.* and byl (newsletter and news CMS tags), citation_* (scholarly pages),
 * twitter:title (the card title, usually the headline). Dates: the OpenGraph/article names, Parse.ly's,
 * the CMS spellings htmldate reads, and the modification names kept apart. Keys are unique. */
#define DL_MW_ARTICLE_KEYS(X)                                                  \
    X("og:title", DL_SRC_OG_TITLE, -1, 0)                                      \
    X("twitter:title", DL_SRC_TWITTER_TITLE, -1, 0)                            \
    X("dc.title", DL_SRC_DC_TITLE, -1, 0)                                      \
    X("dc:title", DL_SRC_DC_TITLE, -1, 0)                                      \
    X("dcterms.title", DL_SRC_DC_TITLE, -1, 0)                                 \
    X("parsely-title", DL_SRC_PARSELY_TITLE, -1, 0)                            \
    X("headline", DL_SRC_ITEMPROP_HEADLINE, -1, 0)                             \
    X("og:site_name", DL_SRC_OG_SITE_NAME, -1, 0)                              \
    X("application-name", DL_SRC_APPLICATION_NAME, -1, 0)                      \
    X("author", DL_SRC_META_AUTHOR, -1, 0)                                     \
    X("article:author", DL_SRC_ARTICLE_AUTHOR, -1, 1)                          \
    X("article:author_name", DL_SRC_ARTICLE_AUTHOR, -1, 0)                     \
    X("parsely-author", DL_SRC_PARSELY_AUTHOR, -1, 0)                          \
    X("dc.creator", DL_SRC_DC_CREATOR, -1, 1)                                  \
    X("dc:creator", DL_SRC_DC_CREATOR, -1, 1)                                  \
    X("dcterms.creator", DL_SRC_DC_CREATOR, -1, 1)                             \
    X("sailthru.author", DL_SRC_OTHER_AUTHOR, -1, 0)                           \
    X("byl", DL_SRC_OTHER_AUTHOR, -1, 0)                                       \
    X("citation_author", DL_SRC_OTHER_AUTHOR, -1, 1)                           \
    X("citation_authors", DL_SRC_OTHER_AUTHOR, -1, 1)                          \
    X("og:url", DL_SRC_OG_URL, -1, 0)                                          \
    X("twitter:data1", DL_SRC_TWITTER_DATA1, -1, 0)                            \
    X("article:published_time", -1, DL_DATE_ARTICLE_PUBLISHED, 0)              \
    X("article:published", -1, DL_DATE_ARTICLE_PUBLISHED, 0)                   \
    X("og:published_time", -1, DL_DATE_ARTICLE_PUBLISHED, 0)                   \
    X("og:article:published_time", -1, DL_DATE_ARTICLE_PUBLISHED, 0)           \
    X("datepublished", -1, DL_DATE_ITEMPROP_PUBLISHED, 0)                      \
    X("date", -1, DL_DATE_META, 0)                                             \
    X("pubdate", -1, DL_DATE_META, 0)                                          \
    X("publishdate", -1, DL_DATE_META, 0)                                      \
    X("publish-date", -1, DL_DATE_META, 0)                                     \
    X("publish_date", -1, DL_DATE_META, 0)                                     \
    X("publication_date", -1, DL_DATE_META, 0)                                 \
    X("publication-date", -1, DL_DATE_META, 0)                                 \
    X("published-date", -1, DL_DATE_META, 0)                                   \
    X("release_date", -1, DL_DATE_META, 0)                                     \
    X("created", -1, DL_DATE_META, 0)                                          \
    X("dc.date", -1, DL_DATE_META, 0)                                          \
    X("dc.date.issued", -1, DL_DATE_META, 0)                                   \
    X("dc.date.created", -1, DL_DATE_META, 0)                                  \
    X("dcterms.date", -1, DL_DATE_META, 0)                                     \
    X("dcterms.issued", -1, DL_DATE_META, 0)                                   \
    X("dcterms.created", -1, DL_DATE_META, 0)                                  \
    X("dc:date", -1, DL_DATE_META, 0)                                          \
    X("parsely-pub-date", -1, DL_DATE_META, 0)                                 \
    X("sailthru.date", -1, DL_DATE_META, 0)                                    \
    X("citation_publication_date", -1, DL_DATE_META, 0)                        \
    X("citation_date", -1, DL_DATE_META, 0)                                    \
    X("article.published", -1, DL_DATE_META, 0)                                \
    X("article_date_original", -1, DL_DATE_META, 0)                            \
    X("original-publish-date", -1, DL_DATE_META, 0)                            \
    X("date_published", -1, DL_DATE_META, 0)                                   \
    X("published", -1, DL_DATE_META, 0)                                        \
    X("datecreated", -1, DL_DATE_LD_CREATED, 0)                                \
    X("article:modified_time", -1, DL_DATE_ARTICLE_MODIFIED, 0)                \
    X("article:modified", -1, DL_DATE_ARTICLE_MODIFIED, 0)                     \
    X("og:updated_time", -1, DL_DATE_ARTICLE_MODIFIED, 0)                      \
    X("last-modified", -1, DL_DATE_ARTICLE_MODIFIED, 0)                        \
    X("lastmod", -1, DL_DATE_ARTICLE_MODIFIED, 0)                              \
    X("dcterms.modified", -1, DL_DATE_ARTICLE_MODIFIED, 0)                     \
    X("datemodified", -1, DL_DATE_ITEMPROP_MODIFIED, 0)

/* JSON-LD @types whose dates and authors are the page's article (a type that ends with one counts:
 * "NewsArticle" ends with "Article"); a WebPage's or an Organization's dates are the site's, read only
 * when no article type supplies one. */
#define DL_MW_LD_ARTICLE_TYPES "Article", "NewsArticle", "BlogPosting", "Report", "ScholarlyArticle",       \
    "TechArticle", "Posting", "LiveBlogPosting", "OpinionNewsArticle", "AnalysisNewsArticle",               \
    "ReportageNewsArticle", "Review", "Recipe", "VideoObject", "SocialMediaPosting", "DiscussionForumPosting", \
    "Story"

/* The first words of twitter:label1 (Slack's and Twitter's cards label their first data field) that make
 * twitter:data1 the author: "Written by", "Author". Compared at the start of the label. */
#define DL_MW_TWITTER_AUTHOR_LABELS "written by", "author", "autor", "auteur"

/* A CMS's own spelling of the publication date's meta ("w-published-date", "publishDate"): a key that
 * holds this word and no modification word (DL_MW_MODIFIED_WORDS) is read as a date. Substring. */
#define DL_MW_PUBLISHED_KEY "publish"

/* Words of a modification or an update in a meta's key or a <time>'s class ("last-updated",
 * "date-modified"): its date is not the publication. Substrings. */
#define DL_MW_MODIFIED_WORDS "modif", "updat"

/* The starts of a URL where a name is expected (article:author is often the author's profile URL); a
 * path on the page's own site ("/@jane", "/author/jane-doe") is a profile's address too: a name never
 * starts with a slash. */
#define DL_MW_URL_STARTS "http:", "https:", "/", "www."

/* ==== The harvest: the elements a reader sees a byline or a date in ==== */

/* Words that start a byline written as text, as a word of their own ("<span>By</span> <a>Jane
 * Doe</a>", "<p>Von Max Muster</p>"), with no class to say so. The harvest rules most texts out by
 * their first two letters before it compares (harvest.c's by_word: its first-letter switch lists the
 * initials of these words, b v p d w). */
#define DL_MW_BY_WORDS "by", "von", "par", "por", "door", "written by", "posted by"

/* Path segments of a link to an author's page, each after a slash ("/author/jane-doe/",
 * "/about/editors/jon-fingas/"): the sites' lists of their authors. Not "/profile/", which social
 * sites' links carry too. (harvest.c's author_page_link compares a segment only when its first letter
 * is one of these words' initials, a e w c r j.) */
#define DL_MW_AUTHOR_PAGE_SEGMENTS "author/", "authors/", "autor/", "autoren/", "auteur/", "auteurs/",  \
    "editors/", "writers/", "contributors/", "reporters/", "journalist/", "journalists/", "redaktion/"

/* Tags of a menu (a navigation, a button, a form's choice, a disclosure's summary) or of code: "By
 * Price" in a menu is a facet's label and "BY DEFAULT AS IDENTITY" in a listing is SQL, which read as
 * "By" and a capitalised name. */
#define DL_MW_MENU_OR_CODE_TAGS(X) X(nav) X(button) X(select) X(option) X(menu) X(summary) X(label) X(pre) \
    X(code)

/* A class word of a menu ("menu-item" list items of a theme's header, not a <nav>): a link to an
 * author's page there is the menu's, not a byline. Substring. */
#define DL_MW_MENU_CLASS "menu"

/* A class or id word of a comment or the comments' list: "Kommentar von <cite>Mareike</cite>" names a
 * commenter, not the author. Substring. */
#define DL_MW_COMMENT_CLASS "comment"

/* A <time>'s class words that mark the publication ("published", "entry-date posted-on"). Substrings. */
#define DL_MW_PUBLISHED_CLASSES "publi", "posted"

/* Microdata item types whose first author item names the page's author (DiscussionForumPosting,
 * SocialMediaPosting, NewsArticle ...): a forum thread names its starter first, before the replies' own.
 * Substrings of the itemtype URL. */
#define DL_MW_POST_ITEM_TYPES "posting", "article"

/* Class, id and itemprop words that mark a visible byline or date line, X(word, lists), grouped by
 * first letter so that one pass over a value finds all of them (harvest.c's hint_words_at); lists are
 * harvest.c's HINT_ bits. A value holds a hint when it holds a word of the first kind and none of the
 * second:
 * - byline: the names news and blog templates give it (byline, author, writer, autor, auteur, by-line,
 *   reporter) and a forum's username or user-name (Flarum's "PostUser-name");
 * - not a byline: a picture, a biography or a list of authors elsewhere (avatar, image, photo, img,
 *   bio, descr(iption), pic, thumb, comment, authority, authoriz(ation), authoring, social, follow), a
 *   menu, the visitor's account or a documentation page's "user-namespaces" section (menu, account,
 *   namespace);
 * - date line, as htmldate reads them: date, time, publish, posted, datum, fecha, byline, dateline,
 *   entry-meta, post-meta, article-meta, meta-info;
 * - not a date line: an update line or a comment's date, which is not the publication (update, modif,
 *   comment, timeline, runtime, timer).
 * Every word of the first kind holds one of the pieces harvest.c's has_piece looks for first (aut, by,
 * writer, reporter, dat, tim, pub, post, fecha, meta, username, user-name): a value without one holds no
 * hint, whatever else it holds. tests/metadata/test_meta_hint_words.py tries each byline word and veto. */
#define DL_MW_HINTS_A(X) X("author", HINT_BYLINE) X("autor", HINT_BYLINE) X("auteur", HINT_BYLINE)           \
    X("avatar", HINT_NOT_BYLINE) X("authority", HINT_NOT_BYLINE) X("authoriz", HINT_NOT_BYLINE)             \
    X("authoring", HINT_NOT_BYLINE) X("account", HINT_NOT_BYLINE) X("article-meta", HINT_DATE)
#define DL_MW_HINTS_B(X) X("byline", HINT_BYLINE | HINT_DATE) X("by-line", HINT_BYLINE) X("bio", HINT_NOT_BYLINE)
#define DL_MW_HINTS_C(X) X("comment", HINT_NOT_BYLINE | HINT_NOT_DATE)
#define DL_MW_HINTS_D(X) X("date", HINT_DATE) X("datum", HINT_DATE) X("dateline", HINT_DATE) \
    X("descr", HINT_NOT_BYLINE)
#define DL_MW_HINTS_E(X) X("entry-meta", HINT_DATE)
#define DL_MW_HINTS_F(X) X("fecha", HINT_DATE) X("follow", HINT_NOT_BYLINE)
#define DL_MW_HINTS_I(X) X("image", HINT_NOT_BYLINE) X("img", HINT_NOT_BYLINE)
#define DL_MW_HINTS_M(X) X("modif", HINT_NOT_DATE) X("meta-info", HINT_DATE) X("menu", HINT_NOT_BYLINE)
#define DL_MW_HINTS_N(X) X("namespace", HINT_NOT_BYLINE)
#define DL_MW_HINTS_P(X) X("photo", HINT_NOT_BYLINE) X("pic", HINT_NOT_BYLINE) X("publish", HINT_DATE) \
    X("posted", HINT_DATE) X("post-meta", HINT_DATE)
#define DL_MW_HINTS_R(X) X("reporter", HINT_BYLINE) X("runtime", HINT_NOT_DATE)
#define DL_MW_HINTS_S(X) X("social", HINT_NOT_BYLINE)
#define DL_MW_HINTS_T(X) X("thumb", HINT_NOT_BYLINE) X("time", HINT_DATE) X("timeline", HINT_NOT_DATE) \
    X("timer", HINT_NOT_DATE)
#define DL_MW_HINTS_U(X) X("update", HINT_NOT_DATE) X("username", HINT_BYLINE) X("user-name", HINT_BYLINE)
#define DL_MW_HINTS_W(X) X("writer", HINT_BYLINE)

/* Path pieces of a link to a tag's or a category's page: a byline line also carries the post's topics
 * ("<a href=/blog/tag/x>Personal finance</a> January 27, 2025" in a "byline" block), which name no
 * one. */
#define DL_MW_TOPIC_PATHS "/tag/", "/tags/", "/category/", "/categories/"

/* A class word of a job title's element inside a byline ("<span class=job_title>Former Deputy Editor"):
 * the role under the name, not a word of it. Substring. */
#define DL_MW_JOB_CLASS "job"

/* ==== The title ==== */

/* Class tokens of text hidden from sight in a heading (a screen reader's "Collection: " before a shop's
 * collection name): not the headline's words. */
#define DL_MW_HIDDEN_CLASSES "sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text"

/* Class tokens of a label before a heading's words (a forum thread's prefix, "<span class=label>News</span>
 * Digital cameras ..."): not the headline's words. */
#define DL_MW_HEADLINE_LABEL_CLASSES "label", "badge", "prefix"

/* Separators publishers put between the headline and the site name, in order of how surely they
 * separate (a hyphen with spaces may also be inside a headline): the first one a title holds is the one
 * it is cut at. CJK titles write the full-width bar and colon without spaces ("見出し：サイト名"); " / "
 * joins a breadcrumb trail. The first three are bars: dl_title_without_site cuts at them even where the
 * declared site name is at neither end. */
#define DL_MW_TITLE_SEPARATORS " | ", " :: ", " // ", " \xe2\x80\x94 ", " \xe2\x80\x93 ", " \xc2\xb7 ",      \
    " \xe2\x80\xa2 ", " \xc2\xbb ", " ~ ", " - ", "\xef\xbd\x9c", "\xef\xbc\x9a", " / "

/* The separators before a title's trailing part, in the comparison form (compare.c's norm writes en and
 * em dashes as '-'): " | ", " - ", " · ", " • ", " » ". */
#define DL_MW_TRAILING_SEPARATORS " |", " -", " \xc2\xb7", " \xe2\x80\xa2", " \xc2\xbb"

/* Named character references a page that escaped its text twice shows after parsing ("&amp;",
 * "&ndash;"), X(name, UTF-8): the common ones in titles and names; any other stays as written. */
#define DL_MW_NAMED_ENTITIES(X) X("amp", "&") X("quot", "\"") X("apos", "'") X("lt", "<") X("gt", ">")  \
    X("nbsp", " ") X("ndash", "\xe2\x80\x93") X("mdash", "\xe2\x80\x94") X("hellip", "\xe2\x80\xa6")        \
    X("rsquo", "\xe2\x80\x99") X("lsquo", "\xe2\x80\x98") X("rdquo", "\xe2\x80\x9d") X("ldquo", "\xe2\x80\x9c") \
    X("bull", "\xe2\x80\xa2") X("middot", "\xc2\xb7") X("raquo", "\xc2\xbb") X("laquo", "\xc2\xab")         \
    X("copy", "\xc2\xa9") X("reg", "\xc2\xae") X("trade", "\xe2\x84\xa2")

/* ==== The byline ==== */

/* Words that introduce a byline, in the seven languages (compared at its start, followed by a space, a
 * no-break space or a colon): "By Jane Doe", "Von Max Muster", "Par Jean Dupont", "Por Ana", "Di Mario",
 * "Door Jan". A label with no name after it ("Published by", "Posted on" before a date, "Article by")
 * names no one. In order: a longer label before the word it starts with ("written by" before "by"). */
#define DL_MW_BYLINE_LABELS "written by", "posted by", "words by", "story by", "text by", "by", "von", "par", \
    "por", "di", "door", "autor", "autorin", "author", "auteur", "texto", "text", "reporting by",            \
    "published by", "article by", "recipe by", "guide by", "authored by", "authors", "posted on", "posted",  \
    "erstellt von", "eingestellt von", "geschrieben von", "insights from"

/* Words after which a byline line says something else: a separator, a date ("on", "am", "le", ...), a
 * role, an update note, a call to action; " in " ends "Written by Jane Doe in Politics on ...", " »" a
 * forum's "name » Tue Aug 27, 2019", " ⋅ " (U+22C5) "Jane Doe ⋅ Review Editor ⋅". */
#define DL_MW_BYLINE_STOPS " | ", " \xe2\x80\xa2 ", " \xc2\xb7 ", " - ", " \xe2\x80\x94 ", " \xe2\x80\x93 ", \
    " on ", " am ", " le ", " el ", " il ", " op ", " updated", " published", " posted", " aktualisiert",     \
    " veröffentlicht", " publié", " publicado", " pubblicato", " share", " follow", " email", " twitter",     \
    " contact", " last updated", " last modified", " sponsored", " view in", " view all", " view profile",  \
    " more articles", " at ", " in ", " \"", " \xc2\xbb", " \xe2\x8b\x85 ", ". reviewed by", " reviewed by",  \
    " fact checked by"

/* A bio after the name ("Lauren Vetter is a growth-focused marketing professional"). */
#define DL_MW_BIO_STARTS " is a ", " is an ", " is the "

/* Words of a role under a byline's name, in English and German ("Staff Writer", "Redakteurin"). */
#define DL_MW_ROLE_WORDS "staff", "writer", "editor", "reporter", "correspondent", "columnist", "contributor", \
    "contributing", "senior", "chief", "redakteur", "redakteurin", "redaktion", "journalist", "autor", "autorin"

/* A weekday's or a month's name, what is left of a date line ("Sat, 20 Dec, 2025 - 06:36" in a "byline"
 * block) once its date is cleaned away. Month names that are as often a given name (Jan, April, May,
 * June, August) are not here: they are left as names. */
#define DL_MW_CALENDAR_WORDS "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "monday", \
    "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "feb", "mar", "apr", "jun", "jul", "aug", \
    "sep", "sept", "oct", "nov", "dec", "january", "february", "march", "july", "september", "october",        \
    "november", "december"

/* The lower-case particles and joins names carry ("Ludwig van Beethoven", "Jane Doe and John Roe"): a
 * name's other words are capitalised, and three lower-case words make a sentence, not a name. Compared
 * exactly, case included. */
#define DL_MW_NAME_PARTICLES "von", "van", "de", "da", "di", "du", "del", "der", "den", "la", "le", "bin", "al", \
    "and", "und", "et", "y", "e", "en"

/* Words of a link or a form field, not of a name (a "username" class also marks the visitor's own
 * account in a page's header: "Login", "Email address", "Mein Konto"; a profile link's "Zum Profil von
 * ...", a forum's "Offline" status and "... wrote" quote header, a theme's "Theme: ... von" credit, all
 * met among visible byline candidates), and a copyright notice ("The State University ©" in an "author"
 * block, a picture's "© Jane Doe"). Substrings. */
#define DL_MW_NOT_NAME_WORDS "more from", "view all", "see all", "read more", "all posts", "see full bio",     \
    "full bio", "about the author", "author profile", "min read", "the author", "login", "log in", "sign in", \
    "sign up", "account", "email address", "e-mail address", "register", "anmelden", "connexion", "\xc2\xa9", \
    "copyright", "author archive", "rss", "articles", "posts by", "join today", "alles von", "menu", "konto", \
    "theme:", "profil", "offline", " wrote"

/* Words just before a byline's second link that label another role than the author's: "Reviewed by",
 * "Edited by", "Fact checked by", "Illustrations by", "Photos by", "Translated by", and the Japanese
 * illustration credit (イラスト). Substrings. */
#define DL_MW_OTHER_ROLE_WORDS "review", "edit", "fact", "illustrat", "photo", "translat", \
    "\xe3\x82\xa4\xe3\x83\xa9\xe3\x82\xb9\xe3\x83\x88"

/* Joins after a declared name that add authors in the line a reader sees (" and Jane Roe"), in the seven
 * languages. A comma may as well start a role ("Jane Doe, Senior Editor"), so it is not one. */
#define DL_MW_NAME_JOINS " and ", " & ", " und ", " et ", " y ", " e ", " en "

/* The marks of a template's variable left unfilled in an author meta: "{{ author }}", "${author}".
 * Substrings. */
#define DL_MW_TEMPLATE_MARKS "{{", "${"

/* A template's placeholder where no author was filled in ("Unknown", "undefined", "null"), compared with
 * the whole value. */
#define DL_MW_PLACEHOLDER_NAMES "unknown", "unbekannt", "unbenannt", "undefined", "null", "none", "n/a", "inconnu", \
    "desconocido"

/* Company suffixes at the end of an author meta: the publisher, not who wrote the article. */
#define DL_MW_COMPANY_SUFFIXES " inc.", " inc", " llc", " ltd", " ltd.", " gmbh", " ag", " corp", " corp.", \
    " s.a.", " plc", " nast"

/* ==== The date ==== */

/* Words that label a date as the publication ("Published on", "Veröffentlicht am", "Erschienen am",
 * "publié le", "publicado el", "pubblicato il", "gepubliceerd op", "Posted", "Datum:"). The first
 * DL_MW_EXPLICIT_LABELS are explicit; "date:" and its kin also label an event's or a product's dates,
 * and only the last resort reads them. Substrings. */
#define DL_MW_PUBLICATION_LABELS "published", "posted", ("ver\xc3\xb6" "ffentlicht"), "erschienen", \
    "publi\xc3\xa9", "publicado", "pubblicato", "gepubliceerd", "datum:", "date:", "fecha:"
#define DL_MW_EXPLICIT_LABELS 8

/* Words that label the date a page says it stands at: its last revision ("Stand: 09.10.2017",
 * "Aktualisiert: 30.12.2016", "Letzte Änderung: 14.01.2022"). */
#define DL_MW_STATUS_LABELS "stand:", "stand -", "aktualisiert", "letzte \xc3\xa4nderung",          \
    "zuletzt ge\xc3\xa4ndert", "last updated", "last modified", "updated:", "mis \xc3\xa0 jour"

/* Words just before a date that make it an update ("Updated on", "Aktualisiert am", "mis à jour le",
 * "actualizado el", "aggiornato il", "bijgewerkt op", "atualizado em", "last edited", "zuletzt
 * geändert", "Letzte Änderung"): "nderung" and "ndert" are Änderung and geändert whatever the case of the
 * umlaut. Substrings. */
#define DL_MW_UPDATE_LABELS "updated", "update:", "aktualisiert", "ndert", "nderung", "modified", "edited", \
    "mis \xc3\xa0 jour", "actualizado", "aggiornato", "bijgewerkt", "atualizado", "revised"

/* ==== The date parser (date.c) ==== */

/* Full month names in the seven languages, X(name, month), lower case, UTF-8. A word names a month when it
 * equals one of them or is a prefix of at least three letters of names that all mean the same month
 * ("Sept.", "Okt", "déc", "mar"); "jui" (juin or juillet) names none. Dutch's juni, juli, september,
 * oktober, november and december are German's or English's. date.c rules a word out by its length and
 * first letter before it searches: DL_MW_MONTH_INITIALS and DL_MW_MONTH_NAME_MAX describe this list
 * (tests/metadata/test_date_scan_window.py reads every name through the scanner). */
#define DL_MW_MONTH_NAMES(X)                                                                               \
    X("january", 1) X("february", 2) X("march", 3) X("april", 4) X("may", 5) X("june", 6) X("july", 7)      \
    X("august", 8) X("september", 9) X("october", 10) X("november", 11) X("december", 12) /* English */     \
    X("januar", 1) X("jänner", 1) X("februar", 2) X("märz", 3) X("maerz", 3) X("mai", 5) X("juni", 6)       \
    X("juli", 7) X("oktober", 10) X("dezember", 12) /* German */                                            \
    X("janvier", 1) X("février", 2) X("fevrier", 2) X("mars", 3) X("avril", 4) X("juin", 6) X("juillet", 7) \
    X("août", 8) X("aout", 8) X("septembre", 9) X("octobre", 10) X("novembre", 11) X("décembre", 12)        \
    X("decembre", 12) /* French */                                                                          \
    X("enero", 1) X("febrero", 2) X("marzo", 3) X("abril", 4) X("mayo", 5) X("junio", 6) X("julio", 7)      \
    X("agosto", 8) X("septiembre", 9) X("setiembre", 9) X("octubre", 10) X("noviembre", 11)                 \
    X("diciembre", 12) /* Spanish */                                                                        \
    X("gennaio", 1) X("febbraio", 2) X("aprile", 4) X("maggio", 5) X("giugno", 6) X("luglio", 7)            \
    X("settembre", 9) X("ottobre", 10) X("dicembre", 12) /* Italian */                                      \
    X("januari", 1) X("februari", 2) X("maart", 3) X("mei", 5) X("augustus", 8) /* Dutch */                \
    X("janeiro", 1) X("fevereiro", 2) X("março", 3) X("marco", 3) X("maio", 5) X("junho", 6) X("julho", 7)  \
    X("setembro", 9) X("outubro", 10) X("novembro", 11) X("dezembro", 12) /* Portuguese */
/* The first letters of the names above, and the longest name in bytes ("septiembre"). */
#define DL_MW_MONTH_INITIALS "adefgjlmnos"
#define DL_MW_MONTH_NAME_MAX 10

/* Words before numbers that make them a version, not a date ("vBulletin Version 3.8.11", "Release
 * 1.2.2020"). Whole words. */
#define DL_MW_VERSION_WORDS "version", "release", "build", "ver"

#endif
