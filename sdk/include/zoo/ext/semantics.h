/*
 * zoo/ext/semantics.h — the "zoo.semantics/1" extension of an adapter (C11, ABI 1.0).
 *
 * A framework with scheduling semantics (priorities, timeouts, retries, ...) exposes them as a
 * list of items, each with a clean off and on switch, so the host can price each one: the same
 * workload with every item off, then with each item on alone; the difference per task is that
 * item's cost. This is an internal switch comparison, never a comparison with baselines (a bare
 * thread has no priority or retry).
 *
 * Found through zoo_adapter_entry.get_extension(ZOO_EXT_SEMANTICS); the table is static.
 * The conventions of zoo/adapter.h apply (struct_size first, brackets say where a call is valid).
 */
#pragma once
#include <stdint.h>

#include "zoo/adapter.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZOO_EXT_SEMANTICS "zoo.semantics/1"

/* What the host can verify about an item by behaviour before it prices it. */
#define ZOO_SEMANTICS_CHECK_NONE 0
/* A per-task timeout: with the item on and `value` set to a timeout T (ns), a task whose body
 * runs much longer than T must leave the in-flight table (in_flight() drops) near T, not at the
 * body's end. The host runs one such task before it prices the item. */
#define ZOO_SEMANTICS_CHECK_TIMEOUT 1

typedef struct zoo_semantics_item {
  uint32_t struct_size;  /* sizeof(zoo_semantics_item_t) as the plugin knows it */
  uint32_t check;        /* ZOO_SEMANTICS_CHECK_* */
  /* Short identifier: lowercase letters, digits and '_', e.g. "priority". */
  const char *name;
  /* The layer of the framework the item lives in, e.g. "dispatch", "queue", "supervision". */
  const char *layer;
  /* One line: what the item does when on. */
  const char *description;
  /* 1: off removes the item's work from the task path (the off state is clean); 0: it does
   * not, and the host drops the item from pricing, quoting `off_state`. */
  int32_t has_clean_off;
  uint32_t reserved0;
  /* What "off" means for this item, or why there is no clean off state. */
  const char *off_state;
  /* The item's parameter when on (e.g. a timeout in ns, a retry count); `value_unit` says what
   * it is ("ns", "attempts", "" for none). The host prices the item at `default_value`. */
  const char *value_unit;
  int64_t default_value;
} zoo_semantics_item_t;

typedef struct zoo_semantics_extension {
  uint32_t struct_size;  /* sizeof(zoo_semantics_extension_t) as the plugin knows it */
  uint32_t item_count;
  /* `item_count` pointers to items, static, valid while the plugin is loaded. Pointers, not
   * an array of structs, so that an item can grow (struct_size) without moving the next one.
   * [any-thread] */
  const zoo_semantics_item_t *const *items;
  /* Switches item `index` on (with `value`) or off (`value` is ignored). After setup() every
   * item is off, except one without a clean off state, which may refuse on == 0. Returns
   * ZOO_STATUS_INVALID_ARGUMENT for an unknown index or a value the item cannot take, and
   * ZOO_STATUS_FAILED_PRECONDITION when called with tasks in flight.
   * [control-thread][after setup, nothing in flight] */
  zoo_status_t (*set_item)(zoo_adapter_state_t *state, uint32_t index, int32_t on,
                           int64_t value);
  /* How many tasks the framework's in-flight table holds right now (submitted, neither
   * completed nor given up on). What the timeout check watches. [control-thread][after setup] */
  uint32_t (*in_flight)(const zoo_adapter_state_t *state);
} zoo_semantics_extension_t;

#ifdef __cplusplus
}
#endif
