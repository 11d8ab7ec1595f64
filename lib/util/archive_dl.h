/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_ARCHIVE_DL_H
#define PRMCTL_UTIL_ARCHIVE_DL_H

/*
 * libarchive, loaded when a bundle is first written or read instead of
 * linked (lib/util/dl.h): it brings a dozen libraries (libxml2, ICU,
 * libstdc++, the compressors) whose loading cost every prmctl run, most of
 * which never touches a tarball, about 5 ms of start-up.
 */
#include <archive.h>
#include <archive_entry.h>

#include "lib/util/dl.h"

/* the run-time name (Debian's libarchive13); libarchive.so is only in -dev */
#define ARCHIVE_DL_SONAME "libarchive.so.13"

/* the functions prmctl calls */
#define ARCHIVE_DL_FUNCS(X)                                                              \
	X(archive_errno) X(archive_error_string)                                         \
	X(archive_write_new) X(archive_write_set_format_pax_restricted)                  \
	X(archive_write_add_filter_gzip) X(archive_write_open_filename)                  \
	X(archive_write_header) X(archive_write_data) X(archive_write_close)             \
	X(archive_write_free)                                                            \
	X(archive_read_new) X(archive_read_support_filter_all)                           \
	X(archive_read_support_format_tar) X(archive_read_open_filename)                  \
	X(archive_read_next_header) X(archive_read_data) X(archive_read_free)            \
	X(archive_entry_new) X(archive_entry_free) X(archive_entry_set_pathname)         \
	X(archive_entry_set_size) X(archive_entry_set_filetype) X(archive_entry_set_perm) \
	X(archive_entry_set_mtime) X(archive_entry_size) X(archive_entry_filetype)       \
	X(archive_entry_pathname)

struct archive_dl DL_TABLE(ARCHIVE_DL_FUNCS);

/* the loader of table from soname (tests name others) */
#define ARCHIVE_DL_LIB(table, soname)                                                    \
	DL_LIB(table, "libarchive", soname, "libarchive13",                               \
	       "tarballs are written and read through libarchive", ARCHIVE_DL_FUNCS)

#endif
