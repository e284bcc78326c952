/*
 * zoo/ext/text.h — the "zoo.text/1" extension of an adapter or a reporter (C11).
 *
 * Every text a plugin gives the report is English: the entry's description, caliber notes and
 * drive level, and the descriptions and off states of its zoo.semantics/1 items. Through this
 * extension a plugin hands the same texts over in other languages, one table per language
 * (a BCP 47 tag: "zh", "zh-Hant", "ja", ...). The English ABI fields stay the source and the
 * fallback: a key a language's table does not give is printed in English, marked as such.
 * zoo-host copies every table into the run's archive, so a report in any language is
 * rendered from the archive alone.
 *
 * Found through zoo_adapter_entry.get_extension(ZOO_EXT_TEXT) or, for a reporter,
 * zoo_reporter_entry.get_extension (reporter ABI 1.2). The tables are static: owned by the
 * plugin, valid while it is loaded, read once when the host loads the plugin. [any-thread]
 * The conventions of zoo/adapter.h apply (struct_size first, structs grow by appending).
 *
 * Keys (anything else is kept in the archive but not printed):
 *   "description"                    the entry's description (adapters and reporters)
 *   "caliber_notes", "drive_level"   the adapter entry's fields of those names
 *   "semantics.NAME.description"     the description of zoo.semantics/1 item NAME
 *   "semantics.NAME.off_state"       its off_state
 *   "native.NAME.description"        the description of zoo.native/1 form NAME
 *   "layers.NAME.description"        the description of zoo.layers/1 layer NAME
 * Kinds, layers and units stay identifiers: the reporters translate the ones they know and
 * print the others as code. A table for "en" is not allowed: English is the ABI fields.
 */
#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ZOO_EXT_TEXT "zoo.text/1"

/* One text in one language. Both strings are UTF-8, NUL-terminated, non-empty. */
typedef struct zoo_text_string {
  const char *key;  /* one of the keys above */
  const char *text; /* the text in the table's language */
} zoo_text_string_t;

/* The texts of one language. */
typedef struct zoo_text_language {
  uint32_t struct_size;  /* sizeof(zoo_text_language_t) as the plugin knows it */
  uint32_t string_count;
  /* BCP 47 tag: a 2-3 letter primary language subtag, then optional subtags of letters and
   * digits, '-' separated ("zh", "zh-Hans", "pt-BR"). Each tag at most once per plugin. */
  const char *language;
  const zoo_text_string_t *strings; /* `string_count` strings, each key at most once */
} zoo_text_language_t;

typedef struct zoo_text_extension {
  uint32_t struct_size; /* sizeof(zoo_text_extension_t) as the plugin knows it */
  uint32_t language_count;
  /* `language_count` pointers, so that zoo_text_language_t can grow without moving the next
   * table. */
  const zoo_text_language_t *const *languages;
} zoo_text_extension_t;

#ifdef __cplusplus
}
#endif
