/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OUT_H
#define PRMCTL_OUT_H

/*
 * The one emitter. A command calls out_*() once per field; the same call
 * prints an aligned "name value" line in text mode or adds a member to the
 * JSON document (jansson) in JSON mode. JSON is built in memory and written
 * once at out_doc_end(), so a failure never leaves half a document behind.
 *
 * This is the only part of lib/ that writes, and it writes only to the
 * streams cmd/ hands to out_init().
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define OUT_SCHEMA "prmctl/1"

enum out_mode { OUT_TEXT = 0, OUT_JSON };

struct out_opts {
	enum out_mode mode;
	bool pretty;		/* JSON: indent */
	FILE *out;		/* documents */
	FILE *err;		/* messages for people */
	const char *prog;	/* prefix of messages on err */
	bool quiet;		/* -q: no notes for people, results and errors only */
};

void out_init(const struct out_opts *o);
/* Options seen late (after the command word) switch the format. */
void out_set_format(enum out_mode mode, bool pretty, bool quiet);
enum out_mode out_mode(void);
/* Documents to f in mode from now on (between documents); returns the old stream. */
FILE *out_set_stream(FILE *f, enum out_mode mode);
bool out_json(void);

/* A document: one JSON object carrying "schema"; text prints as it goes. */
void out_doc_begin(void);
/*
 * A document that is one line in text: its top-level members as key=value,
 * space-separated (events of a watch); in JSON an ordinary document, one per
 * line (JSON Lines). Ended by out_doc_end().
 */
void out_line_begin(void);
/* Inside a text line (out_line_begin): members there are read by people, keep them few. */
bool out_in_line(void);
/* Writes the JSON document; returns -1 if the output stream failed. */
int out_doc_end(void);
/* Throw away an unfinished document (after an error). */
void out_doc_abort(void);

/* Structure. key is NULL for elements of an array. */
void out_obj_begin(const char *key);
void out_obj_end(void);
void out_arr_begin(const char *key);
void out_arr_end(void);

/*
 * A table: a JSON array of objects; in text, each object is a row, each
 * member a column (header from the keys, widths from the contents), printed
 * at out_table_end(). An array inside a row becomes a comma-joined cell.
 */
void out_table_begin(const char *key);
void out_table_end(void);

/* Values. */
void out_u64(const char *key, uint64_t v);
void out_s64(const char *key, int64_t v);
/* A measured quantity: a JSON number; in text "%g" and the unit after it ("8 GT/s"). */
void out_f64(const char *key, double v, const char *unit);
/*
 * A decimal number exactly as written ("445.937186"): in JSON that number,
 * digit for digit (a double would print 81.012462999999997); text as is.
 * Anything but digits with at most one point inside is null.
 */
void out_decimal(const char *key, const char *digits);
void out_hex(const char *key, uint64_t v);
/* Hex zero-padded to a field width in bits, as the kernel prints words (0x0521945b). */
void out_hex_width(const char *key, uint64_t v, unsigned bits);
/* Raw value with its decoded name: "0x1 (firmware internal error)" /
 * "synd": 1, "synd_name": "firmware internal error". name may be NULL. */
void out_named(const char *key, uint64_t v, bool hex, const char *name);
void out_bool(const char *key, bool v);
void out_str(const char *key, const char *s);	/* NULL prints as "-" / null */
void out_strf(const char *key, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void out_null(const char *key);
/* A comma-separated list as an array of strings ("" gives []). */
void out_str_list(const char *key, const char *csv);
/*
 * A byte run: hex rows in text, an array of numbers in JSON. In JSON the
 * emitter keeps a copy of the run, not a jansson node per byte, and writes
 * the array at out_doc_end() as jansson would have (out_words too): a
 * document holding a 4 MiB region costs about 4 MiB more, not 190.
 */
void out_bytes(const char *key, const uint8_t *buf, size_t len);

/* A few bytes as one hex string, memory order ("11223344"), in both modes. */
void out_hex_string(const char *key, const uint8_t *buf, size_t len);

/* Dwords at an address: "0x000f0014: 00000218 ..." rows in text, numbers in JSON. */
void out_words(const char *key, uint32_t addr, const uint32_t *w, size_t n);
/* The same from device bytes: big-endian dwords, len/4 of them. */
void out_be_words(const char *key, uint32_t addr, const uint8_t *buf, size_t len);

/*
 * A wall-clock time, by prmctl(8)'s Keys convention: in JSON, KEY is the
 * ISO-8601 UTC string (exact: a nanosecond epoch exceeds what jq and
 * JavaScript hold in a number) and KEY_ns (KEY_s) the raw count beside it;
 * text shows both, a line the time alone. out_time_s: 0 is no time (null).
 */
void out_time_ns(const char *key, uint64_t ns);
void out_time_s(const char *key, uint64_t secs);

/* A line for people only (headings, "nothing found"); nothing in JSON. */
void out_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Progress of long work, for people: one line on the message stream,
 * rewritten in place, only when it is a terminal and the output is text and
 * not -q; at most every 200 ms. out_progress_end() clears it.
 */
void out_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void out_progress_end(void);

/* A warning on the message stream (both modes). */
void out_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * An error: the message on the message stream always; in JSON mode the
 * unfinished document is dropped and one {"schema", "error": {...}} object
 * goes to the output stream instead.
 */
void out_error(int exit_code, const char *reason, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

struct prm_err;

/* The same for a library error: its fields become members of "error". */
void out_error_err(int exit_code, const struct prm_err *err);
/*
 * The same error object as a member "error" of the document being built (one
 * device of several failed, the others did not); text: an "error" line.
 */
void out_error_member(int exit_code, const struct prm_err *err);

/*
 * Records: one line each, for streams of millions (trace decode). JSON: an
 * object with "schema" per line; text: the members' values separated by
 * spaces, as the flags say. Written at out_rec_end(); -1 if that failed.
 * Elements of an array have key NULL and take out_rec_arr_flags(). A key is
 * a string of at most 64 bytes that neither moves nor changes while the
 * process runs (a literal): its written form is made once and found again
 * by its address.
 */
enum {
	OUT_REC_NOTEXT = 1 << 0,	/* JSON only */
	OUT_REC_NOJSON = 1 << 1,	/* text only (a value formatted for people) */
	OUT_REC_HEX = 1 << 2,		/* text: 0x... */
	OUT_REC_KV = 1 << 3,		/* text: key=value */
	/*
	 * Decimal values that mostly rise a little from the last one written
	 * with this flag (a clock): out_rec_row writes such a value by adding to
	 * the last one's digits, which are kept. Any value is right.
	 */
	OUT_REC_RISING = 1 << 4,
};
#define OUT_REC_WIDTH(w) (((unsigned)(w) & 0xff) << 8)	/* text: right-aligned */
#define OUT_REC_DIGITS(d) (((unsigned)(d) & 0xff) << 16)	/* text hex: zero-padded */
#define OUT_REC_WIDTH_OF(f) (((f) >> 8) & 0xff)
#define OUT_REC_DIGITS_OF(f) (((f) >> 16) & 0xff)

void out_rec_begin(void);
void out_rec_u64(const char *key, uint64_t v, unsigned flags);
void out_rec_bool(const char *key, bool v, unsigned flags);
void out_rec_null(const char *key, unsigned flags);
void out_rec_str(const char *key, const char *s, unsigned flags);	/* NULL: null / "-" */
void out_rec_strn(const char *key, const char *s, size_t n, unsigned flags);
void out_rec_arr_begin(const char *key, unsigned flags);
void out_rec_arr_end(void);
unsigned out_rec_arr_flags(void);
int out_rec_end(void);
/*
 * Batch mode: finished records wait and go out many to one write, when
 * enough have gathered and at out_rec_flush() (-1 if a write failed), and
 * before any note, warning or error the emitter prints. For a stream read
 * as a whole (trace decode); a live one (health watch) leaves it off, so
 * each record is written at its out_rec_end().
 */
void out_rec_batch(bool on);
int out_rec_flush(void);
/* This thread's records and their buffer; each thread that made records frees its own. */
void out_rec_free(void);
/*
 * Records made on another thread (trace decode's decoder, when it has time):
 * out_rec_hold() there keeps that thread's finished records instead of
 * writing them; out_rec_take() hands them over as bytes (valid until that
 * thread's next record) and forgets them; out_rec_put() writes them, in
 * their place after this thread's records.
 */
void out_rec_hold(void);
const char *out_rec_take(size_t *n);
int out_rec_put(const char *bytes, size_t n);

/*
 * A record's possible members described once as columns (key and flags as
 * for the calls above; keys are literals as there), and then each record
 * written in one call from the values it has, each naming its column, in the
 * order they are written: the same bytes as the calls, for a fraction of the
 * work per member (trace decode writes millions).
 */
struct out_rec_col {
	const char *key;
	unsigned flags;
};

enum out_val_kind {
	OUT_VAL_NULL,		/* out_rec_null() */
	OUT_VAL_U64,		/* out_rec_u64(): u */
	OUT_VAL_BOOL,		/* out_rec_bool(): u != 0 */
	/*
	 * s, n <= OUT_LIT_MAX bytes that print as they are in both modes
	 * (printable ASCII other than " and \: a literal such as a type's name),
	 * copied without a look at each byte. As OUT_VAL_STR of those bytes.
	 */
	OUT_VAL_LIT,
	/* from here on a value's size is its own (out_rec_row reserves it) */
	OUT_VAL_STR,		/* out_rec_strn(): s, n bytes (s NULL: null) */
	OUT_VAL_U32S,		/* an array of n of u32s; element i is null unless bit i of present */
	/*
	 * A string made in place: make(dst, arg) writes at dst, within n bytes,
	 * a string whose every byte is printable ASCII other than " and \ (so
	 * that both modes print it as it is), and returns its length; the
	 * bytes of the n past it are scratch. As OUT_VAL_STR of those bytes.
	 */
	OUT_VAL_MADE,
};
#define OUT_LIT_MAX 16

struct out_rec_val {
	uint8_t col;		/* its index in the shape's columns */
	uint8_t kind;		/* enum out_val_kind */
	uint32_t n;
	uint32_t present;
	union {
		uint64_t u;
		const char *s;
		const uint32_t *u32s;
		struct {
			size_t (*make)(char *dst, const void *arg);
			const void *arg;
		};
	};
};

struct out_rec_shape;
/* At most 256 columns; NULL when memory ran out. The columns are copied, their keys are not. */
struct out_rec_shape *out_rec_shape_new(const struct out_rec_col *cols, unsigned n);
/* One record of n values. As out_rec_end() after the calls. */
int out_rec_row(struct out_rec_shape *shape, const struct out_rec_val *vals, unsigned n);
/* Is column col written in the output mode set now? A row may leave out those that are not. */
bool out_rec_shown(struct out_rec_shape *shape, unsigned col);
void out_rec_shape_free(struct out_rec_shape *shape);

#endif
