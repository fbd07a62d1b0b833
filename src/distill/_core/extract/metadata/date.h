/* Dates as pages write them: what extract/metadata/date.c offers.
 *
 * - dl_date_parse: one date value as a <meta>, JSON-LD or <time datetime> declares it (ISO 8601 and its
 *   common relatives, numeric day/month/year forms whose order is certain, month names).
 * - dl_date_scan: the first date written in free text ("Dienstag 6. Mai 2014", "Posted on July 1,
 *   2024", "30.10.23", "15 de marzo de 2021"), in English, German, French, Spanish, Italian, Dutch and
 *   Portuguese month names and the numeric orders those languages use.
 * - dl_date_from_url: a date in a URL path (/2019/11/18/, -2019-11-18-).
 * - dl_date_format: ISO 8601 out ("2019-11-18", "2019-11-18T07:45:00", "...Z", "...+01:00").
 * Every function is pure C over a byte slice: no allocation, no recursion, linear in the input, and
 * any bytes are safe (fuzz/meta_fuzz.c). A date outside the plausibility window (before 1993, the
 * year the web opened to the public, or after the current year plus one) is never returned.
 */
#ifndef DL_EXTRACT_METADATA_DATE_H
#define DL_EXTRACT_METADATA_DATE_H

#include <stddef.h>

typedef struct {
    int year, month, day;
    int has_time, hour, minute, second;
    int has_zone, zone_minutes; /* zone: 0 with has_zone means Z */
    int zulu;                   /* the zone was written as Z (or UTC/GMT) */
} dl_date;

/* Longest ISO 8601 form dl_date_format writes, with its NUL. */
#define DL_DATE_ISO_MAX 32

/* A whole value that is a date (white space around it ignored; a trailing time, zone or weekday is
 * read or passed over). Returns 1 and fills out, or 0. */
int dl_date_parse(const char *s, size_t len, dl_date *out);

/* The first date written anywhere in s (at most the first 4096 bytes are looked at). order: how to read
 * a numeric date whose order is not certain (3/4/2021): 1 day first, 2 month first, 0 not at all.
 * Returns 1 and fills out, or 0. */
int dl_date_scan(const char *s, size_t len, int order, dl_date *out);

/* dl_date_scan that also says where the date starts (its byte offset in s, into *at). */
int dl_date_find(const char *s, size_t len, int order, dl_date *out, size_t *at);

/* The order the first numeric date in s (with slashes or dashes and a four-digit year) writes its day
 * and month in: 1 day first, 2 month first, 0 when it does not say. It says so when one of the two
 * numbers is over 12 ("12/17/2025"), or, given known (the date s is known to write, as a <time>'s
 * datetime attribute declares it), when the two numbers are that date's day and month ("03/01/2017"
 * for 2017-03-01). Reads at most the first 4096 bytes. */
int dl_date_order(const char *s, size_t len, const dl_date *known);

/* A date that starts exactly at s (not after other words). Returns 1 and fills out, or 0. */
int dl_date_at(const char *s, size_t len, dl_date *out);

/* A year/month/day run in a URL path. Returns 1 and fills out, or 0. */
int dl_date_from_url(const char *s, size_t len, dl_date *out);

/* Writes the ISO 8601 form into out (DL_DATE_ISO_MAX bytes) and returns its length. */
size_t dl_date_format(const dl_date *d, char *out);

/* The ISO 8601 form of a whole value (dl_date_parse then dl_date_format); 0 when it is not a date. */
size_t dl_date_iso8601(const char *s, size_t len, char *out);

/* Whether the calendar day exists and lies in the plausibility window. */
int dl_date_plausible(int year, int month, int day);

#endif
