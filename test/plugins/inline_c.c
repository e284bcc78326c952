/* inline_c: see inline_c.h. */
#include "inline_c.h"

#include <stddef.h>
#include <stdlib.h>

struct zoo_adapter_state {
  unsigned long long submitted;
};

/* error_text(NULL): the last failed setup() or teardown() on this thread. */
static _Thread_local const char *last_error = "";

zoo_status_t inline_c_setup(const zoo_host_t *host, const zoo_config_t *config,
                            zoo_adapter_state_t **state) {
  if (state == NULL) return ZOO_STATUS_INVALID_ARGUMENT;
  *state = NULL;
  if (host == NULL || config == NULL) {
    last_error = "setup was called without a host or a configuration.";
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  if (config->options != NULL && config->options[0] != '\0') {
    last_error = "This adapter takes no options.";
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  zoo_adapter_state_t *s = calloc(1, sizeof *s);
  if (s == NULL) {
    last_error = "Out of memory.";
    return ZOO_STATUS_RESOURCE_EXHAUSTED;
  }
  last_error = "";
  *state = s;
  return ZOO_STATUS_OK;
}

zoo_status_t inline_c_submit(zoo_adapter_state_t *state, const zoo_task_t *task) {
  ++state->submitted;
  task->run(task);
  return ZOO_STATUS_OK;
}

zoo_status_t inline_c_drain(zoo_adapter_state_t *state) {
  (void)state;
  return ZOO_STATUS_OK;
}

zoo_status_t inline_c_teardown(zoo_adapter_state_t *state) {
  free(state);
  last_error = "";
  return ZOO_STATUS_OK;
}

const char *inline_c_error_text(const zoo_adapter_state_t *state) {
  return state == NULL ? last_error : "";
}
