/* Days and time zones: days since 1970 and back, a moment written in another zone, whether a moment can
 * fall on a given day somewhere, whether two dates fall on the same day. The arithmetic the date rules
 * compare declared and shown dates with, apart from the parser (date.c), which only reads.
 */
#include "extract/metadata/internal.h"

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar (the civil-from-days inverse). */
long meta_days_from_civil(int y, int m, int d) {
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void civil_from_days(long z, int *y, int *m, int *d) {
    z += 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yoe + era * 400 + (*m <= 2));
}

/* Minutes since 1970 of the wall-clock time written (its zone not applied). */
long meta_wall_minutes(const dl_date *d) {
    return meta_days_from_civil(d->year, d->month, d->day) * 1440 + d->hour * 60 + d->minute;
}

/* The same moment as d (which has a zone) written in the zone offset minutes east of UTC. */
dl_date meta_in_zone(const dl_date *d, int offset) {
    long utc = meta_wall_minutes(d) - (d->zulu ? 0 : d->zone_minutes);
    long local = utc + offset;
    dl_date out = *d;
    long day = local >= 0 ? local / 1440 : -((-local + 1439) / 1440);
    long rem = local - day * 1440;
    civil_from_days(day, &out.year, &out.month, &out.day);
    out.hour = (int)(rem / 60);
    out.minute = (int)(rem % 60);
    out.has_zone = 1;
    out.zulu = 0;
    out.zone_minutes = offset;
    return out;
}

/* Whether the moment d (written with a time and a zone) falls on the calendar day of day in some zone
 * a clock can keep (UTC-12:00 to UTC+14:00): a date a day apart that no zone reaches is another
 * moment, not the same one seen from elsewhere. Without a time or a zone, any neighbouring day may be. */
int meta_zone_reaches(const dl_date *d, const dl_date *day) {
    if (!d->has_time || !d->has_zone) return 1;
    long utc = meta_wall_minutes(d) - (d->zulu ? 0 : d->zone_minutes);
    long start = meta_days_from_civil(day->year, day->month, day->day) * 1440;
    return utc - 12 * 60 < start + 1440 && utc + 14 * 60 >= start;
}

/* Whether a and b fall on the same calendar day, each read as written or, with a zone, in UTC. */
int meta_same_day(const dl_date *a, const dl_date *b) {
    dl_date ax[2] = {*a, *a}, bx[2] = {*b, *b};
    if (a->has_time && a->has_zone) ax[1] = meta_in_zone(a, 0);
    if (b->has_time && b->has_zone) bx[1] = meta_in_zone(b, 0);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            if (ax[i].year == bx[j].year && ax[i].month == bx[j].month && ax[i].day == bx[j].day) return 1;
    return 0;
}
