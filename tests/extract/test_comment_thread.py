"""article() and the reader comments under a post (issue 37, extract/regions/comments.c).

A reader tells a post from its comments: the post comes first, under its headline; the comments follow in
a section the page names as such, each a unit of author, date, avatar and words, under a count ("25
Responses to ...") and above a form that asks for the next one ("Leave a Reply"). By default the thread is
not the article, however much more prose it holds than a post of one line; with
``Extraction(include_comments=True)`` it follows the article, in the page's order, as trafilatura's
include_comments does. Every page is of the test's own making.
"""

from __future__ import annotations

from conftest import PROSE

import distill
from distill.batch import BatchOptions, Page, extract_page

POST = "We went to the new park this morning and the children loved every minute of it."
SUBJECTS = ["The swings", "My daughter", "The new slide", "Parking", "The cafe", "Our dog", "The pond", "The grass"]
VERBS = ["looked great when we visited on Sunday", "was busy all afternoon with families",
         "needs more shade before the summer comes", "reminded me of the park where I grew up",
         "should open earlier in the morning", "was cleaner than I expected after the rain"]


def comment_text(i: int) -> str:
    """The words of comment i: each comment says something of its own (no two are copies)."""
    return (f"{SUBJECTS[i % 8]} {VERBS[i % 6]}, and I would add that visit number {i} was better than the "
            f"last one. We will come back with {i % 5 + 2} friends next month if the weather holds.")


REPLY_FORM = ('<div id="respond"><h3 id="reply-title">Leave a Reply</h3><form action="/post-comment" method="post">'
              '<p class="comment-notes">Your email address will not be published, and required fields are marked '
              'with a star.</p><p><label for="author">Name</label><input id="author" name="author"></p>'
              '<p><textarea name="comment" id="comment" rows="8"></textarea></p>'
              '<p><input type="submit" value="Post Comment"></p></form></div>')


def thread(n: int, form: bool = True, named: str = "commentlist") -> str:
    """A blog's comment thread: a count, n comments (author, date, words, reply link), the reply form."""
    items = "".join(
        f'<li class="comment" id="comment-{i}"><div class="comment-author vcard">'
        f'<img class="avatar" src="/a{i}.png" alt=""><cite class="fn">Reader {i}</cite> '
        f'<span class="says">says:</span></div><div class="comment-meta"><a href="#comment-{i}">March '
        f'{i % 28 + 1}, 2009 at 1:15 pm</a></div><p>{comment_text(i)}</p>'
        f'<div class="reply"><a class="comment-reply-link" href="#respond">Reply</a></div></li>'
        for i in range(n))
    return (f'<h3 id="comments">{n} Responses to “A morning in the park”</h3><ol class="{named}">{items}</ol>'
            + (REPLY_FORM if form else ""))


def blog(n: int = 25, form: bool = True, post: str = POST, after: str = "", sidebar: str = "") -> str:
    """A blog post page: the blog's name, the post (a headline and `post`), `after`, its thread, a sidebar."""
    return ('<!doctype html><html><head><title>A morning in the park | Our Family Blog</title></head><body>'
            '<div id="header"><p><a href="/">Our Family Blog</a></p></div><div id="content">'
            '<div class="post" id="post-12"><h2><a href="/park" rel="bookmark">A morning in the park</a></h2>'
            f'<div class="entry"><p>{post}</p></div></div>{after}{thread(n, form)}</div>{sidebar}</body></html>')


def comments_in(text: str, n: int) -> list[int]:
    return [i for i in range(n) if comment_text(i) in text]


def test_a_long_thread_after_a_one_line_post_is_not_the_article() -> None:
    a = distill.article(blog())
    assert POST in a.text
    assert comments_in(a.text, 25) == []
    assert "Reader 3" not in a.text


def test_the_reply_form_is_not_the_article() -> None:
    # a post of two lines around a video in a table layout: the form's title ("Leave a Reply") clears the
    # threshold beside it; the page names the form ("respond", "commentform")
    post1 = "Here is the video of our band playing the old song at the town fair last Saturday night."
    post2 = "Thanks to everyone who came out and sang along with us!"
    page = ('<html><head><title>Band video</title></head><body><table width="100%"><tr><td colspan="2">'
            '<h1>The Band Blog</h1></td></tr><tr><td valign="top"><div class="post hentry" id="post-7"><h1>'
            '<a href="/v" rel="bookmark">Band video from the fair</a></h1><div class="date">June 25, 2008</div>'
            f'<div class="entry-content">{post1}<br><br><embed src="http://video.example/v/abc" width="425" '
            f'height="344"><br><br>{post2}</div><div class="post-footer">Posted by Joe at 10:00 PM <a href="#c">'
            '0 comments</a></div></div><div id="respond"><h3>Leave a Reply</h3><form action="/post-comment" '
            'method="post" id="commentform"><p><input id="author"> <label for="author">Name (required)</label></p>'
            '<p><textarea name="comment" id="comment" cols="60" rows="10"></textarea></p><p><input type="submit" '
            'value="Submit Comment"></p></form></div></td><td valign="top" width="200"><div id="sidebar"><h2>'
            'Archives</h2><ul><li><a href="/2008/06">June 2008</a></li><li><a href="/2008/05">May 2008</a></li>'
            '</ul></div></td></tr></table><p>Powered by Blogger</p></body></html>')
    a = distill.article(page)
    assert post1 in a.text and post2 in a.text
    assert "Leave a Reply" not in a.text
    # the heading just before a form the page names so is the form's title, though nothing names it
    page = page.replace('<div id="respond"><h3>Leave a Reply</h3>', '<div><h3>Leave a Reply</h3>')
    a = distill.article(page)
    assert post1 in a.text and "Leave a Reply" not in a.text
    # the thread's own page: its form, its count and its notes are not what the page says either
    a = distill.article(blog())
    for words in ("Leave a Reply", "will not be published", "Post Comment"):
        assert words not in a.text


def test_a_forum_thread_with_no_reply_box_keeps_its_replies() -> None:
    # the same thread without a box to reply in: the way a forum shows a thread to a reader who is not
    # signed in, and a discussion of a link and a line is the page's content
    a = distill.article(blog(form=False))
    assert a.page_type == "forum"
    assert comments_in(a.text, 25) == list(range(25))


def test_a_read_only_reply_box_does_not_invite_a_reply() -> None:
    # a box that asks the reader to sign in first is no blog's open invitation
    page = blog().replace('<textarea name="comment"', '<textarea readonly name="comment"')
    a = distill.article(page)
    assert a.page_type == "forum"
    assert comments_in(a.text, 25) == list(range(25))


def test_a_commentary_is_not_a_comment_section() -> None:
    # "commentary" (an article's genre), "commenting" and "commentator" start with the letters of
    # "comments" but name the page's own text; the same block named "comments" is a thread
    analysis = ("Analysts said the vote showed how far the council has moved since the last election, when "
                "the library was nearly sold, and that the mayor now has the numbers she needs for the spring.")

    def page(cls: str) -> str:
        section = f'<div class="{cls}"><p>{analysis}</p><p>{PROSE[0].replace("council", "board")}</p></div>'
        return ('<!doctype html><html><head><title>Budget</title></head><body><article>'
                f'<h1>Council passes the budget</h1><p>{PROSE[0]}</p><p>{PROSE[1]}</p>{section}'
                f'<p>{PROSE[2]}</p><p>{PROSE[3]}</p></article></body></html>')

    for cls in ("commentary", "commenting-box", "commentator-note"):
        a = distill.article(page(cls))
        assert a.page_type == "article" and analysis in a.text, cls
    assert analysis not in distill.article(page("comments")).text


def test_include_comments_puts_the_thread_after_the_article_in_order() -> None:
    ex = distill.Extraction(include_comments=True)
    a = distill.article(blog(n=6), ex)
    assert POST in a.text
    found = [a.text.find(comment_text(i)) for i in range(6)]
    assert -1 not in found, "every comment's words"
    assert found == sorted(found) and a.text.find(POST) < found[0], "the post, then the comments in order"
    # each comment's satellites are not its words: the author line, the date, the reply link, the form
    for words in ("says:", "1:15 pm", "Reply", "Leave a Reply", "will not be published"):
        assert words not in a.text
    # the renderings are drawn from the same content, and Article.comments holds the comments alone
    assert comment_text(5) in a.markdown and comment_text(5) in a.html
    assert a.comments is not None and comment_text(0) in a.comments and POST not in a.comments


def test_include_comments_leaves_a_sidebar_of_recent_comments_out() -> None:
    recent = ('<div id="recent-comments-2" class="widget widget_recent_comments">'
              '<h2>Recent Comments</h2><ul id="recentcomments"><li class="recentcomments">Marta Jones wrote a '
              'long note on <a href="/a">Our trip to the seaside and the long drive home</a></li>'
              '<li class="recentcomments">Peter Smith wrote another note on <a href="/b">The school play '
              'and what the children made of it</a></li></ul></div>')
    # in a sidebar, or named "recent" in a column that does not say it is one
    for around in ('<div id="sidebar">{}</div>', '<div id="secondary" class="column">{}</div>'):
        a = distill.article(blog(n=3, sidebar=around.format(recent)), distill.Extraction(include_comments=True))
        assert comments_in(a.text, 3) == [0, 1, 2]
        assert "Marta Jones" not in a.text and "Peter Smith" not in a.text


def test_a_discussion_of_a_link_is_the_page() -> None:
    # a link aggregator's page: a story that is a link and a byline, then the discussion, which is all
    # the page says (nothing outside the thread is kept: the thread stays)
    items = "".join(f'<li class="comment"><div class="byline"><a href="/u/r{i}">reader{i}</a> {i + 1} hours ago'
                    f'</div><div class="comment_text"><p>{comment_text(i)}</p></div></li>' for i in range(12))
    page = ('<html><head><title>A new park opens | Links</title></head><body><div id="nav"><a href="/">Home</a> '
            '<a href="/new">New</a></div><div class="story"><h1><a href="https://park.example/news">A new park opens '
            'downtown</a></h1><div class="byline">via <a href="/u/anna">anna</a> 3 hours ago | 12 comments</div>'
            f'</div><ol class="comments">{items}</ol></body></html>')
    assert comments_in(distill.article(page).text, 12) == list(range(12))


def test_comments_stay_out_of_the_text_by_default() -> None:
    # a long post: the thread was never the article here, and only include_comments brings it in
    post = "</p><p>".join(PROSE)
    assert comments_in(distill.article(blog(n=6, post=post)).text, 6) == []
    assert comments_in(distill.article(blog(n=6, post=post), distill.Extraction(include_comments=True)).text,
                       6) == list(range(6))


def test_every_entry_point_keeps_the_same_comments() -> None:
    page = blog(n=4)
    ex = distill.Extraction(include_comments=True)
    lib = distill.article(page, ex)
    node = distill.parse(page).article(ex)
    record = extract_page(Page("blog.html", None, page.encode()), options=BatchOptions(extraction=ex, comments=True))
    assert lib.text == node.text == record.text
    assert comments_in(lib.text, 4) == [0, 1, 2, 3]
    assert record.comments == lib.comments
